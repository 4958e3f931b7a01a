// The Next.js cache handler (`cacheHandler` in next.config.ts) for the pages cached whole:
// rendered pages in this process's memory, least recently used out first past a byte budget.
// Written to Next.js's public contract (get, set, revalidateTag(tags, durations); no import from
// `next/dist`, decision 0150): an entry whose tags expired since it was stored (lib/cache/
// tag-expiries.ts) is a miss. Loaded by Next.js itself (Node strips its types; relative imports
// carry `.ts`), outside the app's bundles, so proxy.ts and the front reach it through the process
// registry (lib/process-registry.ts): while the database is down, a page in this cache is still served.

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { processRegistry } from '../process-registry.ts';
import { byteLru, budgetBytesFrom, bytesOf, type ByteLru } from './byte-lru.ts';
import { NOT_STORED_TAG } from './not-stored-tag.ts';
import { withScriptHashPolicy } from '../security/script-hashes.ts';
import { areTagsExpired, areTagsStale, expireTags } from './tag-expiries.ts';

/** A value of Next.js's cache as this store reads it (the rest is kept as it is). */
type CacheValue = { kind?: string; status?: number; html?: string; postponed?: unknown; headers?: Record<string, unknown>; [field: string]: unknown };

/**
 * A stored page. `bytes`: the page's HTML in UTF-8, kept instead of `value.html`; `gzip`, `br`: made
 * once the front asks for them; `size`: what the entry counts without them.
 */
interface Entry {
  key: string;
  value: CacheValue;
  lastModified: number;
  cacheControl?: { revalidate: number | false; expire?: number };
  size: number;
  version: number;
  bytes?: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/** How the front sends a page: what the client accepts best. */
export type PageEncoding = 'br' | 'gzip' | 'identity';

/** Brotli at quality 5: about a fifth smaller than gzip for a page, at a similar cost (once per copy). */
const BROTLI_PAGE_QUALITY = 5;
const encoders: Record<Exclude<PageEncoding, 'identity'>, (bytes: Buffer) => Buffer> = {
  gzip: (bytes) => gzipSync(bytes),
  br: (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_PAGE_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
};

/** What the page store answers to code outside Next.js's cache calls: the proxy (database down) and the front. */
export interface PageStoreReader {
  /** Whether a page's path has a copy Next.js would serve without rendering it. */
  hasPage(path: string, now?: number): boolean;
  /** A page's fresh copy in `encoding` (the front of scripts/serve.ts serves it), or null. */
  freshPage(path: string, encoding: PageEncoding, now?: number): { version: number; body: Buffer; tags: string[] } | null;
  /** The tags of a page's fresh copy (what a shared cache in front may keep it under), or null. */
  pageTags(path: string, now?: number): string[] | null;
  stats(): { entries: number; bytes: number; budget: number; searches: { entries: number; bytes: number; budget: number } };
}

export interface PageStoreState {
  entries: ByteLru<Entry>;
  searches: ByteLru<Entry>;
  keysByPath: Map<string, Set<string>>;
  versions: number;
  reader?: PageStoreReader;
}

/**
 * One store per process (in the process registry): Next.js loads this module more than once (the
 * server and the render bundles each get their copy), and every copy must read and write the same
 * pages. Entries are counted in real bytes (see sizeOf, plus the bytes and gzip the front asks
 * for), within PAGE_STORE_BUDGET_MB; search result pages within SEARCH_PAGE_STORE_BUDGET_MB of
 * their own, so a flood of distinct searches evicts searches, never trip pages (lib/env.ts
 * validates both; this module cannot import it).
 */
// Outside the bundles, lib/env.ts cannot be imported here; it validates the same variables for the app.
// eslint-disable-next-line no-restricted-properties
const store = (processRegistry().pageStore ??= createStore(process.env));
const { keysByPath } = store;

function createStore(env: Record<string, string | undefined>): PageStoreState {
  const keysByPath = new Map<string, Set<string>>();
  const onRemove = (key: string) => {
    const path = pathOf(key);
    const keys = path === null ? null : keysByPath.get(path);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) keysByPath.delete(path!);
  };
  const entrySize = (entry: Entry) => entry.size + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0);
  const entries = byteLru<Entry>(budgetBytesFrom(env, 'PAGE_STORE_BUDGET_MB'), entrySize, { onRemove });
  const searches = byteLru<Entry>(budgetBytesFrom(env, 'SEARCH_PAGE_STORE_BUDGET_MB'), entrySize, { onRemove });
  return { entries, searches, keysByPath, versions: 0 };
}

/** lib/routing/cached-pages.ts's search result pages: `/{locale}/cached/{currency}/search/{search}`. */
const SEARCH_PAGE = /^\/[a-z]{2}\/cached\/[^/]+\/search\//;

/** The store of a key's page: the search results' budget, or every other page's. */
function lruOf(key: string): ByteLru<Entry> {
  return SEARCH_PAGE.test(pathOf(key) ?? '') ? store.searches : store.entries;
}

function pathOf(key: string): string | null {
  const marker = key.indexOf('/$/');
  return marker === -1 ? null : key.slice(marker + 2);
}

/** An entry's bytes: HTML, RSC payload, segments, headers, postponed state, body (UTF-8 for text). */
export function sizeOf(value: CacheValue | null | undefined): number {
  if (!value) return 0;
  let size = bytesOf(value.html) + bytesOf(value.rscData) + bytesOf(value.body) + bytesOf(value.headers) + bytesOf(value.postponed) + bytesOf(value.meta);
  if (value.segmentData instanceof Map) for (const [name, segment] of value.segmentData) size += bytesOf(name) + bytesOf(segment);
  return size;
}

/**
 * The first rendered copy of a page's path that Next.js would serve without rendering it first, or
 * null. `fresh`: within its revalidate time, no tag expired or marked stale since, HTML whole (what
 * the front of scripts/serve.ts serves as is); otherwise not past its `expire` time and no tag
 * expired since (what Next.js still serves while it revalidates).
 */
function servableEntry(path: string, fresh: boolean, now: number): Entry | null {
  const keys = keysByPath.get(path);
  if (!keys) return null;
  for (const key of keys) {
    const entry = lruOf(key).peek(key);
    const value = entry?.value;
    if (!value || value.kind !== 'APP_PAGE' || (value.status ?? 200) !== 200) continue;
    if (fresh && (!entry.bytes || value.postponed)) continue;
    const lifetime = fresh ? entry.cacheControl?.revalidate : entry.cacheControl?.expire;
    if (typeof lifetime === 'number' && entry.lastModified + lifetime * 1000 <= now) continue;
    const list = tagsOf(value);
    if (areTagsExpired(list, entry.lastModified) || (fresh && areTagsStale(list, entry.lastModified))) continue;
    return entry;
  }
  return null;
}

/** The header Next.js files a rendered page's cache tags under (its own and the implicit path tags). */
export const NEXT_CACHE_TAGS_HEADER = 'x-next-cache-tags';

/** A stored page's tags. */
function tagsOf(value: CacheValue | null | undefined): string[] {
  const tags = value?.headers?.[NEXT_CACHE_TAGS_HEADER];
  return typeof tags === 'string' && tags.length > 0 ? tags.split(',') : [];
}

/** Whether a page's path has a copy Next.js would serve without rendering it (proxy.ts, database down). */
function hasPage(path: string, now: number = Date.now()): boolean {
  return servableEntry(path, false, now) !== null;
}

/**
 * A page's fresh copy (the front of scripts/serve.ts serves it): its version (a new one per copy
 * stored) and its bytes in `encoding`, compressed once per copy and encoding and counted in the
 * entry's size; or null.
 */
function freshPage(path: string, encoding: PageEncoding, now: number = Date.now()): ReturnType<PageStoreReader['freshPage']> {
  const found = servableEntry(path, true, now);
  if (!found?.bytes) return null;
  const tags = tagsOf(found.value);
  if (encoding === 'identity') return { version: found.version, body: found.bytes, tags };
  const stored = found[encoding];
  if (stored) return { version: found.version, body: stored, tags };
  const body = encoders[encoding](found.bytes);
  // Stored again as a new entry, so the store counts the copy (one that no longer fits leaves).
  lruOf(found.key).set(found.key, { ...found, [encoding]: body });
  return { version: found.version, body, tags };
}

/** The tags of a page's fresh copy (what a shared cache in front may keep it under), or null. */
function pageTags(path: string, now: number = Date.now()): string[] | null {
  const entry = servableEntry(path, true, now);
  return entry ? tagsOf(entry.value) : null;
}

/** What the cache holds, in entries and counted bytes, and its budget; `searches`: the same for search result pages. */
function stats(): ReturnType<PageStoreReader['stats']> {
  const { entries, searches } = store;
  return { entries: entries.size, bytes: entries.calculatedSize, budget: entries.maxSize, searches: { entries: searches.size, bytes: searches.calculatedSize, budget: searches.maxSize } };
}

store.reader = { hasPage, freshPage, pageTags, stats };

export default class PageStore {
  async get(key: string) {
    const entry = lruOf(key).get(key);
    if (!entry) return null;
    // A tag expired or marked stale since the page was stored: rendered again (invalidate.ts expires at once).
    const tags = tagsOf(entry.value);
    if (areTagsExpired(tags, entry.lastModified) || areTagsStale(tags, entry.lastModified)) return null;
    const value = entry.bytes ? { ...entry.value, html: entry.bytes.toString() } : entry.value;
    return { value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
  }

  async set(key: string, value: CacheValue | null, ctx?: { cacheControl?: Entry['cacheControl'] }) {
    // An answer that must be computed again on the next request (a search that reached its bounds).
    if (tagsOf(value).includes(NOT_STORED_TAG)) return;
    // A cached page's policy lists its inline scripts' hashes (it cannot carry a per-visitor nonce).
    withScriptHashPolicy(value, pathOf(key));
    // The HTML is kept as its UTF-8 bytes, which the front serves as they are: a page's text holds
    // characters past Latin-1 (currency signs, ’, ★), so V8 would keep the string at two bytes a
    // character, twice what it weighs in UTF-8, and the budget would under-count it.
    const bytes = typeof value?.html === 'string' ? Buffer.from(value.html) : undefined;
    const kept = bytes ? { ...value, html: '' } : value;
    const size = sizeOf(kept) + (bytes?.length ?? 0);
    store.versions += 1;
    // A page larger than the whole budget is not kept (Next.js renders it again).
    const lru = lruOf(key);
    lru.set(key, { key, value: kept!, lastModified: Date.now(), cacheControl: ctx?.cacheControl, size, version: store.versions, bytes });
    if (!lru.has(key)) return;
    const path = pathOf(key);
    if (path !== null) {
      if (!keysByPath.has(path)) keysByPath.set(path, new Set());
      keysByPath.get(path)!.add(key);
    }
  }

  // The same expiry the 'use cache' handler records (Next.js calls both); reads above check it.
  async revalidateTag(tags: string | string[], durations?: { expire?: number }) {
    expireTags(typeof tags === 'string' ? [tags] : tags, durations);
  }

  resetRequestCache() {}
}
