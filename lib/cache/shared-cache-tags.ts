// The 'use cache' handler (`cacheHandlers.default` in next.config.ts), written to Next.js's public
// CacheHandler contract (get, set, refreshTags, getExpiration, updateTags; no import from
// `next/dist`, decision 0150): entries in this process's memory, least recently used out first past
// DATA_CACHE_BUDGET_MB, tag expiries in lib/cache/tag-expiries.ts, which the pages cached whole
// (lib/cache/page-store.ts) read too. With REDIS_URL, the tag expiries are shared between
// instances: an expiry on one instance (a guide's edit, a join) is written to a Redis hash and
// published; every instance merges it into its manifest. A new or reconnected instance reads the
// hash first. Without Redis, or while it is away, each instance keeps its own expiries: never an
// error for a visitor.
// Loaded by Next.js itself, outside the app's bundles (Node strips its types; relative imports carry
// `.ts`): it reads REDIS_URL itself (lib/env.ts validates it).

import { Redis } from 'ioredis';
import { processRegistry } from '../process-registry.ts';
import { byteLru, budgetBytesFrom, bytesOf, type ByteLru } from './byte-lru.ts';
import { areTagsExpired, areTagsStale, expireTags, latestExpiry, mergeTagExpiries, now, tagExpiry } from './tag-expiries.ts';

/** Redis names: the hash of every tag's latest expiry, and the channel that announces new ones. */
export const TAGS_KEY = 'cordee:cache-tags';
/** Expiries older than the longest a cached entry lives (an hour, lib/server/cached-queries.ts) no longer matter: a day is ample. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** Next.js's public 'use cache' handler contract (`cacheHandlers` in next.config.ts), as this handler implements it. */
export interface UseCacheEntry {
  value: ReadableStream<Uint8Array>;
  tags: string[];
  stale: number;
  timestamp: number;
  expire: number;
  revalidate: number;
}
export interface UseCacheHandler {
  get(cacheKey: string, softTags: string[]): Promise<undefined | UseCacheEntry>;
  set(cacheKey: string, pendingEntry: Promise<UseCacheEntry>): Promise<void>;
  refreshTags(): Promise<void>;
  getExpiration(tags: string[]): Promise<number>;
  updateTags(tags: string[], durations?: { expire?: number }): Promise<void>;
}

/** A kept entry: its metadata and its stream's bytes. */
type Stored = { entry: Omit<UseCacheEntry, 'value'>; bytes: Uint8Array };

/** This process's entries and its Redis connection (one per process: Next.js may load this module more than once). */
export interface DataCacheState {
  entries: ByteLru<Stored>;
  redis?: { publisher: Redis };
}

/** A JSON line like the app's pino logs (this module cannot import lib/log.ts). */
function log(level: string, msg: string, extra: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), service: 'cordee', msg, ...extra })}\n`);
}

/** Merges expiries into this process's manifest, keeping the later of each time. */
export const applyTagExpiries = mergeTagExpiries;

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One pair of connections per process: Next.js may load this module more than once. */
function connect(url: string): { publisher: Redis } {
  if (state.redis) return state.redis;
  const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, maxRetriesPerRequest: null });
  let warned = false;
  const onError = (error: Error) => {
    if (warned) return;
    warned = true;
    log('warn', 'cache tags: Redis unreachable, expiries stay on this instance until it is back', { error: error.message });
  };
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('message', (_channel: string, message: string) => {
    const updates = parse(message);
    if (updates && typeof updates === 'object') applyTagExpiries(updates as Record<string, unknown>);
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
  return (state.redis = { publisher });
}

// Outside the bundles, lib/env.ts cannot be imported here; it validates the same variable for the app.
// eslint-disable-next-line no-restricted-properties
const redisUrl = process.env.REDIS_URL?.trim();
// Connected on first use, when the server handles requests (`next build` never opens a connection).
const sharing = () => (redisUrl ? connect(redisUrl) : null);

/** Entries' bytes and metadata, counted with their tags; one store per process, in the process registry. */
const state: DataCacheState = (processRegistry().dataCache ??= {
  // Outside the bundles, lib/env.ts cannot be imported here; it validates the same variable for the app.
  // eslint-disable-next-line no-restricted-properties
  entries: byteLru<Stored>(budgetBytesFrom(process.env, 'DATA_CACHE_BUDGET_MB'), (stored) => stored.bytes.byteLength + bytesOf(stored.entry.tags)),
});
const { entries } = state;
/** Sets still reading their stream: a get of the same key waits for them (the contract's rule). */
const pendingSets = new Map<string, Promise<void>>();

/** A stream's bytes, whole (throws when the stream errors: a partial entry is not kept). */
async function bytesOfStream(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A new stream over stored bytes (every get returns its own). */
const streamOf = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice());
      controller.close();
    },
  });

const handler: UseCacheHandler = {
  async get(cacheKey) {
    const pending = pendingSets.get(cacheKey);
    if (pending) await pending;
    const stored = entries.get(cacheKey);
    if (!stored) return undefined;
    const { entry, bytes } = stored;
    // In memory, a stale entry is not worth serving again: past `revalidate` or an expired tag is a miss.
    if (entry.expire < 0 || now() > entry.timestamp + entry.revalidate * 1000) return undefined;
    if (areTagsExpired(entry.tags, entry.timestamp)) return undefined;
    // A stale tag: served once more, and Next.js makes a new entry in the background.
    const revalidate = areTagsStale(entry.tags, entry.timestamp) ? -1 : entry.revalidate;
    return { ...entry, revalidate, value: streamOf(bytes) };
  },
  async set(cacheKey, pendingEntry) {
    let done = () => {};
    pendingSets.set(cacheKey, new Promise<void>((resolve) => (done = resolve)));
    try {
      const entry = await pendingEntry;
      // An entry that expires at once (dynamic) is not kept.
      if (entry.expire === 0) return;
      const bytes = await bytesOfStream(entry.value);
      const metadata = { tags: entry.tags, stale: entry.stale, timestamp: entry.timestamp, expire: entry.expire, revalidate: entry.revalidate };
      entries.set(cacheKey, { entry: metadata, bytes });
    } catch {
      // A failed render or stream: nothing is kept, the next read renders again.
    } finally {
      done();
      pendingSets.delete(cacheKey);
    }
  },
  // Called as a request starts: the first one opens the connections, which then follow every expiry.
  refreshTags: async () => void sharing(),
  getExpiration: async (tags) => (sharing(), latestExpiry(tags)),
  async updateTags(tags, durations) {
    expireTags(tags, durations);
    const shared = sharing();
    if (!shared) return;
    // A connection still opening (this instance's first requests) gets a second to be ready.
    if (shared.publisher.status !== 'ready' && shared.publisher.status !== 'end') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        shared.publisher.once('ready', () => (clearTimeout(timer), resolve()));
      });
    }
    if (shared.publisher.status !== 'ready') {
      log('warn', 'cache tags: expiry not shared, Redis is not connected', { tags });
      return;
    }
    const updates = Object.fromEntries(tags.map((tag) => [tag, tagExpiry(tag) ?? {}]));
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
