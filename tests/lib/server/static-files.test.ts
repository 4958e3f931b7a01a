import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFiles, precompressStaticFiles } from '@/lib/server/static-files';
import { rawRequest } from '../../support/raw-request';

/** A script of the shape a build writes: long, repetitive text. */
const SCRIPT = `(globalThis.chunks ||= []).push(${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ id: index, name: `module-${index}` })))});\n`;

describe("the build's static files (scripts/serve.ts)", () => {
  let dir: string;
  let server: Server;
  let origin: string;
  let toNext = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cordee-static-'));
    await mkdir(path.join(dir, 'chunks'), { recursive: true });
    await mkdir(path.join(dir, 'media'), { recursive: true });
    await writeFile(path.join(dir, 'chunks', 'app.js'), SCRIPT);
    await writeFile(path.join(dir, 'chunks', 'site.css'), 'body{margin:0}'.repeat(200));
    await writeFile(path.join(dir, 'media', 'font.woff2'), Buffer.from('wOF2 not really a font'));
    await writeFile(path.join(dir, '..', `${path.basename(dir)}-secret.txt`), 'outside the folder');
    expect(await precompressStaticFiles(dir)).toBe(4);
    const serveStatic = createStaticFiles(dir, [{ key: 'X-Content-Type-Options', value: 'nosniff' }]);
    server = createServer((req, res) =>
      serveStatic(req, res, () => {
        toNext += 1;
        res.statusCode = 404;
        res.end('next');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(`${dir}-secret.txt`, { force: true });
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(`${origin}${url}`, headers, method);


  it('writes brotli and gzip copies of text files only, once per version of a file', async () => {
    const script = path.join(dir, 'chunks', 'app.js');
    expect(brotliDecompressSync(await readFile(`${script}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(await readFile(`${script}.gz`)).toString()).toBe(SCRIPT);
    await expect(stat(path.join(dir, 'media', 'font.woff2.br'))).rejects.toThrow();
    expect(await precompressStaticFiles(dir)).toBe(0);
    // A file newer than its copies (a build over an old folder) gets new ones.
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(dir, 'chunks', 'site.css'), later, later);
    expect(await precompressStaticFiles(dir)).toBe(2);
  });

  it('answers brotli to a browser, gzip to a client of gzip only or refusing brotli, the file itself otherwise', async () => {
    const brotli = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(SCRIPT);
    expect(brotli.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['vary']).toBe('Accept-Encoding');
    expect(brotli.headers['cache-control']).toBe('public,max-age=31536000,immutable');
    expect(brotli.headers['x-content-type-options']).toBe('nosniff');

    const gzipped = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);

    // An encoding refused with q=0 is not sent.
    const refused = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const none = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();

    const plain = await get('/_next/static/chunks/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);

    const head = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect([head.status, head.body.length, head.headers['content-encoding']]).toEqual([200, 0, 'br']);
  });

  it('leaves to Next.js what is not a file of the folder, another method, and any way out of it', async () => {
    const before = toNext;
    for (const url of ['/_next/static/chunks/missing.js', '/_next/static/chunks/', '/_next/static/chunks/app.js/x', '/about', '/_next/image?url=x', `/_next/static/../${path.basename(dir)}-secret.txt`, `/_next/static/%2e%2e/${path.basename(dir)}-secret.txt`]) {
      const answer = await get(url, { 'accept-encoding': 'br' });
      expect([url, answer.status, answer.body.toString()]).toEqual([url, 404, 'next']);
    }
    expect((await get('/_next/static/chunks/app.js', {}, 'POST')).body.toString()).toBe('next');
    expect(toNext - before).toBe(8);
  });
});
