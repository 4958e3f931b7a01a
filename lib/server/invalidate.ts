import 'server-only';
import { revalidateTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { refreshTripSearch } from '@/lib/search/search-index';
import { cacheTags } from './cache-tags';
import { photoCacheTag } from './http-cache-policy';
import { purgeSharedCaches } from './shared-cache-purge';
import sharedCacheTags from '../cache/shared-cache-tags';

// Expire at once: the next request reads the database again (read-your-own-writes for guides).
const NOW = { expire: 0 } as const;

/**
 * Expires the tags everywhere a page showing them is kept: Next.js's caches (and through them the
 * embedded front, which serves only a copy whose tags did not expire), other instances (Redis), and
 * the caches in front (Varnish).
 */
function expire(...tags: string[]): void {
  for (const tag of tags) revalidateTag(tag, NOW);
  purgeSharedCaches(tags);
}

/** The cached pages showing a trip expire: its page and calendar, and every list of trips. */
export function invalidateTripPages(tripId: number): void {
  expire(cacheTags.trip(tripId), cacheTags.catalogue);
}

/** A guide's terms changed: their page and their trips' pages and calendars expire. */
export function invalidateGuideTrips(guideId: number, tripIds: readonly number[]): void {
  expire(cacheTags.guide(guideId), ...tripIds.map(cacheTags.trip));
}

/**
 * The same expiry from a scheduled job, which has no request for revalidateTag: through the cache
 * handler's own contract (`updateTags`, what Next.js calls after a request's revalidateTag), which
 * expires the tags in this process's manifest, the pages cached whole included, and shares them
 * through Redis; the caches in front are purged as above.
 */
export async function expireTripPagesOutsideRequest(tripId: number): Promise<void> {
  const tags = [cacheTags.trip(tripId), cacheTags.catalogue];
  await sharedCacheTags.updateTags(tags, NOW);
  purgeSharedCaches(tags);
}

/**
 * After a trip's data changed (guide area): its cached pages expire and the search's
 * copy of the catalogue is refreshed. Call it from a Server Action or a route handler.
 */
export async function invalidateTrip(tripId: number): Promise<void> {
  invalidateTripPages(tripId);
  await refreshTripSearch(getDb());
}

/** After a guide's data changed: the guide's page, the pages of the guide's trips and every list of trips expire; the search is refreshed. */
export async function invalidateGuide(guideId: number): Promise<void> {
  expire(cacheTags.guide(guideId), cacheTags.catalogue);
  await refreshTripSearch(getDb());
}

/** A review's text changed without moving any average (a guide's reply, a stored translation): the trip's page and its guide's page expire. */
export function invalidateReviewPages(tripId: number, guideId: number): void {
  expire(cacheTags.trip(tripId), cacheTags.guide(guideId));
}

/**
 * Photos no longer public (their trip unpublished, or deleted): their immutable copies leave the
 * caches in front (Varnish's xkey, one tag per photo; decision 0291). Browsers keep theirs.
 */
export function purgePhotoCopies(storageKeys: readonly string[]): void {
  if (storageKeys.length > 0) purgeSharedCaches(storageKeys.map(photoCacheTag));
}
