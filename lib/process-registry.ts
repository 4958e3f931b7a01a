// The one place where this process's serving state is shared between copies of the same module
// (docs/decisions/0283). Next.js loads the cache handlers itself, outside the app's bundles, and
// bundles the app's server code more than once (pages, route handlers, the proxy, instrumentation):
// a module-level variable would be one per copy. Each slot is created by its owner module on first
// use and read by the others; the serving layer keeps no other state on globalThis.
import type { PageStoreState } from './cache/page-store.ts';
import type { DataCacheState } from './cache/shared-cache-tags.ts';
import type { TagExpiry } from './cache/tag-expiries.ts';
import type { SocialImageStore } from './server/social-images.ts';

export interface ProcessRegistry {
  /** The pages cached whole, and what they answer outside Next.js's cache calls (owner: lib/cache/page-store.ts). */
  pageStore?: PageStoreState;
  /** When each cache tag was last expired or marked stale (owner: lib/cache/tag-expiries.ts). */
  tagExpiries?: Map<string, TagExpiry>;
  /** The 'use cache' entries, and the Redis connection that shares tag expiries (owner: lib/cache/shared-cache-tags.ts). */
  dataCache?: DataCacheState;
  /** The policy of a page cached whole from its inline scripts' hashes (owner: lib/security/page-policy.ts). */
  pagePolicy?: (hashes: readonly string[]) => string;
  /** The social images rendered as PNG, and those being rendered (owner: lib/server/social-images.ts). */
  socialImages?: SocialImageStore;
  /** The timers of the jobs that run while the server runs, by name (owner: lib/schedule.ts). */
  schedules?: Map<string, NodeJS.Timeout>;
}

const KEY = Symbol.for('cordee.process-registry');

/** This process's registry (created on first call). */
export function processRegistry(): ProcessRegistry {
  const holder = globalThis as unknown as Record<symbol, ProcessRegistry | undefined>;
  return (holder[KEY] ??= {});
}
