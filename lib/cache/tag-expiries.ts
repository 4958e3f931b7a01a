// The tags manifest of this process: when each cache tag (lib/server/cache-tags.ts, and Next.js's
// implicit path tags) was last expired or marked stale. Both cache handlers write and read it:
// the 'use cache' handler (lib/cache/shared-cache-tags.ts, `updateTags`) and the page store
// (lib/cache/page-store.ts, `revalidateTag`); the Redis sharing merges other instances'
// expiries into it. Ours, not Next.js's internal one: no import from `next/dist` (decision 0150).
// One map per process, in the process registry: Next.js loads these modules more than once.
import { processRegistry } from '../process-registry.ts';

/** When a tag was last expired and marked stale (ms). */
export interface TagExpiry {
  expired?: number;
  stale?: number;
}

const manifest = (processRegistry().tagExpiries ??= new Map<string, TagExpiry>());

/** Now in milliseconds, as Next.js stamps entries (`timestamp`, `lastModified`). */
export const now = () => performance.timeOrigin + performance.now();

/** A tag's expiry record (a copy), or undefined. */
export function tagExpiry(tag: string): TagExpiry | undefined {
  const entry = manifest.get(tag);
  return entry ? { ...entry } : undefined;
}

/**
 * The contract of `CacheHandler.updateTags(tags, durations)` and `revalidateTag(tags, durations)`:
 * without durations (`updateTag`, `revalidateTag(tag)` without a profile) the tags expire now; with
 * durations they are stale now and expire `durations.expire` seconds later (0: now).
 */
export function expireTags(tags: readonly string[], durations?: { expire?: number }, at: number = Math.floor(now())): void {
  for (const tag of tags) {
    const current = manifest.get(tag) ?? {};
    if (durations) {
      const update: TagExpiry = { ...current, stale: at };
      if (durations.expire !== undefined) update.expired = at + durations.expire * 1000;
      manifest.set(tag, update);
    } else {
      manifest.set(tag, { ...current, expired: at });
    }
  }
}

/** Merges expiries (another instance's), keeping the later of each time; anything not a time is ignored. */
export function mergeTagExpiries(updates: Record<string, unknown>): void {
  for (const [tag, entry] of Object.entries(updates)) {
    if (!entry || typeof entry !== 'object') continue;
    const current = manifest.get(tag) ?? {};
    const merged: TagExpiry = { ...current };
    for (const field of ['expired', 'stale'] as const) {
      const value = (entry as Record<string, unknown>)[field];
      if (typeof value === 'number' && Number.isFinite(value) && !((current[field] ?? -Infinity) >= value)) merged[field] = value;
    }
    manifest.set(tag, merged);
  }
}

/** Whether one of the tags expired after `timestamp` (and its expiry time has come). */
export function areTagsExpired(tags: readonly string[], timestamp: number, at: number = now()): boolean {
  for (const tag of tags) {
    const expiredAt = manifest.get(tag)?.expired;
    if (typeof expiredAt === 'number' && expiredAt <= at && expiredAt > timestamp) return true;
  }
  return false;
}

/** Whether one of the tags was marked stale after `timestamp`. */
export function areTagsStale(tags: readonly string[], timestamp: number): boolean {
  for (const tag of tags) {
    const staleAt = manifest.get(tag)?.stale ?? 0;
    if (staleAt > timestamp) return true;
  }
  return false;
}

/** The latest expiry of the tags, 0 when none was ever expired (`CacheHandler.getExpiration`). */
export function latestExpiry(tags: readonly string[]): number {
  return Math.max(0, ...tags.map((tag) => manifest.get(tag)?.expired ?? 0));
}
