import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE as APP_SESSION_COOKIE } from '@/lib/auth/tokens';
import { cacheTags } from '@/lib/server/cache-tags';
import {
  BROWSER_PAGE_CACHE_CONTROL,
  cachePolicy,
  cachePolicyOnHead,
  entityTags,
  PHOTO_SHARED_CACHE_CONTROL,
  photoCacheTag,
  PRIVATE_NO_STORE,
  SESSION_COOKIE,
  SHARED_CACHE_CONTROL,
} from '@/lib/server/http-cache-policy';
import { rawRequest } from '../../support/raw-request';

const tripPage = '/fr/cached/EUR-cookie/trip/tour-du-mont-blanc/default';
const pageTags = (path: string) => (path === tripPage || path.startsWith('/en/cached/USD-fallback/') ? ['_N_T_/layout', 'trip-7', 'guide-2', 'catalogue'] : null);
const html = { 'content-type': 'text/html; charset=utf-8', 'x-middleware-rewrite': tripPage, 'cache-control': BROWSER_PAGE_CACHE_CONTROL };
const policy = (request: Record<string, string>, response: Record<string, unknown> = html, method = 'GET', status = 200, url = '/fr/trip/tour-du-mont-blanc') =>
  cachePolicy({ method, url, requestHeaders: request, status, responseHeaders: response, pageTags });

describe('cacheability of an answer (decision 0151)', () => {
  it('shares a page cached whole with the cache in front that keyed it under the page’s currency, naming its entities', () => {
    expect(policy({ cookie: 'currency=EUR; _ga=1', 'x-cordee-currency': 'EUR' })).toEqual({
      shared: { control: SHARED_CACHE_CONTROL, tags: 'trip-7,guide-2,catalogue' },
    });
    expect(SHARED_CACHE_CONTROL).toMatch(/^max-age=\d+, stale-while-revalidate=\d+$/);
  });

  it('shares only the URL that names the page’s variant exactly: no other query string makes a copy', () => {
    const edge = { cookie: 'currency=EUR', 'x-cordee-currency': 'EUR' };
    const withTravellers = { ...html, 'x-middleware-rewrite': '/fr/cached/EUR-cookie/trip/tour-du-mont-blanc/4' };
    const shared = { shared: { control: SHARED_CACHE_CONTROL, tags: 'trip-7,guide-2,catalogue' } };
    const tags = (path: string) => (path.startsWith('/fr/cached/EUR-cookie/trip/tour-du-mont-blanc/') ? ['trip-7', 'guide-2', 'catalogue'] : null);
    const at = (url: string, response = withTravellers) => cachePolicy({ method: 'GET', url, requestHeaders: edge, status: 200, responseHeaders: response, pageTags: tags });
    expect(at('/fr/trip/tour-du-mont-blanc?travellers=4')).toEqual(shared);
    expect(at('/fr/trip/tour-du-mont-blanc?travellers=4&utm_source=x')).toEqual({});
    expect(at('/fr/trip/tour-du-mont-blanc?travellers=04')).toEqual({});
    expect(at('/fr/trip/tour-du-mont-blanc?random=1', html)).toEqual({});
    expect(at('/fr/trip/tour-du-mont-blanc', html)).toEqual(shared);
  });

  it('keeps it private for browsers and unknown proxies: no key from the edge, or another currency than the page’s', () => {
    expect(policy({ cookie: 'currency=EUR' })).toEqual({});
    expect(policy({ cookie: 'currency=EUR', 'x-cordee-currency': 'USD' })).toEqual({});
    // A duplicated cookie that disagrees: readers differ on which value wins.
    expect(policy({ cookie: 'currency=EUR; currency=JPY', 'x-cordee-currency': 'EUR' })).toEqual({});
  });

  it('never shares what is not a page cached whole and fresh: other pages, client navigations, errors, new cookies, unknown tags', () => {
    const edge = { 'x-cordee-currency': 'EUR', cookie: 'currency=EUR' };
    expect(policy(edge, { ...html, 'x-middleware-rewrite': '/fr/search' })).toEqual({});
    expect(policy({ ...edge, rsc: '1' })).toEqual({});
    expect(policy(edge, html, 'GET', 404)).toEqual({});
    expect(policy(edge, { ...html, 'set-cookie': 'a=b' })).toEqual({});
    expect(policy(edge, { ...html, 'x-middleware-rewrite': '/fr/cached/EUR-cookie/trip/unrendered/default' })).toEqual({});
  });

  it('makes anything with a session, a form answer or a Server Action private, no-store', () => {
    const edge = { 'x-cordee-currency': 'EUR', cookie: `currency=EUR; ${SESSION_COOKIE}=abc` };
    expect(policy(edge)).toEqual({ cacheControl: PRIVATE_NO_STORE });
    expect(policy({ cookie: `${SESSION_COOKIE}=x` }, { 'content-type': 'text/html', 'cache-control': 'public, max-age=60' })).toEqual({ cacheControl: PRIVATE_NO_STORE });
    expect(policy({ 'next-action': 'abc' }, { 'content-type': 'text/x-component' })).toEqual({ cacheControl: PRIVATE_NO_STORE });
    expect(policy({}, { 'content-type': 'text/html' }, 'POST')).toEqual({ cacheControl: PRIVATE_NO_STORE });
    // A signed-in visitor's static files stay everyone's.
    expect(policy({ cookie: `${SESSION_COOKIE}=x` }, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000, immutable' })).toEqual({});
    expect(SESSION_COOKIE).toBe(APP_SESSION_COOKIE);
  });

  it('shares a public trip photo in every currency under its own tag; a private one (unpublished trip) never', () => {
    const token = 'AbC_-0123456789xyzQWER';
    const photoUrl = `/media/photos/${token}/960.avif`;
    const photo = (cacheControl: string, url = photoUrl, request: Record<string, string> = {}) =>
      cachePolicy({ method: 'GET', url, requestHeaders: request, status: 200, responseHeaders: { 'content-type': 'image/avif', 'cache-control': cacheControl }, pageTags: () => null });
    expect(photo('public, max-age=31536000, immutable')).toEqual({ shared: { control: PHOTO_SHARED_CACHE_CONTROL, tags: photoCacheTag(`photos/${token}`) } });
    expect(photoCacheTag(token)).toBe(photoCacheTag(`photos/${token}`));
    expect(photoCacheTag(token)).toMatch(/^photo-[0-9a-f]+$/);
    expect(entityTags([photoCacheTag(token)])).toBe(photoCacheTag(token));
    expect(photo('private, no-store')).toEqual({});
    expect(photo('public, max-age=31536000, immutable', `${photoUrl}?v=2`)).toEqual({});
    expect(photo('public, max-age=31536000, immutable', photoUrl, { cookie: `${SESSION_COOKIE}=x` })).toEqual({});
  });

  it('names entity tags only (lib/server/cache-tags.ts), within bounds', () => {
    expect(entityTags(['_N_T_/fr/layout', cacheTags.trip(3), cacheTags.catalogue, cacheTags.trip(3)])).toBe('trip-3,catalogue');
    expect(entityTags(['_N_T_/x'])).toBeNull();
    expect(entityTags(Array.from({ length: 65 }, (_, index) => `trip-${index}`))).toBeNull();
  });
});

describe('the policy on a Node response (scripts/serve.ts)', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      cachePolicyOnHead(req, res, pageTags);
      if (req.url === '/object-head') {
        // Headers handed to writeHead itself (the policy still has the last word).
        res.writeHead(200, { 'content-type': 'text/html', 'x-middleware-rewrite': '/en/cached/USD-fallback/p/about', 'cdn-cache-control': 'max-age=9999' });
        res.end('page');
        return;
      }
      res.setHeader('content-type', 'text/html');
      res.setHeader('cache-control', BROWSER_PAGE_CACHE_CONTROL);
      res.setHeader('x-middleware-rewrite', '/en/cached/USD-fallback/p/about');
      res.end('page');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const get = async (path: string, headers: Record<string, string>) => (await rawRequest(`${origin}${path}`, headers)).headers;

  it('adds the targeted headers and tags to an implicit head, for the edge’s key only', async () => {
    const shared = await get('/', { 'x-cordee-currency': 'USD' });
    expect(shared['cdn-cache-control']).toBe(SHARED_CACHE_CONTROL);
    expect(shared['surrogate-control']).toBe(SHARED_CACHE_CONTROL);
    expect(shared['cache-tag']).toBe('trip-7,guide-2,catalogue');
    expect(shared['cache-control']).toBe(BROWSER_PAGE_CACHE_CONTROL);
    const browser = await get('/', {});
    expect(browser['cdn-cache-control']).toBeUndefined();
    expect(browser['cache-tag']).toBeUndefined();
  });

  it('overrides headers given to writeHead: a session removes every shared header', async () => {
    const signedIn = await get('/object-head', { 'x-cordee-currency': 'USD', cookie: `${SESSION_COOKIE}=t` });
    expect(signedIn['cache-control']).toBe(PRIVATE_NO_STORE);
    expect(signedIn['cdn-cache-control']).toBeUndefined();
    const shared = await get('/object-head', { 'x-cordee-currency': 'USD' });
    expect(shared['cdn-cache-control']).toBe(SHARED_CACHE_CONTROL);
  });
});
