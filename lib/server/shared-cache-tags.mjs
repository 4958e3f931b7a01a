// The 'use cache' handler (`cacheHandlers.default` in next.config.ts): Next.js's own
// in-memory handler, plus, with REDIS_URL, the tag expiries shared between instances. An expiry on
// one instance (revalidateTag: a guide's edit, a join) is written to a Redis hash and published;
// every instance applies it to Next.js's tags manifest, which both this handler and the pages
// cached whole (lib/server/page-cache-handler.mjs) check on every read. A new or reconnected
// instance reads the hash first. Without Redis, or while it is away, each instance keeps its own
// expiries, as before: never an error for a visitor.
// Loaded by Next.js outside the app's bundles: it reads REDIS_URL itself (lib/env.ts validates it).

import { Redis } from 'ioredis';
import defaultModule from 'next/dist/server/lib/cache-handlers/default.external.js';
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';

const base = defaultModule.default ?? defaultModule;

/** Redis names: the hash of every tag's latest expiry, and the channel that announces new ones. */
export const TAGS_KEY = 'cordee:cache-tags';
/** Expiries older than the longest a cached entry lives (an hour, lib/server/cached-queries.ts) no longer matter: a day is ample. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** A JSON line like the app's pino logs (this module cannot import lib/log.ts). */
function log(level, msg, extra = {}) {
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), service: 'cordee', msg, ...extra })}\n`);
}

/** Merges expiries into this process's manifest, keeping the later of each time. */
export function applyTagExpiries(updates) {
  for (const [tag, entry] of Object.entries(updates)) {
    if (!entry || typeof entry !== 'object') continue;
    const current = tagsManifest.get(tag) ?? {};
    const merged = { ...current };
    for (const field of ['expired', 'stale']) {
      const value = entry[field];
      if (typeof value === 'number' && Number.isFinite(value) && !(current[field] >= value)) merged[field] = value;
    }
    tagsManifest.set(tag, merged);
  }
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One pair of connections per process: Next.js may load this module more than once. */
function connect(url) {
  const holder = globalThis;
  const key = Symbol.for('cordee.shared-cache-tags');
  if (holder[key]) return holder[key];
  const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, maxRetriesPerRequest: null });
  let warned = false;
  const onError = (error) => {
    if (warned) return;
    warned = true;
    log('warn', 'cache tags: Redis unreachable, expiries stay on this instance until it is back', { error: error.message });
  };
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('message', (_channel, message) => {
    const updates = parse(message);
    if (updates && typeof updates === 'object') applyTagExpiries(updates);
  });
  // On every (re)connection: listen, then catch up with what was expired meanwhile.
  subscriber.on('ready', () => {
    warned = false;
    subscriber.subscribe(TAGS_KEY).catch(onError);
    publisher
      .hgetall(TAGS_KEY)
      .then((all) => applyTagExpiries(Object.fromEntries(Object.entries(all).map(([tag, text]) => [tag, parse(text)]))))
      .catch(onError);
  });
  return (holder[key] = { publisher });
}

// Outside the bundles, lib/env.ts cannot be imported here; it validates the same variable for the app.
// eslint-disable-next-line no-restricted-properties
const redisUrl = process.env.REDIS_URL?.trim();
// Connected on first use, when the server handles requests (`next build` never opens a connection).
const sharing = () => (redisUrl ? connect(redisUrl) : null);

/** @type {import('next/dist/server/lib/cache-handlers/types').CacheHandler} */
const handler = {
  get: (cacheKey, softTags) => base.get(cacheKey, softTags),
  set: (cacheKey, pendingEntry) => base.set(cacheKey, pendingEntry),
  // Called as a request starts: the first one opens the connections, which then follow every expiry.
  refreshTags: () => (sharing(), base.refreshTags()),
  getExpiration: (tags) => (sharing(), base.getExpiration(tags)),
  async updateTags(tags, durations) {
    await base.updateTags(tags, durations);
    const shared = sharing();
    if (!shared) return;
    // A connection still opening (this instance's first requests) gets a second to be ready.
    if (shared.publisher.status !== 'ready' && shared.publisher.status !== 'end') {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 1000);
        shared.publisher.once('ready', () => (clearTimeout(timer), resolve()));
      });
    }
    if (shared.publisher.status !== 'ready') {
      log('warn', 'cache tags: expiry not shared, Redis is not connected', { tags });
      return;
    }
    const updates = Object.fromEntries(tags.map((tag) => [tag, tagsManifest.get(tag) ?? {}]));
    try {
      await shared.publisher
        .multi()
        .hset(TAGS_KEY, Object.fromEntries(Object.entries(updates).map(([tag, entry]) => [tag, JSON.stringify(entry)])))
        .pexpire(TAGS_KEY, KEEP_MS)
        .publish(TAGS_KEY, JSON.stringify(updates))
        .exec();
    } catch (error) {
      log('warn', 'cache tags: expiry not shared through Redis', { tags, error: error instanceof Error ? error.message : String(error) });
    }
  },
};

export default handler;
