import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSimilarTrips } from '@/lib/db/queries/trip-cards';
import { cachedEntityRoutes, resolveEntityRoute, resolveTripRoute } from '@/lib/db/entity-routes';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

describe.each(testDatabaseServers())('trip routes and cards on the $name server', (server) => {
  let database: IsolatedDatabase;
  let slugs: Record<string, string>;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const rows = await database.db.execute<{ locale: string; slug: string }>(
      sql`SELECT locale, slug FROM trip_translations WHERE trip_id = (SELECT id FROM trips WHERE key = 'alps-tour-du-mont-blanc')`,
    );
    slugs = Object.fromEntries(rows.rows.map((row) => [row.locale, row.slug]));
  });
  afterAll(async () => database?.close());

  it('serves a slug in its own locale, redirects another locale slug or other case, misses the rest', async () => {
    const [{ max }] = (await database.db.execute<{ max: number }>(sql`SELECT max_group_size AS max FROM trips WHERE key = 'alps-tour-du-mont-blanc'`)).rows as [{ max: number }];
    // The proxy keeps only the traveller counts the trip prices (its largest group) as page variants.
    expect(await resolveTripRoute(database.db, 'fr', slugs.fr!)).toEqual({ status: 'ok', maxTravellers: max });
    expect(await resolveTripRoute(database.db, 'fr', slugs.en!)).toEqual({ status: 'redirect', slug: slugs.fr });
    expect(await resolveTripRoute(database.db, 'en', slugs.en!.toUpperCase())).toEqual({ status: 'redirect', slug: slugs.en });
    expect(await resolveTripRoute(database.db, 'es', 'no-such-trip')).toEqual({ status: 'missing' });
    await database.db.execute(sql`UPDATE trips SET published = false WHERE key = 'alps-tour-du-mont-blanc'`);
    expect(await resolveTripRoute(database.db, 'en', slugs.en!)).toEqual({ status: 'missing' });
    await database.db.execute(sql`UPDATE trips SET published = true WHERE key = 'alps-tour-du-mont-blanc'`);
  });

  it('resolves guide, landing and blog slugs like trip slugs', async () => {
    const guide = (await database.db.execute<{ slug: string }>(sql`SELECT slug FROM guides ORDER BY id LIMIT 1`)).rows[0]!.slug;
    expect(await resolveEntityRoute(database.db, 'guide', 'fr', guide)).toEqual({ status: 'ok' });
    expect(await resolveEntityRoute(database.db, 'guide', 'en', guide.toUpperCase())).toEqual({ status: 'redirect', slug: guide });
    expect(await resolveEntityRoute(database.db, 'guide', 'en', 'nobody')).toEqual({ status: 'missing' });
    expect(await resolveEntityRoute(database.db, 'landing', 'fr', 'trekking-au-nepal')).toEqual({ status: 'ok' });
    expect(await resolveEntityRoute(database.db, 'landing', 'fr', 'trekking-in-nepal')).toEqual({ status: 'redirect', slug: 'trekking-au-nepal' });
    expect(await resolveEntityRoute(database.db, 'landing', 'en', 'trekking-in-atlantis')).toEqual({ status: 'missing' });
    const post = (
      await database.db.execute<{ en: string; es: string }>(sql`
        SELECT e.slug AS en, s.slug AS es FROM blog_post_translations e JOIN blog_post_translations s ON s.post_id = e.post_id AND s.locale = 'es'
        JOIN blog_posts p ON p.id = e.post_id WHERE e.locale = 'en' AND p.published_at <= now() LIMIT 1`)
    ).rows[0]!;
    expect(await resolveEntityRoute(database.db, 'blogPost', 'es', post.es)).toEqual({ status: 'ok' });
    expect(await resolveEntityRoute(database.db, 'blogPost', 'es', post.en)).toEqual({ status: 'redirect', slug: post.es });
    expect(await resolveEntityRoute(database.db, 'trip', 'en', 'trekking-au-nepal')).toEqual({ status: 'missing' });
  });

  it('caches answers for a while', async () => {
    let now = 0;
    const routes = (locale: 'en', slug: string) => cached('trip', locale, slug);
    const cached = cachedEntityRoutes(() => database.db, 64 * 1024, () => now);
    expect(await routes('en', 'not-yet')).toEqual({ status: 'missing' });
    await database.db.execute(sql`UPDATE trip_translations SET slug = 'not-yet' WHERE locale = 'en' AND slug = ${slugs.en}`);
    expect(await routes('en', 'not-yet')).toEqual({ status: 'missing' });
    now = 11_000;
    expect(await routes('en', 'not-yet')).toMatchObject({ status: 'ok' });
    await database.db.execute(sql`UPDATE trip_translations SET slug = ${slugs.en} WHERE locale = 'en' AND slug = 'not-yet'`);
  });

  it('lists similar trips (same activity or country, both first) with prices and ratings, in one query', async () => {
    const [trip] = (
      await database.db.execute<{ id: number; activities: string[]; country_code: string }>(sql`SELECT id, activities, country_code FROM trips WHERE key = 'alps-tour-du-mont-blanc'`)
    ).rows;
    const before = database.queryCount();
    const similar = await listSimilarTrips({ id: trip!.id, activities: trip!.activities, countryCode: trip!.country_code }, 'es', 4, database.db);
    expect(database.queryCount() - before).toBe(1);
    expect(similar).toHaveLength(4);
    expect(similar.every((card) => card.id !== trip!.id)).toBe(true);
    expect(similar[0]!.countryCode).toBe(trip!.country_code);
    expect(similar[0]!.activities.some((activity) => trip!.activities.includes(activity))).toBe(true);
    for (const card of similar) {
      expect(card.priceEntries.length).toBeGreaterThan(0);
      expect(card.slug).toMatch(/^[a-z0-9-]+$/);
    }
    const none = await listSimilarTrips({ id: trip!.id, activities: ['heli-skiing'], countryCode: 'AQ' }, 'en', 4, database.db);
    expect(none.every((card) => card.activities.includes('heli-skiing'))).toBe(true);
  });
});
