// What Next.js answers on request (pages rendered for this visitor, a page's first render, route
// handlers, Server Actions) leaves compressed by the `compression` middleware here instead of by
// Next.js (`compress: false` in next.config.ts): Next.js can only gzip, at zlib's level 6. Brotli at
// quality 3 makes a rendered page 4–7 % smaller than that gzip for about half its CPU (decision
// 0309); gzip stays for clients without brotli (Varnish asks for gzip). Pages cached whole
// and the build's static files never come here: they leave from copies compressed once
// (front-cache.ts, static-files.ts). Streaming is kept: Next.js calls `res.flush()` after each
// chunk, which the middleware adds. It runs outside the app's bundles (Node strips its types).

import compression from 'compression';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';

/** Brotli's quality for answers compressed as they stream (0–11: 11 is for copies made once). */
const STREAMED_BROTLI_QUALITY = 3;

const middleware = compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: STREAMED_BROTLI_QUALITY } } });

/**
 * Compresses what `next` writes on `res` when the request accepts brotli or gzip, the answer is
 * text and at least 1 KB, and its Cache-Control does not say `no-transform`.
 */
export function compressAnswer(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  // The middleware's types are Express's; it reads and wraps only Node's request and response.
  middleware(req as never, res as never, () => next());
}
