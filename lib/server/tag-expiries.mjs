// The tags manifest of this process: when each cache tag (lib/server/cache-tags.ts, and Next.js's
// implicit path tags) was last expired or marked stale. Both cache handlers write and read it:
// the 'use cache' handler (lib/server/shared-cache-tags.mjs, `updateTags`) and the page store
// (lib/server/page-store.mjs, `revalidateTag`); the Redis sharing merges other instances'
// expiries into it. Ours, not Next.js's internal one: no import from `next/dist` (decision 0150).
// One map per process through a global symbol: Next.js loads these modules more than once.

/** @type {Map<string, { expired?: number; stale?: number }>} */
const manifest = (globalThis[Symbol.for('cordee.tag-expiries')] ??= new Map());

/** Now in milliseconds, as Next.js stamps entries (`timestamp`, `lastModified`). */
export const now = () => performance.timeOrigin + performance.now();

/** A tag's expiry record (a copy), or undefined. */
export function tagExpiry(tag) {
  const entry = manifest.get(tag);
  return entry ? { ...entry } : undefined;
}

/**
 * The contract of `CacheHandler.updateTags(tags, durations)` and `revalidateTag(tags, durations)`:
 * without durations (`updateTag`, `revalidateTag(tag)` without a profile) the tags expire now; with
 * durations they are stale now and expire `durations.expire` seconds later (0: now).
 */
export function expireTags(tags, durations, at = Math.floor(now())) {
  for (const tag of tags) {
    const current = manifest.get(tag) ?? {};
    if (durations) {
      const update = { ...current, stale: at };
      if (durations.expire !== undefined) update.expired = at + durations.expire * 1000;
      manifest.set(tag, update);
    } else {
      manifest.set(tag, { ...current, expired: at });
    }
  }
}

/** Merges expiries (another instance's), keeping the later of each time; anything not a time is ignored. */
export function mergeTagExpiries(updates) {
  for (const [tag, entry] of Object.entries(updates)) {
    if (!entry || typeof entry !== 'object') continue;
    const current = manifest.get(tag) ?? {};
    const merged = { ...current };
    for (const field of ['expired', 'stale']) {
      const value = entry[field];
      if (typeof value === 'number' && Number.isFinite(value) && !(current[field] >= value)) merged[field] = value;
    }
    manifest.set(tag, merged);
  }
}

/** Whether one of the tags expired after `timestamp` (and its expiry time has come). */
export function areTagsExpired(tags, timestamp, at = now()) {
  for (const tag of tags) {
    const expiredAt = manifest.get(tag)?.expired;
    if (typeof expiredAt === 'number' && expiredAt <= at && expiredAt > timestamp) return true;
  }
  return false;
}

/** Whether one of the tags was marked stale after `timestamp`. */
export function areTagsStale(tags, timestamp) {
  for (const tag of tags) {
    const staleAt = manifest.get(tag)?.stale ?? 0;
    if (staleAt > timestamp) return true;
  }
  return false;
}

/** The latest expiry of the tags, 0 when none was ever expired (`CacheHandler.getExpiration`). */
export function latestExpiry(tags) {
  return Math.max(0, ...tags.map((tag) => manifest.get(tag)?.expired ?? 0));
}
