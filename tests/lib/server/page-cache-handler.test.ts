import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
// @ts-expect-error plain ESM module loaded by Next.js outside the bundles (next.config.ts cacheHandler)
import PageCacheHandler from '@/lib/server/page-cache-handler.mjs';
import { hasCachedPage } from '@/lib/server/page-cache';

const page = (tags: string) => ({ kind: 'APP_PAGE', html: '<html></html>', rscData: Buffer.from('rsc'), headers: { 'x-next-cache-tags': tags }, status: 200 });
const key = (path: string) => `/route-cache/APP_PAGE/${'a'.repeat(64)}/$${path}`;

describe('the page cache handler', () => {
  it('serves what it stored, and tells the proxy which pages it holds', async () => {
    const handler = new PageCacheHandler();
    const path = '/en/cached/EUR-cookie/trip/mont-blanc/default';
    expect(hasCachedPage(path)).toBe(false);
    await handler.set(key(path), page('trip-1,catalogue'), { cacheControl: { revalidate: 300, expire: 3600 } });
    expect((await handler.get(key(path)))?.value.html).toBe('<html></html>');
    expect(hasCachedPage(path)).toBe(true);
    expect(hasCachedPage('/en/cached/USD-fallback/trip/mont-blanc/default')).toBe(false);
  });

  it('does not count a page whose tag expired since it was rendered, nor one past its expire time', async () => {
    const handler = new PageCacheHandler();
    const tagged = '/fr/cached/EUR-cookie/trip/cervin/default';
    await handler.set(key(tagged), page('trip-2'), { cacheControl: { revalidate: 300, expire: 3600 } });
    expect(hasCachedPage(tagged)).toBe(true);
    tagsManifest.set('trip-2', { expired: performance.timeOrigin + performance.now() + 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(hasCachedPage(tagged)).toBe(false);

    const old = '/es/cached/EUR-cookie/p/about';
    await handler.set(key(old), page('static-pages'), { cacheControl: { revalidate: 300, expire: 0 } });
    expect(hasCachedPage(old)).toBe(false);
  });

  it('gives the front (scripts/serve.mjs) a fresh copy only: within its revalidate time, no tag expired or stale since', async () => {
    const registry = (globalThis as unknown as Record<symbol, { freshPage: (path: string) => { html: string; bytes: Buffer; gzip: Buffer } | null }>)[Symbol.for('cordee.page-cache')]!;
    const handler = new PageCacheHandler();
    const path = '/en/cached/GBP-country/trip/eiger/2';
    expect(registry.freshPage(path)).toBeNull();
    await handler.set(key(path), page('trip-3'), { cacheControl: { revalidate: 300, expire: 3600 } });
    const fresh = registry.freshPage(path)!;
    expect(fresh.html).toBe('<html></html>');
    expect(fresh.bytes.toString()).toBe('<html></html>');
    expect(gunzipSync(fresh.gzip).toString()).toBe('<html></html>');
    // The same copy's bytes are made once.
    expect(registry.freshPage(path)!.gzip).toBe(fresh.gzip);
    tagsManifest.set('trip-3', { stale: performance.timeOrigin + performance.now() + 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(registry.freshPage(path)).toBeNull();

    const revalidated = '/en/cached/GBP-country/p/about';
    await handler.set(key(revalidated), page('static-pages'), { cacheControl: { revalidate: 0, expire: 3600 } });
    expect(registry.freshPage(revalidated)).toBeNull();
    expect(hasCachedPage(revalidated)).toBe(true);
  });
});
