// The front of the pages cached whole: scripts/serve.mjs asks it before Next.js sees a
// request. A page request that Next.js (through proxy.ts) answered from a page cached whole is
// remembered under what decided that answer: the URL, the `currency` cookie and, when the currency
// came from the visitor's country, the headers the country is read from. The next identical request
// is answered here with the same headers and the page's current copy in Next.js's page cache
// (lib/server/page-cache-handler.mjs), gzipped once per copy, without the proxy, the router or a
// web Response: a cached trip page then costs about what the framework's smallest page does.
// Only while that copy is fresh (within its revalidate time, no tag expired since: a guide's edit,
// a new rate, a join, on any instance through Redis): otherwise the request goes to Next.js, which
// renders or revalidates, and its answer is remembered again. Plain ESM: it runs outside the bundles.

import { randomUUID } from 'node:crypto';

/** Headers of the remembered answer that are the request's own, or the body's, never replayed. */
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'etag', 'x-request-id', 'set-cookie']);
/** Requests that are not a page's first load: client navigations (RSC), prefetches, Server Actions. */
const NOT_A_PAGE_LOAD = ['rsc', 'next-action', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch'];
/** lib/log.ts's rule for a request id given by a proxy in front. */
const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const CACHED_SEGMENT = /^\/[a-z]{2}\/cached\/[A-Z]{3}-(cookie|country|fallback)(?:\/|$)/;

/** lib/env.ts's defaults of the geolocation headers (this file cannot import it: it runs outside the bundles). */
export const GEOLOCATION_DEFAULTS = { GEO_COUNTRY_HEADERS: '', CLIENT_IP_HEADER: 'x-forwarded-for' };

/** The headers a visitor's country is read from (lib/site-config.ts's geolocationSettings), from the environment. */
export function geolocationHeaders(env) {
  const countryHeaders = (env.GEO_COUNTRY_HEADERS ?? GEOLOCATION_DEFAULTS.GEO_COUNTRY_HEADERS).split(',');
  const clientIpHeader = env.CLIENT_IP_HEADER?.trim() || GEOLOCATION_DEFAULTS.CLIENT_IP_HEADER;
  return { countryHeaders, clientIpHeader };
}

function cookieValue(header, name) {
  if (typeof header !== 'string') return '';
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index !== -1 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return '';
}

const headerText = (value) => (Array.isArray(value) ? value.join(',') : (value ?? ''));

/**
 * @param {{
 *   freshPage: (internalPath: string) => { html: string; bytes: Buffer; gzip: Buffer } | null;
 *   countryHeaders: string[];
 *   clientIpHeader: string;
 *   maxEntries?: number;
 * }} options
 */
export function createFrontCache({ freshPage, countryHeaders, clientIpHeader, maxEntries = 20_000 }) {
  /** @type {Map<string, { internalPath: string; headers: [string, string | string[]][]; html: string }>} */
  const answers = new Map();
  const geoHeaders = [...new Set([...countryHeaders, clientIpHeader].map((name) => name.trim().toLowerCase()).filter(Boolean))];

  /** The request's keys: without the country (the cookie chose the currency), and with it. */
  function keysOf(req) {
    if (req.method !== 'GET' || NOT_A_PAGE_LOAD.some((name) => name in req.headers)) return null;
    const url = req.url ?? '';
    if (url.includes('_rsc=')) return null;
    const byCookie = `${url}\n${cookieValue(req.headers.cookie, 'currency')}`;
    return { byCookie, byCountry: `${byCookie}\n${geoHeaders.map((name) => headerText(req.headers[name])).join('\n')}` };
  }

  function store(key, answer) {
    answers.delete(key);
    answers.set(key, answer);
    for (const oldest of answers.keys()) {
      if (answers.size <= maxEntries) break;
      answers.delete(oldest);
    }
  }

  /** Once Next.js has answered: remembers a page it served whole from its cache. */
  function remember(keys, res) {
    if (res.statusCode !== 200) return;
    const rewrite = headerText(res.getHeader('x-middleware-rewrite')).split('?')[0];
    const source = CACHED_SEGMENT.exec(rewrite)?.[1];
    const cache = headerText(res.getHeader('x-nextjs-cache'));
    if (!source || (cache !== 'HIT' && cache !== 'MISS') || res.hasHeader('set-cookie')) return;
    const page = freshPage(rewrite);
    if (!page) return;
    const headers = Object.entries(res.getHeaders()).filter(([name, value]) => value !== undefined && !NOT_REPLAYED.has(name.toLowerCase()));
    store(source === 'cookie' ? keys.byCookie : keys.byCountry, { internalPath: rewrite, headers: headers.map(([name, value]) => [name, typeof value === 'number' ? String(value) : value]), html: page.html });
  }

  return {
    /**
     * Answers the request from a remembered page when its copy is still fresh (true). Otherwise
     * (false) it is Next.js's, and Next.js's answer is remembered once sent (its keys are taken now:
     * Next.js rewrites the request's URL and headers as it goes).
     */
    serve(req, res) {
      const keys = keysOf(req);
      if (!keys) return false;
      const key = answers.has(keys.byCookie) ? keys.byCookie : keys.byCountry;
      const answer = answers.get(key);
      const page = answer ? freshPage(answer.internalPath) : null;
      if (!answer || !page || page.html !== answer.html) {
        if (answer) answers.delete(key);
        res.once('finish', () => remember(keys, res));
        return false;
      }
      const gzip = /\bgzip\b/.test(headerText(req.headers['accept-encoding']));
      const body = gzip ? page.gzip : page.bytes;
      if (!Buffer.isBuffer(body)) return false;
      const given = headerText(req.headers['x-request-id']);
      const headers = [...answer.headers, ['x-nextjs-cache', 'HIT'], ['x-request-id', INCOMING_ID.test(given) ? given : randomUUID()], ['Content-Length', String(body.length)]];
      if (gzip) headers.push(['Content-Encoding', 'gzip']);
      // Nothing is set on the response before here: a failure above leaves it whole to Next.js.
      for (const [name, value] of headers) res.setHeader(name, value);
      res.statusCode = 200;
      res.end(body);
      return true;
    },

    get size() {
      return answers.size;
    },
  };
}
