// Response headers in which Next.js names the app's internal routes (the proxy's rewrite to
// `/en/cached/USD-fallback/trip/…`, the middleware's other instructions): they are the server's
// business, never a client's, and scripts/serve.ts removes them from every answer as its head is
// written. The front and the cache policy still read the rewrite's internal path: it is remembered
// per response before it is removed. It runs outside the app's bundles (Node strips its types).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { beforeHead } from './before-head.ts';

/** Where Next.js names the internal path a request was rewritten to. */
export const REWRITE_HEADER = 'x-middleware-rewrite';

/**
 * The headers the App Router's own client reads from a flight (RSC) answer to parse the route
 * params of a rewritten page (next/dist/client/route-params.js getRenderedPathname): kept on those
 * answers only, which Next.js alone sets them on. The same internal segments are in every page's
 * flight data (its route tree): hiding them there would break client navigations and hide nothing.
 */
const FLIGHT_ONLY = new Set(['x-nextjs-rewritten-path', 'x-nextjs-rewritten-query']);

/** x-middleware-* (rewrite, next, set-cookie, override-headers, …) and the data-request rewrite. */
const isInternal = (name: string, flight: boolean) => {
  const lower = name.toLowerCase();
  return lower.startsWith('x-middleware-') || lower === 'x-nextjs-rewrite' || (!flight && FLIGHT_ONLY.has(lower));
};

const internalPaths = new WeakMap<ServerResponse, string>();

const text = (value: unknown): string => (Array.isArray(value) ? value.join(',') : value === undefined ? '' : String(value));

/** The internal path (with its query) Next.js rewrote this response's request to, '' when none; still known once the header is removed. */
export function internalPathOf(res: ServerResponse): string {
  return internalPaths.get(res) ?? text(res.getHeader(REWRITE_HEADER));
}

/** Removes the internal headers from a response about to be written, remembering its internal path. */
export function hideInternalHeaders(req: IncomingMessage, res: ServerResponse): void {
  const rewrite = res.getHeader(REWRITE_HEADER);
  if (rewrite !== undefined) internalPaths.set(res, text(rewrite));
  const flight = 'rsc' in req.headers;
  for (const name of res.getHeaderNames()) if (isInternal(name, flight)) res.removeHeader(name);
}

/** Hooks the removal into a response: applied as its head is written (lib/server/before-head.ts). */
export function hideInternalHeadersOnHead(req: IncomingMessage, res: ServerResponse): void {
  beforeHead(res, () => hideInternalHeaders(req, res));
}
