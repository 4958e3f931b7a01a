// The build's static files (`/_next/static/…`: scripts, styles, fonts; immutable, each name carries
// its content's hash), served by sirv from copies compressed once: brotli at its best quality for
// browsers (about a seventh smaller than the gzip Next.js makes again on every request), gzip at
// its best for the others (Varnish asks for gzip). The build writes the copies (next.config.ts,
// `compiler.runAfterProductionCompile`); scripts/serve.ts writes any still missing before it listens.
// Anything that is not one of the build's files (a 404 included) stays Next.js's. It runs outside
// the app's bundles (Node strips its types).

import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import sirv from 'sirv';
import { pageEncodingFor } from './front-cache.ts';

/** Where the build's static files are answered, and where they are in the build's folder. */
const URL_PREFIX = '/_next/static/';
export const staticDirOf = (distDir: string) => path.join(distDir, 'static');

/** Files worth compressing (text); fonts and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|txt|map)$/;
/** Encodings written beside each file, with the extension sirv looks for. */
const ENCODINGS = [
  { extension: '.br', compress: promisify(brotliCompress), options: (size: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size } }) },
  { extension: '.gz', compress: promisify(gzip), options: () => ({ level: constants.Z_BEST_COMPRESSION }) },
] as const;

const modifiedAt = (file: string) => stat(file).then((stats) => stats.mtimeMs, () => null);

/**
 * Writes `name.br` and `name.gz` beside every compressible file of `dir` that has no copy as recent
 * as itself (each written to a temporary name and renamed, so instances starting together never
 * serve half a file). Returns how many copies it wrote.
 */
export async function precompressStaticFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
  const written = await Promise.all(
    files.flatMap((file) =>
      ENCODINGS.map(async ({ extension, compress, options }) => {
        const target = file + extension;
        const [source, copy] = await Promise.all([modifiedAt(file), modifiedAt(target)]);
        if (source === null || (copy !== null && copy >= source)) return 0;
        const bytes = await readFile(file);
        const compressed = await compress(bytes, options(bytes.length));
        const temporary = `${target}.${process.pid}.tmp`;
        await writeFile(temporary, compressed);
        await rename(temporary, target);
        return 1;
      }),
    ),
  );
  return written.reduce<number>((sum, count) => sum + count, 0);
}

export type StaticFiles = (req: IncomingMessage, res: ServerResponse, otherwise: () => void) => void;

/**
 * Answers GET and HEAD of the build's static files from `dir` (its listing is read once: a build's
 * files never change under a running server), with `headers` (the security headers next.config.ts
 * gives every static file) and a year's immutable Cache-Control; anything else goes to `otherwise`.
 */
export function createStaticFiles(dir: string, headers: readonly { key: string; value: string }[]): StaticFiles {
  const serveFile = sirv(dir, {
    dev: false,
    brotli: true,
    gzip: true,
    // Only the exact file: no `.html` guesses, no directory index, no dotfiles.
    extensions: [],
    dotfiles: false,
    maxAge: 31_536_000,
    immutable: true,
    setHeaders: (res) => {
      for (const { key, value } of headers) res.setHeader(key, value);
    },
  });
  return (req, res, otherwise) => {
    const url = req.url ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith(URL_PREFIX)) return otherwise();
    // sirv reads the path from `url`: the request as seen from the static folder. It picks the copy
    // by substring, so it is handed the one encoding the front would choose (a `q=0` refuses one).
    const encoding = pageEncodingFor(req.headers['accept-encoding'] ?? '');
    const inFolder = { url: url.slice(URL_PREFIX.length - 1), headers: { ...req.headers, 'accept-encoding': encoding } } as IncomingMessage;
    serveFile(inFolder, res, otherwise);
  };
}
