import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import PageStore from '@/lib/cache/page-store';
import handler from '@/lib/cache/shared-cache-tags';
import { tagExpiry } from '@/lib/cache/tag-expiries';

/**
 * What the cache handlers and the front rely on in Next.js, read from the installed package's
 * declarations and sources (never imported: no file of the app imports `next/dist`). A Next.js
 * upgrade that changes one of these fails here, before a page is served stale or not purged.
 */
const nextRoot = path.join(process.cwd(), 'node_modules/next');
const read = (file: string) => readFileSync(path.join(nextRoot, file), 'utf8');
const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('Next.js cache contract (decision 0150)', () => {
  it('is Next.js 16', () => {
    expect(JSON.parse(read('package.json')).version).toMatch(/^16\./);
  });

  it("declares the 'use cache' handler interface this repository implements", () => {
    const types = squash(read('dist/server/lib/cache-handlers/types.d.ts'));
    for (const signature of [
      'get(cacheKey: string, softTags: string[]): Promise<undefined | CacheEntry>;',
      'set(cacheKey: string, pendingEntry: Promise<CacheEntry>): Promise<void>;',
      'refreshTags(): Promise<void>;',
      'getExpiration(tags: string[]): Promise<Timestamp>;',
      'updateTags(tags: string[], durations?: { expire?: number; }): Promise<void>;',
      'value: ReadableStream<Uint8Array>;',
      'timestamp: Timestamp;',
      'expire: number;',
      'revalidate: number;',
    ]) {
      expect(types).toContain(signature);
    }
  });

  it('declares the page store interface (get, set, revalidateTag with durations)', () => {
    const types = squash(read('dist/server/lib/incremental-cache/index.d.ts'));
    expect(types).toContain('revalidateTag(_tags: string | string[], _durations?: { expire?: number; }): Promise<void>;');
    expect(types).toContain('get(_cacheKey: string,');
    expect(types).toContain('set(_cacheKey: string, _data: IncrementalCacheValue | null,');
  });

  it("calls both handlers' expiry methods on revalidateTag, so the page store learns every expiry", () => {
    const source = squash(read('dist/server/revalidation-utils.js'));
    expect(source).toContain('handler.updateTags.call(handler, tagsForProfile, durations)');
    expect(source).toContain('incrementalCache.revalidateTag(tagsForProfile, durations)');
  });

  it('files a page’s tags under x-next-cache-tags and marks answers with the headers the front reads', () => {
    expect(read('dist/lib/constants.js')).toContain("NEXT_CACHE_TAGS_HEADER = 'x-next-cache-tags'");
    const server = read('dist/server/next-server.js') + read('dist/server/base-server.js');
    expect(server).toContain('x-nextjs-cache');
    expect(read('dist/server/lib/router-utils/resolve-routes.js')).toContain('x-middleware-rewrite');
  });

  it('has no file of the repository importing next/dist', () => {
    const offenders: string[] = [];
    const skip = new Set(['node_modules', '.next', '.git', '.data', 'bench-results', 'test-results', 'playwright-report']);
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (skip.has(entry.name)) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(?:[cm]?[jt]sx?|d\.mts)$/.test(entry.name) && /from ['"]next\/dist|import\(['"]next\/dist|require\(['"]next\/dist/.test(readFileSync(full, 'utf8'))) offenders.push(full);
      }
    };
    walk(process.cwd());
    expect(offenders).toEqual([]);
  });
});

describe("the 'use cache' handler", () => {
  const entry = (text: string, tags: string[]) => ({
    value: new Blob([text]).stream() as ReadableStream<Uint8Array>,
    tags,
    stale: 30,
    timestamp: Date.now() - 5,
    expire: 3600,
    revalidate: 900,
  });
  const text = async (stream: ReadableStream<Uint8Array> | undefined) => (stream ? new Response(stream).text() : undefined);

  it('stores the stream, gives a new stream on every get, and misses once a tag expired', async () => {
    await handler.set('k1', Promise.resolve(entry('cached data', ['trip-71'])));
    expect(await text((await handler.get('k1', []))?.value)).toBe('cached data');
    expect(await text((await handler.get('k1', []))?.value)).toBe('cached data');
    await handler.updateTags(['trip-71'], { expire: 0 });
    expect(await handler.get('k1', [])).toBeUndefined();
    expect(await handler.getExpiration(['trip-71', 'never'])).toBe(tagExpiry('trip-71')?.expired);
  });

  it('waits for a pending set, and keeps no dynamic entry (expire 0)', async () => {
    let resolve: (value: ReturnType<typeof entry>) => void = () => {};
    const setting = handler.set('k2', new Promise((done) => (resolve = done)));
    const reading = handler.get('k2', []);
    resolve(entry('late', []));
    await setting;
    expect(await text((await reading)?.value)).toBe('late');
    await handler.set('k3', Promise.resolve({ ...entry('dynamic', []), expire: 0 }));
    expect(await handler.get('k3', [])).toBeUndefined();
  });

  it('shares the expiry with the page store (Next.js calls both handlers)', async () => {
    const pages = new PageStore();
    const key = `/route-cache/APP_PAGE/${'b'.repeat(64)}/$/en/cached/USD-fallback/p/about`;
    await pages.set(key, { kind: 'APP_PAGE', html: '<p>', headers: { 'x-next-cache-tags': 'static-pages' }, status: 200 }, { cacheControl: { revalidate: 300, expire: 3600 } });
    expect(await pages.get(key)).not.toBeNull();
    await new Promise((done) => setTimeout(done, 2));
    await handler.updateTags(['static-pages']);
    expect(await pages.get(key)).toBeNull();
  });
});
