// The Content-Security-Policy of a page cached whole: the same HTML goes to every visitor, so no
// per-request nonce can match it; its policy lists instead the SHA-256 of each inline script of the
// stored copy. lib/cache/page-store.ts calls withScriptHashPolicy once per stored copy, and
// Next.js sends a cached page's stored headers with it (on the render that stored it too: Next.js
// hands the same headers object to the cache and to the response), as does the front of
// scripts/serve.ts, which replays them only with the same HTML. Node loads it directly too: relative imports carry `.ts`.

import { createHash } from 'node:crypto';
import { processRegistry } from '../process-registry.ts';

/** Next.js's route of its own 404 page. */
const NOT_FOUND_ROUTE = '/_not-found';

/** Until the app registers its policy: this origin only, no third party. */
const fallbackPolicy = (sources: string[]) =>
  `default-src 'self'; script-src 'self' ${sources.join(' ')}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SOURCE_ATTRIBUTE = /(?:^|\s)src\s*=/i;
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/** Types a browser runs as script (anything else, such as JSON-LD, is data and needs no hash). */
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);

/**
 * The `sha256-…` sources of the inline scripts of an HTML document, in order of first appearance,
 * each once. The text hashed is the script element's text as written (the HTML is React's, which
 * escapes `<` in text and attributes, so a `<script` inside another element cannot be mistaken).
*/
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (SOURCE_ATTRIBUTE.test(attributes ?? '')) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes ?? '');
    if (type && !SCRIPT_TYPES.has((type[1] ?? type[2] ?? type[3] ?? '').trim().toLowerCase())) continue;
    // The HTML parser turns CR LF and lone CR into LF before the browser hashes the text.
    hashes.add(`sha256-${createHash('sha256').update((text ?? '').replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}`);
  }
  return [...hashes];
}

/**
 * The page policy allowing exactly these inline scripts: the one proxy.ts registered for this
 * configuration (its third parties), else this origin only.
 */
export function scriptHashPolicy(hashes: string[]): string {
  const registered = processRegistry().pagePolicy;
  if (typeof registered === 'function') {
    try {
      return registered(hashes);
    } catch {
      // A broken registration falls back to the strictest policy that still runs the page.
    }
  }
  return fallbackPolicy(hashes.map((hash) => `'${hash}'`));
}

/**
 * Puts the Content-Security-Policy of a rendered page's HTML into its stored headers (a page
 * entry of Next.js's cache: `kind` APP_PAGE, `html` a string, status 200). Other entries are left
 * as they are (an error page without a policy gets scripts/serve.ts's strict fallback).
 * `path`: the entry's route path, when known.
 */
export function withScriptHashPolicy<T>(value: T, path: string | null = null): T {
  const page = value as { kind?: unknown; html?: unknown; status?: number; headers?: Record<string, unknown> } | null | undefined;
  if (!page || page.kind !== 'APP_PAGE' || typeof page.html !== 'string' || page.html === '') return value;
  // Only a page's own answer: Next.js's bare 404 (its `/_not-found` route, served for missing files
  // the proxy never sees) keeps next.config.ts's policy, a second one would be enforced too.
  if ((page.status ?? 200) !== 200 || path === NOT_FOUND_ROUTE) return value;
  // Mutated in place: Next.js sends this same object's headers with the render that stores it.
  const headers = (page.headers ??= {});
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-security-policy') delete headers[name];
  headers['content-security-policy'] = scriptHashPolicy(inlineScriptHashes(page.html));
  return value;
}
