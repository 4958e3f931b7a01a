import { sql } from 'drizzle-orm';
import type { Locale } from '../locales';
import type { Database } from './database';

export type TripRoute = { status: 'ok' } | { status: 'redirect'; slug: string } | { status: 'missing' };

/**
 * What a trip path serves: the trip whose slug this is in the locale (ok); a published trip whose
 * slug belongs to another locale or differs in case (redirect to this locale's slug, so every trip
 * has one canonical URL per locale); else missing (404).
 */
export async function resolveTripRoute(db: Database, locale: Locale, slug: string): Promise<TripRoute> {
  const wanted = slug.toLowerCase();
  const result = await db.execute<{ locale: string; slug: string; local_slug: string | null }>(sql`
    SELECT t.locale, t.slug, local.slug AS local_slug
    FROM trip_translations t
    JOIN trips ON trips.id = t.trip_id AND trips.published
    LEFT JOIN trip_translations local ON local.trip_id = t.trip_id AND local.locale = ${locale}
    WHERE t.slug = ${wanted}
    ORDER BY (t.locale = ${locale}) DESC
    LIMIT 1`);
  const row = result.rows[0];
  if (!row?.local_slug) return { status: 'missing' };
  return row.local_slug === slug ? { status: 'ok' } : { status: 'redirect', slug: row.local_slug };
}

type Cached = { route: TripRoute; expires: number };
const MAX_ENTRIES = 5_000;

/**
 * {@link resolveTripRoute} behind a small in-process cache (found routes 60 s, missing ones 10 s),
 * bounded so that random paths cannot grow it without limit.
 */
export function cachedTripRoutes(db: () => Database, now: () => number = Date.now) {
  const cache = new Map<string, Cached>();
  return async (locale: Locale, slug: string): Promise<TripRoute> => {
    const key = `${locale}/${slug}`;
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.route;
    const route = await resolveTripRoute(db(), locale, slug);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { route, expires: now() + (route.status === 'missing' ? 10_000 : 60_000) });
    return route;
  };
}
