// The Next.js cache handler (`cacheHandler` in next.config.ts) for the pages cached whole (issue 8):
// rendered pages in this process's memory, least recently used out first past a byte budget.
// Next.js checks the entries' tags itself (the tags `revalidateTag` expired). Loaded by Next.js
// outside the app's bundles, so proxy.ts reaches it through a process-wide symbol: while the
// database is down, a page in this cache is still served (issue 9).

import { gzipSync } from 'node:zlib';
import { areTagsExpired, areTagsStale } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
import { withScriptHashPolicy } from '../security/script-hashes.mjs';

const REGISTRY = Symbol.for('cordee.page-cache');
/** About 256 MB of pages (HTML and RSC payload), beyond which the least recently used go. */
const BUDGET_BYTES = 256 * 1024 * 1024;

/**
 * One store per process: Next.js loads this module more than once (the server and the render
 * bundles each get their copy), and every copy must read and write the same pages.
 * @type {{ entries: Map<string, { value: any; lastModified: number; cacheControl?: { revalidate: number | false; expire?: number }; size: number }>; keysByPath: Map<string, Set<string>>; bytes: number }}
 */
const store = (globalThis[Symbol.for('cordee.page-cache.store')] ??= { entries: new Map(), keysByPath: new Map(), bytes: 0 });
const { entries, keysByPath } = store;

function pathOf(key) {
  const marker = key.indexOf('/$/');
  return marker === -1 ? null : key.slice(marker + 2);
}

function sizeOf(value) {
  if (!value) return 0;
  let size = (typeof value.html === 'string' ? value.html.length : 0) + (value.rscData?.length ?? 0) + (typeof value.body === 'string' ? value.body.length : (value.body?.length ?? 0));
  if (value.segmentData instanceof Map) for (const segment of value.segmentData.values()) size += segment?.length ?? 0;
  return size || 1024;
}

function remove(key) {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  store.bytes -= entry.size;
  const path = pathOf(key);
  const keys = path === null ? null : keysByPath.get(path);
  if (keys) {
    keys.delete(key);
    if (keys.size === 0) keysByPath.delete(path);
  }
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
    const entry = entries.get(key);
    const value = entry?.value;
    if (!value || value.kind !== 'APP_PAGE' || (value.status ?? 200) !== 200) continue;
    if (fresh && (typeof value.html !== 'string' || value.postponed)) continue;
    const lifetime = fresh ? entry.cacheControl?.revalidate : entry.cacheControl?.expire;
    if (typeof lifetime === 'number' && entry.lastModified + lifetime * 1000 <= now) continue;
    const tags = value.headers?.['x-next-cache-tags'];
    const list = typeof tags === 'string' && tags.length > 0 ? tags.split(',') : [];
    if (areTagsExpired(list, entry.lastModified) || (fresh && areTagsStale(list, entry.lastModified))) continue;
    return entry;
  }
  return null;
}

/** Whether a page's path has a copy Next.js would serve without rendering it (proxy.ts, database down). */
function hasPage(path, now = Date.now()) {
  return servableEntry(path, false, now) !== null;
}

/** A page's fresh copy (the front of scripts/serve.mjs serves it), its bytes and their gzip made once per copy; or null. */
function freshPage(path, now = Date.now()) {
  const entry = servableEntry(path, true, now);
  if (!entry) return null;
  entry.bytes ??= Buffer.from(entry.value.html);
  entry.gzip ??= gzipSync(entry.bytes);
  return { html: entry.value.html, bytes: entry.bytes, gzip: entry.gzip };
}

globalThis[REGISTRY] = { hasPage, freshPage };

export default class PageCacheHandler {
  async get(key) {
    const entry = entries.get(key);
    if (!entry) return null;
    // Most recently used last.
    entries.delete(key);
    entries.set(key, entry);
    return { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
  }

  async set(key, value, ctx) {
    // A cached page's policy lists its inline scripts' hashes (it cannot carry a per-visitor nonce).
    withScriptHashPolicy(value, pathOf(key));
    remove(key);
    const size = sizeOf(value);
    entries.set(key, { value, lastModified: Date.now(), cacheControl: ctx?.cacheControl, size });
    store.bytes += size;
    const path = pathOf(key);
    if (path !== null) {
      if (!keysByPath.has(path)) keysByPath.set(path, new Set());
      keysByPath.get(path).add(key);
    }
    for (const oldest of entries.keys()) {
      if (store.bytes <= BUDGET_BYTES) break;
      remove(oldest);
    }
  }

  // Tags live in Next.js's own manifest, which the 'use cache' handler keeps and Next.js checks on every read.
  async revalidateTag() {}

  resetRequestCache() {}
}
