// The front of the pages cached whole: scripts/serve.ts asks it before Next.js sees a request. A
// page request that Next.js (through proxy.ts) answered from a page cached whole is remembered under
// what decided that answer: the URL, the visitor's currency choice (lib/money/currency-cookie.ts,
// the proxy's own reader) and, when the currency came from the visitor's country, the headers the
// country is read from. The next identical request is answered here with the same headers and the
// page's current copy in Next.js's page store (lib/cache/page-store.ts), compressed (brotli, else
// gzip) once per copy, without the proxy, the router or a web Response.
// Only while that copy is fresh (within its revalidate time, no tag expired since): otherwise the
// request goes to Next.js, which renders or revalidates, and its answer is remembered again.
// Bounded: the front keeps headers and a copy's version, never a page's body (the page store holds
// those, within its own budget), in a byte-budgeted LRU; and it only remembers a request whose URL
// and cookie name its variant exactly (see canonicalQuery), so no query string or cookie value
// outside the closed lists creates an entry. It runs outside the bundles (Node strips its types).

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { byteLru, bytesOf } from '../cache/byte-lru.ts';
import type { PageEncoding } from '../cache/page-store.ts';
import { readCurrencyCookie } from '../money/currency-cookie.ts';
import { internalPathOf } from './internal-headers.ts';

/** Headers of the remembered answer that are the request's own, or the body's, never replayed. */
// The caching headers too: lib/server/http-cache-policy.ts decides them again for each request.
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'etag', 'x-request-id', 'set-cookie', 'cdn-cache-control', 'surrogate-control', 'cache-tag']);
/** Requests that are not a page's first load: client navigations (RSC), prefetches, Server Actions. */
const NOT_A_PAGE_LOAD = ['rsc', 'next-action', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch'];
/** lib/log.ts's rule for a request id given by a proxy in front. */
const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;
/** lib/routing/cached-pages.ts's internal paths: locale, `cached`, the currency segment, the page. */
const CACHED_PATH = /^\/[a-z]{2}\/cached\/([A-Z]{3})-(cookie|country|fallback)(\/[^?#]*)?$/;
/** A request key longer than this (a long URL, long geolocation headers) is never remembered. */
const MAX_KEY_BYTES = 2048;
/** The header that tells a client (and the abuse test) that the front answered. */
export const FRONT_HIT_HEADER = 'x-front-cache';

/** lib/env.ts's defaults of the geolocation headers (this file cannot import it: it runs outside the bundles). */
export const GEOLOCATION_DEFAULTS = { GEO_COUNTRY_HEADERS: '', CLIENT_IP_HEADER: 'x-forwarded-for' };

/** The headers a visitor's country is read from (lib/site-config.ts's geolocationSettings), from the environment. */
export function geolocationHeaders(env: Record<string, string | undefined>): { countryHeaders: string[]; clientIpHeader: string } {
  const countryHeaders = (env.GEO_COUNTRY_HEADERS ?? GEOLOCATION_DEFAULTS.GEO_COUNTRY_HEADERS).split(',');
  const clientIpHeader = env.CLIENT_IP_HEADER?.trim() || GEOLOCATION_DEFAULTS.CLIENT_IP_HEADER;
  return { countryHeaders, clientIpHeader };
}

/**
 * The only query string under which an internal path's page is remembered: what the proxy's
 * rewrite encodes (lib/routing/cached-pages.ts): a trip or guide page's traveller count
 * (`default` is no query), a blog index page's number (1 is no query), a search's canonical
 * query (`all` is no query), nothing for the others.
 * Any other query (an extra parameter, a count the trip does not price, `travellers=03`) is
 * answered by Next.js each time and never creates an entry here.
 */
export function canonicalQuery(internalPath: string): string {
  const page = CACHED_PATH.exec(internalPath)?.[3] ?? '';
  const segments = page.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  if ((segments[0] === 'trip' || segments[0] === 'guide' || segments[0] === 'mountain-guide') && segments.length === 3) {
    return last === 'default' ? '' : `?travellers=${last}`;
  }
  if (segments[0] === 'blog-index' && segments.length === 2) return last === '1' ? '' : `?page=${last}`;
  // A search's segment is its canonical query in base64url (lib/routing/cached-pages.ts searchSegment).
  if (segments[0] === 'search' && segments.length === 2) return last === 'all' ? '' : `?${Buffer.from(last.slice(1), 'base64url').toString('utf8')}`;
  return '';
}

const headerText = (value: string | string[] | number | undefined): string => (Array.isArray(value) ? value.join(',') : String(value ?? ''));

/**
 * The encoding a request's Accept-Encoding takes best of the three the front has: brotli, gzip
 * (`*` included), else none. A coding with `q=0` is refused; other weights do not reorder them
 * (brotli is smaller, and browsers weigh them equally).
 */
export function pageEncodingFor(acceptEncoding: string): PageEncoding {
  const accepted = new Set<string>();
  for (const coding of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = coding.split(';').map((part) => part.trim());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    if (name && !(weight && Number(weight.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') || accepted.has('*') ? 'gzip' : 'identity';
}

/** A remembered answer: the page's internal path, the headers replayed with it, the copy's version. */
type Answer = { internalPath: string; headers: [string, string | string[]][]; version: number };

export interface FrontCacheOptions {
  freshPage: (internalPath: string, encoding: PageEncoding) => { version: number; body: Buffer } | null;
  countryHeaders: string[];
  clientIpHeader: string;
  budgetBytes: number;
}

/** The request's keys (without the country, and with it), its URL and its currency choice. */
type Keys = { url: string; choice: string | null; byCookie: string; byCountry: string };

export function createFrontCache({ freshPage, countryHeaders, clientIpHeader, budgetBytes }: FrontCacheOptions) {
  const answers = byteLru<Answer>(budgetBytes, (answer) => bytesOf(answer.internalPath) + bytesOf(answer.headers) + 64);
  const geoHeaders = [...new Set([...countryHeaders, clientIpHeader].map((name) => name.trim().toLowerCase()).filter(Boolean))];

  /** The request's keys (without the country: the cookie chose the currency; and with it), or null: Next.js's. */
  function keysOf(req: IncomingMessage): Keys | null {
    if (req.method !== 'GET' || NOT_A_PAGE_LOAD.some((name) => name in req.headers)) return null;
    const url = req.url ?? '';
    if (url.includes('_rsc=')) return null;
    const currency = readCurrencyCookie(req.headers.cookie);
    // Readers disagree on which value of a duplicated cookie wins: never shared.
    if (currency.ambiguous) return null;
    const byCookie = `${url}\n${currency.choice ?? ''}`;
    const byCountry = `${byCookie}\n${geoHeaders.map((name) => headerText(req.headers[name])).join('\n')}`;
    if (Buffer.byteLength(byCountry) > MAX_KEY_BYTES) return null;
    return { url, choice: currency.choice, byCookie, byCountry };
  }

  /** Once Next.js has answered: remembers a page it served whole from its cache, when the request names its variant exactly. */
  function remember(keys: Keys, res: ServerResponse): void {
    if (res.statusCode !== 200 || res.hasHeader('set-cookie')) return;
    const rewrite = internalPathOf(res).split('?')[0] ?? '';
    const variant = CACHED_PATH.exec(rewrite);
    const cache = headerText(res.getHeader('x-nextjs-cache'));
    if (!variant || (cache !== 'HIT' && cache !== 'MISS')) return;
    const [, code, source] = variant;
    // The page's currency is the request's choice, or it had none and the currency came from its country.
    if (source === 'cookie' ? keys.choice !== code : keys.choice !== null) return;
    const queryStart = keys.url.indexOf('?');
    const query = queryStart === -1 ? '' : keys.url.slice(queryStart);
    if (query !== canonicalQuery(rewrite)) return;
    const page = freshPage(rewrite, 'identity');
    if (!page) return;
    const headers = Object.entries(res.getHeaders())
      .filter((header): header is [string, string | string[] | number] => header[1] !== undefined && !NOT_REPLAYED.has(header[0].toLowerCase()))
      .map(([name, value]): [string, string | string[]] => [name, typeof value === 'number' ? String(value) : value]);
    answers.set(source === 'cookie' ? keys.byCookie : keys.byCountry, { internalPath: rewrite, headers, version: page.version });
  }

  return {
    /**
     * Answers the request from a remembered page when its copy is still fresh (true). Otherwise
     * (false) it is Next.js's, and Next.js's answer is remembered once sent (its keys are taken now:
     * Next.js rewrites the request's URL and headers as it goes).
     */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      const keys = keysOf(req);
      if (!keys) return false;
      const key = answers.has(keys.byCookie) ? keys.byCookie : keys.byCountry;
      const answer = answers.get(key);
      const encoding = pageEncodingFor(headerText(req.headers['accept-encoding']));
      const page = answer ? freshPage(answer.internalPath, encoding) : null;
      if (!answer || !page || page.version !== answer.version) {
        if (answer) answers.delete(key);
        res.once('finish', () => remember(keys, res));
        return false;
      }
      const body = page.body;
      if (!Buffer.isBuffer(body)) return false;
      const given = headerText(req.headers['x-request-id']);
      const headers: [string, string | string[]][] = [...answer.headers, ['x-nextjs-cache', 'HIT'], [FRONT_HIT_HEADER, 'HIT'], ['x-request-id', INCOMING_ID.test(given) ? given : randomUUID()], ['Content-Length', String(body.length)]];
      if (encoding !== 'identity') headers.push(['Content-Encoding', encoding]);
      // Nothing is set on the response before here: a failure above leaves it whole to Next.js.
      for (const [name, value] of headers) res.setHeader(name, value);
      res.statusCode = 200;
      res.end(body);
      return true;
    },

    get size() {
      return answers.size;
    },

    /** Bytes the remembered answers take (keys, headers and overhead). */
    get bytes() {
      return answers.calculatedSize;
    },
  };
}
