// What a response says about its cacheability, in HTTP's own terms (decision 0151). A page cached
// whole is the same for every visitor of one locale and currency: its key is the path plus the
// normalized currency (the `currency` cookie's choice, else the country's currency, else USD), which
// a cache in front (Varnish's deploy/varnish/cordee.vcl, a CDN) derives into the request header
// EDGE_CURRENCY_HEADER. When that header names the page's own currency, the answer carries targeted
// cache control (RFC 9213 CDN-Cache-Control, and Surrogate-Control) and its entity tags (Cache-Tag,
// the tags of lib/server/cache-tags.ts); browsers and unknown proxies keep the private
// Cache-Control. Anything with a session, a form answer or a Server Action is `private, no-store`.
// scripts/serve.ts applies it outside the app's bundles (Node strips its types; relative imports carry `.ts`).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { cookieValues, readCurrencyCookie } from '../money/currency-cookie.ts';
import { beforeHead } from './before-head.ts';
import { canonicalQuery } from './front-cache.ts';
import { internalPathOf, REWRITE_HEADER } from './internal-headers.ts';

/** The request header in which the cache in front names the currency it keyed the request under. */
export const EDGE_CURRENCY_HEADER = 'x-cordee-currency';
/** The response header listing a shareable page's tags, comma-separated (Cloudflare's name; the VCL copies it into xkey). */
export const CACHE_TAG_HEADER = 'cache-tag';
/** The headers only a cache that knows the key obeys (RFC 9213 and its Fastly/Akamai predecessor). */
export const TARGETED_HEADERS = Object.freeze(['cdn-cache-control', 'surrogate-control']);
/** How long a shared cache keeps a page (seconds; tag purges end it sooner), and serves it stale while it refetches. */
export const SHARED_MAX_AGE_S = 300;
export const STALE_WHILE_REVALIDATE_S = 30;
export const SHARED_CACHE_CONTROL = `max-age=${SHARED_MAX_AGE_S}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
/** Browsers never keep a page: the same URL shows each visitor's currency. */
export const BROWSER_PAGE_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';
/** Signed-in pages, form answers, Server Actions. */
export const PRIVATE_NO_STORE = 'private, no-store';
/** lib/auth/tokens.ts's session cookie (that module needs the app's bundles: server-only, env). */
export const SESSION_COOKIE = 'cordee_session';

/** lib/routing/cached-pages.ts's internal paths: locale, `cached`, the currency segment, the page. */
const CACHED_PATH = /^\/[a-z]{2}\/cached\/([A-Z]{3})-(?:cookie|country|fallback)(?:\/|$)/;
/** Requests that are not a page's first load: their answer depends on headers no key holds. */
const NOT_A_PAGE_LOAD = ['rsc', 'next-action', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch'];
/** Next.js's implicit tags (paths), not entities: a cache in front purges by entity. */
const IMPLICIT_TAG = /^_N_T_/;
/** At most this many tags, and this many bytes of them, go in the header (a proxy's header limits). */
const MAX_TAGS = 64;
const MAX_TAG_BYTES = 2048;

/** A trip photo's derivative (`app/media/photos/[token]/[file]`): its URL never names other bytes. */
const PHOTO_PATH = /^\/media\/photos\/([A-Za-z0-9_-]{10,64})\/[0-9]{1,5}\.(?:avif|webp)$/;
/** How long a cache in front keeps a public photo: a year, as browsers do (a purge ends it sooner). */
export const PHOTO_SHARED_CACHE_CONTROL = 'max-age=31536000';

/**
 * The cache tag of one stored photo (`photos/{token}`, or its bare token), for Cache-Tag and the
 * purge when its trip is unpublished or it is deleted: the token's bytes in hex, as tags are
 * lower-case (`entityTags`).
 */
export function photoCacheTag(storageKeyOrToken: string): string {
  const token = storageKeyOrToken.replace(/^photos\//, '');
  return `photo-${Buffer.from(token, 'base64url').toString('hex')}`;
}

/** The tags of a page's fresh copy in the page store, or null. */
export type PageTags = (internalPath: string) => string[] | null;

/** One answer, as the policy reads it. `url`: the request URL as received (path and query): only the canonical one is shared. */
export interface CacheAnswer {
  method: string;
  url?: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  status: number;
  responseHeaders: Record<string, unknown>;
  pageTags: PageTags;
}

export type CachePolicy = { cacheControl?: string; shared?: { control: string; tags: string } };

const text = (value: unknown): string => (Array.isArray(value) ? value.join(',') : value === undefined ? '' : String(value));

/** Whether the request carries a session cookie (any value: the app decides whether it is valid). */
export function hasSession(cookieHeader: string | string[] | null | undefined): boolean {
  if (Array.isArray(cookieHeader)) cookieHeader = cookieHeader.join('; ');
  return cookieValues(cookieHeader, SESSION_COOKIE).length > 0;
}

/** The entity tags of a page, for CACHE_TAG_HEADER; null when there are none or too many to name. */
export function entityTags(tags: readonly unknown[]): string | null {
  const entities = [...new Set(tags.filter((tag): tag is string => typeof tag === 'string' && /^[a-z0-9-]+$/.test(tag) && !IMPLICIT_TAG.test(tag)))];
  if (entities.length === 0 || entities.length > MAX_TAGS) return null;
  const header = entities.join(',');
  return Buffer.byteLength(header) > MAX_TAG_BYTES ? null : header;
}

/**
 * The caching headers of one answer, decided once its status and headers are known:
 * `{ cacheControl?, shared?: { control, tags } }`. `cacheControl` replaces the answer's own when set;
 * `shared` is present only for a page every visitor of its key may get from a shared cache.
 */
export function cachePolicy({ method, url = '', requestHeaders, status, responseHeaders, pageTags }: CacheAnswer): CachePolicy {
  const contentType = text(responseHeaders['content-type']);
  const isDocument = /^text\/(?:html|x-component)\b/.test(contentType);
  // Form answers and Server Actions (they may carry one visitor's data), whatever their type.
  if ((method !== 'GET' && method !== 'HEAD') || 'next-action' in requestHeaders) return { cacheControl: PRIVATE_NO_STORE };
  // A signed-in visitor's page: never kept anywhere. (Static files stay cacheable: they are everyone's.)
  if (hasSession(text(requestHeaders.cookie))) return isDocument ? { cacheControl: PRIVATE_NO_STORE } : {};
  if (status !== 200 || 'set-cookie' in responseHeaders) return {};
  // A public photo (the route said so: immutable) is the same for every visitor and currency; shared under its own tag.
  const photo = PHOTO_PATH.exec(url);
  if (photo) return /\bimmutable\b/.test(text(responseHeaders['cache-control'])) ? { shared: { control: PHOTO_SHARED_CACHE_CONTROL, tags: photoCacheTag(photo[1]!) } } : {};
  if (!isDocument) return {};
  if (NOT_A_PAGE_LOAD.some((name) => name in requestHeaders)) return {};
  const internalPath = text(responseHeaders[REWRITE_HEADER]).split('?')[0] ?? '';
  const page = CACHED_PATH.exec(internalPath);
  if (!page) return {};
  // Only the URL that names its variant exactly (the front's rule): a random parameter or a count the
  // trip does not price would give every cache in front one more copy of the same page.
  const queryStart = url.indexOf('?');
  if ((queryStart === -1 ? '' : url.slice(queryStart)) !== canonicalQuery(internalPath)) return {};
  // The cache in front keyed this request under this currency, and the page shows that currency.
  const edgeCurrency = text(requestHeaders[EDGE_CURRENCY_HEADER]).trim().toUpperCase();
  const currency = readCurrencyCookie(text(requestHeaders.cookie));
  if (edgeCurrency !== page[1] || currency.ambiguous) return {};
  const tags = pageTags(internalPath);
  const tagHeader = tags ? entityTags(tags) : null;
  // A page whose tags are not known yet (its first render) could not be purged: not shared.
  if (tagHeader === null) return {};
  return { shared: { control: SHARED_CACHE_CONTROL, tags: tagHeader } };
}

/**
 * Applies the policy to a Node response just before its head is written (scripts/serve.ts hooks
 * `writeHead`, which Node also calls for an implicit head): targeted headers from anywhere else
 * (a remembered answer, the app) are removed first, so only this rule sets them.
 */
export function applyCachePolicy(req: IncomingMessage, res: ServerResponse, pageTags: PageTags): void {
  for (const name of [...TARGETED_HEADERS, CACHE_TAG_HEADER]) res.removeHeader(name);
  // The rewrite's internal path even once lib/server/internal-headers.ts has hidden its header.
  const responseHeaders = { ...res.getHeaders(), [REWRITE_HEADER]: internalPathOf(res) };
  const policy = cachePolicy({ method: req.method ?? 'GET', url: req.url ?? '', requestHeaders: req.headers, status: res.statusCode, responseHeaders, pageTags });
  if (policy.cacheControl) res.setHeader('cache-control', policy.cacheControl);
  if (policy.shared) {
    for (const name of TARGETED_HEADERS) res.setHeader(name, policy.shared.control);
    res.setHeader(CACHE_TAG_HEADER, policy.shared.tags);
  }
}

/** Hooks the policy into a response: applied once, as its head is written (lib/server/before-head.ts). */
export function cachePolicyOnHead(req: IncomingMessage, res: ServerResponse, pageTags: PageTags): void {
  beforeHead(res, () => {
    try {
      applyCachePolicy(req, res, pageTags);
    } catch (error) {
      // Never cacheable by mistake: without a decision the answer stays private.
      for (const name of [...TARGETED_HEADERS, CACHE_TAG_HEADER]) res.removeHeader(name);
      console.error('cache policy:', error);
    }
  });
}
