// The last guard of scripts/serve.ts: an answer that reaches the socket without a
// Content-Security-Policy (an error while rendering a page cached whole, whose policy would have
// come with its stored copy) gets one that runs no inline script and loads only from this origin.
// Every other answer already carries its own (proxy.ts, the page store, next.config.ts). It runs
// outside the bundles (Node strips its types).

import type { ServerResponse } from 'node:http';

export const FALLBACK_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * Makes sure the response's head carries a Content-Security-Policy when it is written.
 */
export function ensureContentSecurityPolicy(res: ServerResponse): void {
  const writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  // Node's res.write and res.end call this.writeHead when the head was not written yet.
  res.writeHead = function writeHeadWithPolicy(this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent && !this.hasHeader('content-security-policy') && !namesPolicy(args)) this.setHeader('Content-Security-Policy', FALLBACK_CONTENT_SECURITY_POLICY);
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}

/** Whether writeHead's own headers (an object or a flat [name, value, …] list) hold a policy. */
function namesPolicy(args: unknown[]): boolean {
  const headers = args.find((arg): arg is object => arg !== null && typeof arg === 'object');
  if (!headers) return false;
  if (Array.isArray(headers)) return headers.some((entry, index) => index % 2 === 0 && String(entry).toLowerCase() === 'content-security-policy');
  return Object.keys(headers).some((name) => name.toLowerCase() === 'content-security-policy');
}
