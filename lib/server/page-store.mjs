// The Next.js cache handler (`cacheHandler` in next.config.ts) for the pages cached whole:
// rendered pages in this process's memory, least recently used out first past a byte budget.
// Written to Next.js's public contract (get, set, revalidateTag(tags, durations); no import from
// `next/dist`, decision 0150): an entry whose tags expired since it was stored (lib/server/
// tag-expiries.mjs) is a miss. Loaded by Next.js outside the app's bundles, so proxy.ts and the
// front reach it through a process-wide symbol: while the database is down, a page in this cache
// is still served.

import { gzipSync } from 'node:zlib';
import { ByteLru, budgetBytesFrom, bytesOf } from '../cache/byte-lru.mjs';
import { NOT_STORED_TAG } from '../cache/not-stored-tag.mjs';
import { withScriptHashPolicy } from '../security/script-hashes.mjs';
import { areTagsExpired, areTagsStale, expireTags } from './tag-expiries.mjs';

const REGISTRY = Symbol.for('cordee.page-store');

/**
 * One store per process: Next.js loads this module more than once (the server and the render
 * bundles each get their copy), and every copy must read and write the same pages. Entries are
 * counted in real bytes (see sizeOf, plus the bytes and gzip the front asks for), within
 * PAGE_STORE_BUDGET_MB; search result pages within SEARCH_PAGE_STORE_BUDGET_MB of their own, so a
 * flood of distinct searches evicts searches, never trip pages (lib/env.ts validates both; this
 * module cannot import it).
 * @typedef {{ key: string; value: any; lastModified: number; cacheControl?: { revalidate: number | false; expire?: number }; size: number; version: number; bytes?: Buffer; gzip?: Buffer }} Entry
 * (`bytes`: the page's HTML in UTF-8, kept instead of `value.html`; `gzip`: made once the front asks.)
 * @type {{ entries: ByteLru<Entry>; searches: ByteLru<Entry>; keysByPath: Map<string, Set<string>>; versions: number }}
 */
// Outside the bundles, lib/env.ts cannot be imported here; it validates the same variables for the app.
// eslint-disable-next-line no-restricted-properties
const store = (globalThis[Symbol.for('cordee.page-store.entries')] ??= createStore(process.env));
const { keysByPath } = store;

function createStore(env) {
  const keysByPath = new Map();
  const onRemove = (key) => {
    const path = pathOf(key);
    const keys = path === null ? null : keysByPath.get(path);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) keysByPath.delete(path);
  };
  const entries = new ByteLru(budgetBytesFrom(env, 'PAGE_STORE_BUDGET_MB'), { onRemove });
  const searches = new ByteLru(budgetBytesFrom(env, 'SEARCH_PAGE_STORE_BUDGET_MB'), { onRemove });
  return { entries, searches, keysByPath, versions: 0 };
}

/** lib/routing/cached-pages.ts's search result pages: `/{locale}/cached/{currency}/search/{search}`. */
const SEARCH_PAGE = /^\/[a-z]{2}\/cached\/[^/]+\/search\//;

/** The store of a key's page: the search results' budget, or every other page's. */
function lruOf(key) {
  return SEARCH_PAGE.test(pathOf(key) ?? '') ? store.searches : store.entries;
}

function pathOf(key) {
  const marker = key.indexOf('/$/');
  return marker === -1 ? null : key.slice(marker + 2);
}

/** An entry's bytes: HTML, RSC payload, segments, headers, postponed state, body (UTF-8 for text). */
export function sizeOf(value) {
  if (!value) return 0;
  let size = bytesOf(value.html) + bytesOf(value.rscData) + bytesOf(value.body) + bytesOf(value.headers) + bytesOf(value.postponed) + bytesOf(value.meta);
  if (value.segmentData instanceof Map) for (const [name, segment] of value.segmentData) size += bytesOf(name) + bytesOf(segment);
  return size;
}

/**
 * The first rendered copy of a page's path that Next.js would serve without rendering it first, or
 * null. `fresh`: within its revalidate time, no tag expired or marked stale since, HTML whole (what
 * the front of scripts/serve.mjs serves as is); otherwise not past its `expire` time and no tag
 * expired since (what Next.js still serves while it revalidates).
 */
function servableEntry(path, fresh, now) {
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
function tagsOf(value) {
  const tags = value?.headers?.[NEXT_CACHE_TAGS_HEADER];
  return typeof tags === 'string' && tags.length > 0 ? tags.split(',') : [];
}

/** Whether a page's path has a copy Next.js would serve without rendering it (proxy.ts, database down). */
function hasPage(path, now = Date.now()) {
  return servableEntry(path, false, now) !== null;
}

/**
 * A page's fresh copy (the front of scripts/serve.mjs serves it): its version (a new one per copy
 * stored), its bytes and their gzip, made once per copy and counted in the entry's size; or null.
 */
function freshPage(path, now = Date.now()) {
  const entry = servableEntry(path, true, now);
  if (!entry) return null;
  if (!entry.gzip) {
    entry.gzip = gzipSync(entry.bytes);
    lruOf(entry.key).resize(entry.key, entry.size + entry.gzip.length);
  }
  return { version: entry.version, bytes: entry.bytes, gzip: entry.gzip, tags: tagsOf(entry.value) };
}

/** The tags of a page's fresh copy (what a shared cache in front may keep it under), or null. */
function pageTags(path, now = Date.now()) {
  const entry = servableEntry(path, true, now);
  return entry ? tagsOf(entry.value) : null;
}

/** What the cache holds, in entries and counted bytes, and its budget; `searches`: the same for search result pages. */
function stats() {
  const { entries, searches } = store;
  return { entries: entries.size, bytes: entries.bytes, budget: entries.budget, searches: { entries: searches.size, bytes: searches.bytes, budget: searches.budget } };
}

globalThis[REGISTRY] = { hasPage, freshPage, pageTags, stats };

export default class PageStore {
  async get(key) {
    const entry = lruOf(key).get(key);
    if (!entry) return null;
    // A tag expired or marked stale since the page was stored: rendered again (invalidate.ts expires at once).
    const tags = tagsOf(entry.value);
    if (areTagsExpired(tags, entry.lastModified) || areTagsStale(tags, entry.lastModified)) return null;
    const value = entry.bytes ? { ...entry.value, html: entry.bytes.toString() } : entry.value;
    return { value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
  }

  async set(key, value, ctx) {
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
    if (!lruOf(key).set(key, { key, value: kept, lastModified: Date.now(), cacheControl: ctx?.cacheControl, size, version: store.versions, bytes }, size)) return;
    const path = pathOf(key);
    if (path !== null) {
      if (!keysByPath.has(path)) keysByPath.set(path, new Set());
      keysByPath.get(path).add(key);
    }
  }

  // The same expiry the 'use cache' handler records (Next.js calls both); reads above check it.
  async revalidateTag(tags, durations) {
    expireTags(typeof tags === 'string' ? [tags] : tags, durations);
  }

  resetRequestCache() {}
}
