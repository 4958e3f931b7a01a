import { describe, expect, it } from 'vitest';
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
// @ts-expect-error plain ESM module loaded by Next.js outside the bundles (next.config.ts cacheHandler)
import PageCacheHandler from '@/lib/server/page-cache-handler.mjs';
import { hasCachedPage } from '@/lib/server/page-cache';

const page = (tags: string) => ({ kind: 'APP_PAGE', html: '<html></html>', rscData: Buffer.from('rsc'), headers: { 'x-next-cache-tags': tags }, status: 200 });
const key = (path: string) => `/route-cache/APP_PAGE/${'a'.repeat(64)}/$${path}`;

describe('the page cache handler (issues 8 and 9)', () => {
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
});
