import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { NextResponse } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageEncoding } from '@/lib/cache/page-store';
import { canonicalQuery, createFrontCache, FRONT_HIT_HEADER, geolocationHeaders, GEOLOCATION_DEFAULTS, pageEncodingFor } from '@/lib/server/front-cache';
import { cachedPagePath } from '@/lib/routing/cached-pages';
import { hideInternalHeadersOnHead } from '@/lib/server/internal-headers';
import { rawRequest } from '../../support/raw-request';

type Copy = { version: number; bytes: Buffer };
let versions = 0;
const copyOf = (html: string): Copy => ({ version: (versions += 1), bytes: Buffer.from(html) });
const htmlOf = (copy: Copy | undefined) => copy?.bytes.toString();
const encoders: Record<PageEncoding, (bytes: Buffer) => Buffer> = { br: (bytes) => brotliCompressSync(bytes), gzip: (bytes) => gzipSync(bytes), identity: (bytes) => bytes };
/** The page store's answer: the copy in the encoding asked. */
const fresh = (copy: Copy | undefined, encoding: PageEncoding) => (copy ? { version: copy.version, body: encoders[encoding](copy.bytes) } : null);

/**
 * The front in front of a fake of Next.js that answers like proxy.ts + the page store: pages
 * under /trip/ are cached whole (rewritten to their internal path, whose currency comes from the
 * `currency` cookie, else the `cf-ipcountry` header, else the fallback), /search is rendered on
 * each request. Each answer of the fake is counted.
 */
describe('the front of the pages cached whole (scripts/serve.ts)', () => {
  const copies = new Map<string, Copy>();
  let nextAnswers = 0;
  let cacheStatus = 'HIT';
  let extraHeaders: Record<string, string> = {};
  let server: Server;
  let origin: string;
  /** Room for about four remembered answers of this fake (each a few hundred bytes of headers). */
  const budgetBytes = 4 * 900;
  const front = createFrontCache({ freshPage: (path, encoding) => fresh(copies.get(path), encoding), countryHeaders: ['cf-ipcountry'], clientIpHeader: 'x-forwarded-for', budgetBytes });

  /**
   * As Next.js reads a duplicated cookie (the last value wins) and as the proxy clamps the
   * traveller count (this fake's trips take at most 8).
   */
  function internalPath(req: IncomingMessage): string | null {
    const url = new URL(req.url!, 'http://local');
    if (!url.pathname.startsWith('/trip/')) return null;
    const cookie = [...(req.headers.cookie ?? '').matchAll(/(?:^|;)\s*currency=([^;]*)/g)].map((match) => match[1]!.trim()).at(-1);
    const chosen = cookie && /^(EUR|GBP|JPY|USD|CHF)$/.test(cookie) ? cookie : null;
    const country = req.headers['cf-ipcountry'];
    const currency = chosen ? `${chosen}-cookie` : country === 'GB' ? 'GBP-country' : country === 'FR' ? 'EUR-country' : 'USD-fallback';
    const travellers = url.searchParams.get('travellers');
    const count = travellers && /^\d+$/.test(travellers) && Number(travellers) >= 1 ? String(Math.min(Number(travellers), 8)) : 'default';
    return `/en/cached/${currency}${url.pathname}/${count}`;
  }

  function next(req: IncomingMessage, res: ServerResponse) {
    nextAnswers += 1;
    const path = internalPath(req);
    res.setHeader('Content-Security-Policy', "default-src 'self'");
    res.setHeader('x-page-type', path ? 'trip' : 'search');
    res.setHeader('x-request-id', 'from-next-0001');
    for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
    if (path) {
      res.setHeader('x-middleware-rewrite', `${path}?_from=proxy`);
      res.setHeader('x-nextjs-cache', cacheStatus);
    }
    // Next.js rewrites the request as it goes: the front must have taken its keys before.
    req.url = path ?? '/en/search';
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(path ? (htmlOf(copies.get(path)) ?? 'rendered') : 'search results');
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      // As scripts/serve.ts: the internal headers are hidden from every answer, the front still knows the path.
      hideInternalHeadersOnHead(req, res);
      if (!front.serve(req, res)) next(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    cacheStatus = 'HIT';
    extraHeaders = {};
  });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(`${origin}${path}`, headers, method);


  /** How many of these requests Next.js answered. */
  async function answeredByNext(run: () => Promise<unknown>): Promise<number> {
    const before = nextAnswers;
    await run();
    // The front remembers once the response is finished.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return nextAnswers - before;
  }

  it('answers a page Next.js served from its cache with the same headers and the same page, compressed as accepted', async () => {
    copies.set('/en/cached/USD-fallback/trip/eiger/default', copyOf('<h1>Eiger in USD</h1>'));
    let first!: Awaited<ReturnType<typeof get>>;
    expect(await answeredByNext(async () => (first = await get('/trip/eiger')))).toBe(1);
    let second!: Awaited<ReturnType<typeof get>>;
    expect(await answeredByNext(async () => (second = await get('/trip/eiger')))).toBe(0);
    expect(second.body.toString()).toBe('<h1>Eiger in USD</h1>');
    for (const name of ['content-security-policy', 'x-page-type', 'content-type']) expect(second.headers[name], name).toBe(first.headers[name]);
    expect([first.headers['x-middleware-rewrite'], second.headers['x-middleware-rewrite']]).toEqual([undefined, undefined]);
    expect(second.headers['x-nextjs-cache']).toBe('HIT');
    expect(second.headers[FRONT_HIT_HEADER]).toBe('HIT');
    expect(first.headers[FRONT_HIT_HEADER]).toBeUndefined();
    expect(second.headers['content-length']).toBe(String(Buffer.byteLength('<h1>Eiger in USD</h1>')));
    // Each answer has its own request id, or the one a proxy in front gave.
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get('/trip/eiger', { 'x-request-id': 'edge-1234567' })).headers['x-request-id']).toBe('edge-1234567');

    const brotli = await get('/trip/eiger', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe('<h1>Eiger in USD</h1>');
    expect(brotli.headers['content-length']).toBe(String(brotli.body.length));
    const gzipped = await get('/trip/eiger', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe('<h1>Eiger in USD</h1>');
    const refused = await get('/trip/eiger', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe('<h1>Eiger in USD</h1>');
  });

  it('takes brotli, else gzip, else no encoding from Accept-Encoding, never one weighted 0', () => {
    expect(pageEncodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncodingFor('BR;q=0.5, gzip;q=1.0')).toBe('br');
    expect(pageEncodingFor('gzip')).toBe('gzip');
    expect(pageEncodingFor('br;q=0, gzip')).toBe('gzip');
    expect(pageEncodingFor('br;q=0.000, *')).toBe('gzip');
    expect(pageEncodingFor('gzip;q=0, deflate')).toBe('identity');
    expect(pageEncodingFor('')).toBe('identity');
  });

  it('leaves to Next.js a page whose copy changed or is no longer fresh, and remembers its new answer', async () => {
    const path = '/en/cached/USD-fallback/trip/cervin/default';
    copies.set(path, copyOf('old price'));
    await answeredByNext(() => get('/trip/cervin'));
    expect(await answeredByNext(() => get('/trip/cervin'))).toBe(0);
    // A guide changed the price: the page store holds a new copy.
    copies.set(path, copyOf('new price'));
    let answer!: Awaited<ReturnType<typeof get>>;
    expect(await answeredByNext(async () => (answer = await get('/trip/cervin')))).toBe(1);
    expect(answer.body.toString()).toBe('new price');
    expect(await answeredByNext(async () => (answer = await get('/trip/cervin')))).toBe(0);
    expect(answer.body.toString()).toBe('new price');
    // Its tag expired: no fresh copy at all.
    copies.delete(path);
    expect(await answeredByNext(() => get('/trip/cervin'))).toBe(1);
    expect(await answeredByNext(() => get('/trip/cervin'))).toBe(1);
  });

  it("keeps each visitor's currency: by the cookie when it chose, else by the country's headers", async () => {
    copies.set('/en/cached/EUR-cookie/trip/meije/default', copyOf('Meije in EUR (chosen)'));
    copies.set('/en/cached/GBP-country/trip/meije/default', copyOf('Meije in GBP'));
    copies.set('/en/cached/EUR-country/trip/meije/default', copyOf('Meije in EUR (France)'));
    copies.set('/en/cached/USD-fallback/trip/meije/default', copyOf('Meije in USD'));
    await answeredByNext(() => get('/trip/meije', { cookie: 'currency=EUR' }));
    await answeredByNext(() => get('/trip/meije', { 'cf-ipcountry': 'GB' }));
    const bodies = async () => [
      (await get('/trip/meije', { cookie: 'currency=EUR', 'cf-ipcountry': 'GB' })).body.toString(),
      (await get('/trip/meije', { 'cf-ipcountry': 'GB' })).body.toString(),
      (await get('/trip/meije', { 'cf-ipcountry': 'FR' })).body.toString(),
      (await get('/trip/meije')).body.toString(),
    ];
    let seen!: string[];
    // The cookie's answer holds whatever the country; the countries' answers are each their own.
    expect(await answeredByNext(async () => (seen = await bodies()))).toBe(2);
    expect(seen).toEqual(['Meije in EUR (chosen)', 'Meije in GBP', 'Meije in EUR (France)', 'Meije in USD']);
    expect(await answeredByNext(async () => (seen = await bodies()))).toBe(0);
    expect(seen).toEqual(['Meije in EUR (chosen)', 'Meije in GBP', 'Meije in EUR (France)', 'Meije in USD']);
  });

  it('never answers client navigations, prefetches, form posts, HEAD, or pages Next.js rendered or served stale', async () => {
    copies.set('/en/cached/USD-fallback/trip/ecrins/default', copyOf('Écrins'));
    await answeredByNext(() => get('/trip/ecrins'));
    expect(await answeredByNext(() => get('/trip/ecrins?_rsc=1x2y'))).toBe(1);
    for (const header of ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-action']) expect(await answeredByNext(() => get('/trip/ecrins', { [header]: '1' })), header).toBe(1);
    expect(await answeredByNext(() => get('/trip/ecrins', {}, 'POST'))).toBe(1);
    expect(await answeredByNext(() => get('/trip/ecrins', {}, 'HEAD'))).toBe(1);
    // The search is rendered on each request: never remembered.
    await answeredByNext(() => get('/search'));
    expect(await answeredByNext(() => get('/search'))).toBe(1);
    // Served stale (being revalidated), or with a cookie to set: not remembered.
    copies.set('/en/cached/USD-fallback/trip/vignemale/default', copyOf('Vignemale'));
    cacheStatus = 'STALE';
    await answeredByNext(() => get('/trip/vignemale'));
    expect(await answeredByNext(() => get('/trip/vignemale'))).toBe(1);
    cacheStatus = 'HIT';
    copies.set('/en/cached/USD-fallback/trip/vignemale/3', copyOf('Vignemale for 3'));
    extraHeaders = { 'Set-Cookie': 'session=abc' };
    await answeredByNext(() => get('/trip/vignemale?travellers=3'));
    expect(await answeredByNext(() => get('/trip/vignemale?travellers=3'))).toBe(1);
  });

  it('keeps its answers within its byte budget, the least recently used going first', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `lru-${index}`);
    for (const name of names) {
      copies.set(`/en/cached/USD-fallback/trip/${name}/default`, copyOf(name));
      await answeredByNext(() => get(`/trip/${name}`));
    }
    expect(front.bytes).toBeLessThanOrEqual(budgetBytes);
    expect(front.size).toBeGreaterThanOrEqual(2);
    expect(front.size).toBeLessThan(names.length);
    expect(await answeredByNext(() => get(`/trip/${names.at(-1)}`))).toBe(0);
    expect(await answeredByNext(() => get(`/trip/${names[0]}`))).toBe(1);
  });

  it('never shares a page asked for with a duplicated currency cookie (the first value for one reader, the last for another)', async () => {
    copies.set('/en/cached/USD-fallback/trip/poison/default', copyOf('Poison in USD'));
    copies.set('/en/cached/EUR-cookie/trip/poison/default', copyOf('Poison in EUR'));
    copies.set('/en/cached/JPY-cookie/trip/poison/default', copyOf('Poison in JPY'));
    // The attack: a spoofed address, an empty currency then JPY; then EUR then JPY, each sent twice.
    for (const cookie of ['currency=; currency=JPY', 'currency=EUR; currency=JPY', 'currency=EUR;currency=JPY']) {
      for (let i = 0; i < 2; i += 1) expect(await answeredByNext(() => get('/trip/poison', { cookie, 'x-forwarded-for': '203.0.113.9' }))).toBe(1);
    }
    // Every other visitor still gets their own currency, from Next.js or from the front.
    for (let i = 0; i < 2; i += 1) {
      expect((await get('/trip/poison')).body.toString()).toBe('Poison in USD');
      expect((await get('/trip/poison', { cookie: 'currency=EUR' })).body.toString()).toBe('Poison in EUR');
      expect((await get('/trip/poison', { 'x-forwarded-for': '203.0.113.9' })).body.toString()).toBe('Poison in USD');
    }
    // Once those answers are remembered, the duplicated cookie is still Next.js's, never the front's.
    expect(await answeredByNext(() => get('/trip/poison', { cookie: 'currency=; currency=JPY' }))).toBe(1);
    expect(await answeredByNext(() => get('/trip/poison', { cookie: 'currency=EUR; currency=JPY' }))).toBe(1);
    expect(await answeredByNext(() => get('/trip/poison', { cookie: 'currency=EUR' }))).toBe(0);
  });

  it('creates no entry for a query or a cookie value outside the closed lists', async () => {
    copies.set('/en/cached/USD-fallback/trip/closed/default', copyOf('Closed for 2'));
    copies.set('/en/cached/USD-fallback/trip/closed/3', copyOf('Closed for 3'));
    copies.set('/en/cached/USD-fallback/trip/closed/8', copyOf('Closed for 8'));
    await answeredByNext(() => get('/trip/closed'));
    await answeredByNext(() => get('/trip/closed?travellers=3'));
    await answeredByNext(() => get('/trip/closed?travellers=8'));
    const size = front.size;
    // Canonical requests are the front's; every other spelling of the same pages stays Next.js's.
    expect(await answeredByNext(() => get('/trip/closed?travellers=3'))).toBe(0);
    for (const path of ['/trip/closed?travellers=3&utm_source=x', '/trip/closed?travellers=03', '/trip/closed?travellers=50', '/trip/closed?travellers=0', '/trip/closed?x=1']) {
      for (let i = 0; i < 2; i += 1) expect(await answeredByNext(() => get(path)), path).toBe(1);
    }
    // An unknown or garbage currency is no choice: the same entry as no cookie.
    for (const value of ['QQQ', 'zzz', 'euros', 'null', '']) {
      const answer = await get('/trip/closed', { cookie: `currency=${value}` });
      expect(answer.body.toString(), value).toBe('Closed for 2');
      expect(answer.headers[FRONT_HIT_HEADER], value).toBe('HIT');
    }
    expect(front.size).toBeLessThanOrEqual(size);
  });

  it("remembers only the query string lib/routing/cached-pages.ts puts in a page's internal path", () => {
    const eur = { code: 'EUR', source: 'cookie' } as const;
    const cases: [string, string][] = [
      ['/trip/mont-blanc', ''],
      ['/trip/mont-blanc', '?travellers=4'],
      ['/fr/guide/anna', '?travellers=3'],
      ['/mountain-guide/anna', ''],
      ['/blog', ''],
      ['/blog', '?page=2'],
      ['/fr/blog/un-article', ''],
      ['/', ''],
      ['/search', ''],
      ['/search', '?query=trekking'],
      ['/fr/search', '?query=ski+de+randonn%C3%A9e&activity=ski-touring&page=2'],
    ];
    for (const [pathname, query] of cases) {
      const internal = cachedPagePath(pathname, new URLSearchParams(query), eur, [], { maxTravellers: 8 });
      expect(internal, pathname).not.toBeNull();
      expect(canonicalQuery(internal!), `${pathname}${query}`).toBe(query);
    }
    // A count past the largest group is the largest group's page: only its canonical query is remembered.
    expect(canonicalQuery(cachedPagePath('/trip/mont-blanc', new URLSearchParams('travellers=50'), eur, [], { maxTravellers: 8 })!)).toBe('?travellers=8');
  });

  it("reads the internal path where the real next package's rewrite puts it (x-middleware-rewrite)", () => {
    // The proxy's rewrite (proxy.ts cachedPageRewrite); the abuse test checks the served answer end to end.
    const internal = '/en/cached/EUR-cookie/trip/mont-blanc/3';
    const rewrite = NextResponse.rewrite(new URL(`${internal}?travellers=3`, 'http://127.0.0.1:3000'));
    const header = rewrite.headers.get('x-middleware-rewrite');
    expect(header).not.toBeNull();
    const path = new URL(header!, 'http://127.0.0.1:3000');
    expect(path.pathname).toBe(internal);
    expect(canonicalQuery(path.pathname)).toBe('?travellers=3');
  });

  it("reads the country's headers from the same settings as the app, with lib/env.ts's defaults", async () => {
    vi.resetModules();
    vi.stubEnv('GEO_COUNTRY_HEADERS', undefined as unknown as string);
    vi.stubEnv('CLIENT_IP_HEADER', undefined as unknown as string);
    const { env } = await import('@/lib/env');
    vi.unstubAllEnvs();
    expect(GEOLOCATION_DEFAULTS).toEqual({ GEO_COUNTRY_HEADERS: env.GEO_COUNTRY_HEADERS, CLIENT_IP_HEADER: env.CLIENT_IP_HEADER });
    expect(geolocationHeaders({})).toEqual({ countryHeaders: [''], clientIpHeader: 'x-forwarded-for' });
    expect(geolocationHeaders({ GEO_COUNTRY_HEADERS: 'x-country', CLIENT_IP_HEADER: ' ' })).toEqual({ countryHeaders: ['x-country'], clientIpHeader: 'x-forwarded-for' });
  });
});
