import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../locales';
import type { EntityKind } from '../routing/served-paths';
import type { Database } from './database';
import { byteLru, bytesOf } from '../cache/byte-lru';

/** `maxTravellers`: a trip's largest group (the traveller counts its page prices, spec §9). */
export type EntityRoute = { status: 'ok'; maxTravellers?: number } | { status: 'redirect'; slug: string } | { status: 'missing' };

/** The translations table of each entity with per-locale slugs, and which rows are public. */
const localizedSlugs: Record<Exclude<EntityKind, 'guide'>, { table: SQL; owner: SQL; visible: SQL; maxTravellers?: SQL }> = {
  trip: {
    table: sql`trip_translations`,
    owner: sql`trip_id`,
    visible: sql`EXISTS (SELECT 1 FROM trips e WHERE e.id = t.trip_id AND e.published)`,
    maxTravellers: sql`(SELECT e.max_group_size FROM trips e WHERE e.id = t.trip_id)`,
  },
  landing: { table: sql`landing_page_translations`, owner: sql`landing_page_id`, visible: sql`TRUE` },
  blogPost: {
    table: sql`blog_post_translations`,
    owner: sql`post_id`,
    visible: sql`EXISTS (SELECT 1 FROM blog_posts e WHERE e.id = t.post_id AND e.published_at <= now())`,
  },
};

/**
 * What an entity path serves. Trips, landing pages and blog posts have a slug per locale: the
 * slug of this locale is ok; a public row whose slug belongs to another locale or differs in case
 * redirects to this locale's slug (one canonical URL per locale); else missing (404). Guides have
 * one slug in every locale: other letter case redirects.
 */
export async function resolveEntityRoute(db: Database, entity: EntityKind, locale: Locale, slug: string): Promise<EntityRoute> {
  const wanted = slug.toLowerCase();
  if (entity === 'guide') {
    const result = await db.execute<{ slug: string }>(sql`SELECT slug FROM guides WHERE slug = ${wanted} AND status = 'approved' LIMIT 1`);
    const row = result.rows[0];
    if (!row) return { status: 'missing' };
    return row.slug === slug ? { status: 'ok' } : { status: 'redirect', slug: row.slug };
  }
  const { table, owner, visible, maxTravellers } = localizedSlugs[entity];
  const result = await db.execute<{ local_slug: string | null; max_travellers: number | null }>(sql`
    SELECT local.slug AS local_slug, ${maxTravellers ?? sql`NULL::int`} AS max_travellers
    FROM ${table} t
    LEFT JOIN ${table} local ON local.${owner} = t.${owner} AND local.locale = ${locale}
    WHERE t.slug = ${wanted} AND ${visible}
    ORDER BY (t.locale = ${locale}) DESC
    LIMIT 1`);
  const row = result.rows[0];
  if (!row?.local_slug) return { status: 'missing' };
  if (row.local_slug !== slug) return { status: 'redirect', slug: row.local_slug };
  const max = row.max_travellers === null ? NaN : Number(row.max_travellers);
  return Number.isInteger(max) && max >= 1 ? { status: 'ok', maxTravellers: max } : { status: 'ok' };
}

/** The trip case of {@link resolveEntityRoute}. */
export function resolveTripRoute(db: Database, locale: Locale, slug: string): Promise<EntityRoute> {
  return resolveEntityRoute(db, 'trip', locale, slug);
}

type Cached = { route: EntityRoute; expires: number };

/**
 * {@link resolveEntityRoute} behind a small in-process cache (found routes 60 s, missing ones 10 s),
 * least recently used out past `budgetBytes` (real bytes of keys and answers), so that random
 * paths cannot grow it.
 */
export function cachedEntityRoutes(db: () => Database, budgetBytes: number, now: () => number = Date.now) {
  const cache = byteLru<Cached>(budgetBytes, (cached) => bytesOf(cached.route) + 16);
  return async (entity: EntityKind, locale: Locale, slug: string): Promise<EntityRoute> => {
    const key = `${entity}/${locale}/${slug}`;
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.route;
    const route = await resolveEntityRoute(db(), entity, locale, slug);
    cache.set(key, { route, expires: now() + (route.status === 'missing' ? 10_000 : 60_000) });
    return route;
  };
}
