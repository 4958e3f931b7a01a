import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import PageStore, { sizeOf } from '@/lib/cache/page-store';
import { budgetBytesFrom, CACHE_BUDGET_DEFAULTS_MB } from '@/lib/cache/byte-lru';
import { isInPageStore } from '@/lib/cache/page-store-lookup';
import { processRegistry } from '@/lib/process-registry';
import { NOT_STORED_TAG } from '@/lib/cache/not-stored-tag';

// A small page budget for this file, set before the handler's module creates its store.
vi.hoisted(() => {
  process.env.PAGE_STORE_BUDGET_MB = '8';
  process.env.SEARCH_PAGE_STORE_BUDGET_MB = '2';
});

const page = (tags: string) => ({ kind: 'APP_PAGE', html: '<html></html>', rscData: Buffer.from('rsc'), headers: { 'x-next-cache-tags': tags }, status: 200 });
const key = (path: string) => `/route-cache/APP_PAGE/${'a'.repeat(64)}/$${path}`;

describe('the page store', () => {
  it('serves what it stored, and tells the proxy which pages it holds', async () => {
    const handler = new PageStore();
    const path = '/en/cached/EUR-cookie/trip/mont-blanc/default';
    expect(isInPageStore(path)).toBe(false);
    await handler.set(key(path), page('trip-1,catalogue'), { cacheControl: { revalidate: 300, expire: 3600 } });
    expect((await handler.get(key(path)))?.value.html).toBe('<html></html>');
    expect(isInPageStore(path)).toBe(true);
    expect(isInPageStore('/en/cached/USD-fallback/trip/mont-blanc/default')).toBe(false);
  });

  it('keeps a page\'s HTML as its UTF-8 bytes and counts them, text past Latin-1 included', async () => {
    const registry = processRegistry().pageStore!.reader!;
    const handler = new PageStore();
    const path = '/fr/cached/INR-cookie/trip/ecrins/default';
    // A page's text is two bytes a character in V8 as soon as one character is past Latin-1.
    const html = '<p>’ ★ ₹ 1 200 – Écrins</p>'.repeat(2000);
    const before = registry.stats().bytes;
    await handler.set(key(path), { ...page('trip-3'), html }, { cacheControl: { revalidate: 300, expire: 3600 } });
    expect(registry.stats().bytes - before).toBeGreaterThanOrEqual(Buffer.byteLength(html));
    expect((await handler.get(key(path)))?.value.html).toBe(html);
  });

  it('does not count a page whose tag expired since it was rendered, nor one past its expire time', async () => {
    const handler = new PageStore();
    const tagged = '/fr/cached/EUR-cookie/trip/cervin/default';
    await handler.set(key(tagged), page('trip-2'), { cacheControl: { revalidate: 300, expire: 3600 } });
    expect(isInPageStore(tagged)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2));
    // What Next.js calls for revalidateTag('trip-2', { expire: 0 }) (lib/server/invalidate.ts).
    await handler.revalidateTag(['trip-2'], { expire: 0 });
    expect(isInPageStore(tagged)).toBe(false);
    expect(await handler.get(key(tagged))).toBeNull();

    const old = '/es/cached/EUR-cookie/p/about';
    await handler.set(key(old), page('static-pages'), { cacheControl: { revalidate: 300, expire: 0 } });
    expect(isInPageStore(old)).toBe(false);
  });

  it('gives the front (scripts/serve.ts) a fresh copy only: within its revalidate time, no tag expired or stale since', async () => {
    const registry = processRegistry().pageStore!.reader!;
    const handler = new PageStore();
    const path = '/en/cached/GBP-country/trip/eiger/2';
    expect(registry.freshPage(path, 'identity')).toBeNull();
    await handler.set(key(path), page('trip-3'), { cacheControl: { revalidate: 300, expire: 3600 } });
    const fresh = registry.freshPage(path, 'identity')!;
    expect(fresh.body.toString()).toBe('<html></html>');
    const gzip = registry.freshPage(path, 'gzip')!;
    expect(gunzipSync(gzip.body).toString()).toBe('<html></html>');
    const br = registry.freshPage(path, 'br')!;
    expect(brotliDecompressSync(br.body).toString()).toBe('<html></html>');
    expect([gzip.version, br.version]).toEqual([fresh.version, fresh.version]);
    // The same copy's encodings are made once; a new copy has a new version.
    expect(registry.freshPage(path, 'gzip')!.body).toBe(gzip.body);
    expect(registry.freshPage(path, 'br')!.body).toBe(br.body);
    await handler.set(key(path), page('trip-3'), { cacheControl: { revalidate: 300, expire: 3600 } });
    expect(registry.freshPage(path, 'br')!.version).toBeGreaterThan(fresh.version);
    expect(registry.freshPage(path, 'identity')!.tags).toEqual(['trip-3']);
    await new Promise((resolve) => setTimeout(resolve, 2));
    // Stale for an hour, not yet expired: no longer fresh for the front.
    await handler.revalidateTag(['trip-3'], { expire: 3600 });
    expect(registry.freshPage(path, 'br')).toBeNull();
    expect(isInPageStore(path)).toBe(true);

    const revalidated = '/en/cached/GBP-country/p/about';
    await handler.set(key(revalidated), page('static-pages'), { cacheControl: { revalidate: 0, expire: 3600 } });
    expect(registry.freshPage(revalidated, 'gzip')).toBeNull();
    expect(isInPageStore(revalidated)).toBe(true);
  });
});

describe('byte budgets of the in-process caches', () => {
  it('counts a page in real bytes: UTF-8 HTML, RSC payload, segments and headers', () => {
    const html = '<p>Écrins · 日本円</p>'.repeat(100);
    const rscData = Buffer.alloc(5000);
    const segmentData = new Map([['/_tree', Buffer.alloc(700)]]);
    const headers = { 'x-next-cache-tags': 'trip-1,catalogue' };
    const size = sizeOf({ kind: 'APP_PAGE', html, rscData, segmentData, headers, status: 200 });
    expect(size).toBe(Buffer.byteLength(html) + 5000 + Buffer.byteLength('/_tree') + 700 + Buffer.byteLength(JSON.stringify(headers)));
    // More than html.length: the text is not all one byte per character.
    expect(Buffer.byteLength(html)).toBeGreaterThan(html.length);
  });

  it('never holds more page bytes than PAGE_STORE_BUDGET_MB, compressed copies included', async () => {
    const registry = processRegistry().pageStore!.reader!;
    const { budget } = registry.stats();
    expect(budget).toBe(8 * 1024 * 1024);
    const handler = new PageStore();
    // Pages of ~1 MB of varied text (gzip cannot shrink them to nothing), twice the budget's worth.
    const big = (n: number) => ({ ...page(`trip-${n}`), html: `<html>${randomBytes(1 << 19).toString('hex')}</html>` });
    const count = Math.ceil((2 * budget) / (1 << 20));
    for (let n = 0; n < count; n += 1) {
      const path = `/en/cached/USD-fallback/trip/budget-${n}/default`;
      await handler.set(key(path), big(n), { cacheControl: { revalidate: 300, expire: 3600 } });
      registry.freshPage(path, 'gzip');
      registry.freshPage(path, 'br');
      expect(registry.stats().bytes).toBeLessThanOrEqual(budget);
    }
    expect(registry.stats().entries).toBeLessThan(count);
  }, 60_000);

  it('keeps search result pages within SEARCH_PAGE_STORE_BUDGET_MB: a flood of searches evicts searches, never other pages', async () => {
    const registry = processRegistry().pageStore!.reader!;
    const handler = new PageStore();
    const trip = '/en/cached/USD-fallback/trip/kept-while-searching/default';
    await handler.set(key(trip), page('trip-1'), { cacheControl: { revalidate: 300, expire: 3600 } });
    const before = registry.stats();
    expect(before.searches.budget).toBe(2 * 1024 * 1024);
    // 128 KB of varied text each, four times the search budget's worth.
    const search = () => ({ ...page('catalogue'), html: `<html>${randomBytes(1 << 16).toString('hex')}</html>` });
    const count = Math.ceil((4 * before.searches.budget) / (1 << 17));
    for (let n = 0; n < count; n += 1) {
      const path = `/fr/cached/EUR-cookie/search/q${Buffer.from(`query=s${n}`).toString('base64url')}`;
      await handler.set(key(path), search(), { cacheControl: { revalidate: 300, expire: 3600 } });
      registry.freshPage(path, 'gzip');
      expect(registry.stats().searches.bytes).toBeLessThanOrEqual(before.searches.budget);
    }
    const after = registry.stats();
    expect(after.searches.entries).toBeGreaterThan(0);
    expect(after.searches.entries).toBeLessThan(count);
    // The other pages' store did not grow nor lose its page.
    expect(after.bytes).toBe(before.bytes);
    expect(await handler.get(key(trip))).not.toBeNull();
    expect(isInPageStore(trip)).toBe(true);
  }, 60_000);

  it('does not store a page tagged not to be stored (a search that reached its bounds)', async () => {
    const handler = new PageStore();
    const path = `/en/cached/USD-fallback/search/q${Buffer.from('query=busy').toString('base64url')}`;
    await handler.set(key(path), page(`catalogue,${NOT_STORED_TAG}`), { cacheControl: { revalidate: 1, expire: 1 } });
    expect(await handler.get(key(path))).toBeNull();
    expect(isInPageStore(path)).toBe(false);
    await handler.set(key(path), page('catalogue'), { cacheControl: { revalidate: 300, expire: 3600 } });
    expect(await handler.get(key(path))).not.toBeNull();
  });

  it('reads the budgets with lib/env.ts\'s defaults and refuses a budget that is not a positive number', async () => {
    vi.resetModules();
    vi.stubEnv('PAGE_STORE_BUDGET_MB', undefined as unknown as string);
    vi.stubEnv('SEARCH_PAGE_STORE_BUDGET_MB', undefined as unknown as string);
    const { env } = await import('@/lib/env');
    vi.unstubAllEnvs();
    expect(CACHE_BUDGET_DEFAULTS_MB).toEqual({ PAGE_STORE_BUDGET_MB: env.PAGE_STORE_BUDGET_MB, SEARCH_PAGE_STORE_BUDGET_MB: env.SEARCH_PAGE_STORE_BUDGET_MB, DATA_CACHE_BUDGET_MB: env.DATA_CACHE_BUDGET_MB, FRONT_CACHE_BUDGET_MB: env.FRONT_CACHE_BUDGET_MB, ROUTE_CACHE_BUDGET_MB: env.ROUTE_CACHE_BUDGET_MB, SOCIAL_IMAGE_CACHE_BUDGET_MB: env.SOCIAL_IMAGE_CACHE_BUDGET_MB });
    expect(budgetBytesFrom({ FRONT_CACHE_BUDGET_MB: '2' }, 'FRONT_CACHE_BUDGET_MB')).toBe(2 * 1024 * 1024);
    expect(() => budgetBytesFrom({ FRONT_CACHE_BUDGET_MB: 'lots' }, 'FRONT_CACHE_BUDGET_MB')).toThrow();
    expect(() => budgetBytesFrom({ FRONT_CACHE_BUDGET_MB: '0' }, 'FRONT_CACHE_BUDGET_MB')).toThrow();
  });
});
