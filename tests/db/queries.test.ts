import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSitemapEntries } from '@/lib/db/queries/sitemap';
import { getStaticPageContent } from '@/lib/db/queries/static-pages';
import { getTripPageData } from '@/lib/db/queries/trips';
import { locales } from '@/lib/locales';
import { isolatedDatabase, SEED_DATE, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

describe.each(testDatabaseServers())('query functions on the $name server', (server) => {
  let database: IsolatedDatabase;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
  });
  afterAll(async () => database?.close());

  it('getStaticPageContent returns the page in each locale, null for a page not stored', async () => {
    for (const locale of locales) {
      const page = await getStaticPageContent('terms-fwt-waiver', locale, database.db);
      expect(page?.body.length).toBeGreaterThan(200);
    }
    const fr = await getStaticPageContent('about', 'fr', database.db);
    const en = await getStaticPageContent('about', 'en', database.db);
    expect(fr?.title).not.toBe(en?.title);
    await database.db.execute(sql`DELETE FROM static_page_translations WHERE key = 'press' AND locale = 'es'`);
    expect(await getStaticPageContent('press', 'es', database.db)).toBeNull();
  });

  it('listSitemapEntries gives every trip its slug in each locale', async () => {
    const entries = await listSitemapEntries(database.db);
    const trips = (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM trips WHERE published`)).rows[0]!.n;
    expect(entries.trips).toHaveLength(trips);
    for (const trip of entries.trips) expect(Object.keys(trip.slugs).sort()).toEqual(['en', 'es', 'fr']);
    expect(entries.guides.length).toBeGreaterThan(0);
    expect(entries.blogPosts.length).toBeGreaterThan(0);
    expect(entries.landingPages.length).toBeGreaterThan(0);
  });

  it('getTripPageData loads everything a trip page shows in at most 3 round trips', async () => {
    const [row] = (
      await database.db.execute<{ slug: string; trip_id: number }>(sql`
        SELECT tt.slug, tt.trip_id FROM trip_translations tt
        WHERE tt.locale = 'fr' AND EXISTS (SELECT 1 FROM open_groups g WHERE g.trip_id = tt.trip_id)
          AND EXISTS (SELECT 1 FROM reviews r WHERE r.trip_id = tt.trip_id)
        ORDER BY tt.trip_id LIMIT 1`)
    ).rows;
    expect(row).toBeDefined();
    const before = database.queryCount();
    const data = await getTripPageData('fr', row!.slug, database.db, SEED_DATE);
    expect(database.queryCount() - before).toBeLessThanOrEqual(3);

    expect(data).not.toBeNull();
    expect(data!.translation.locale).toBe('fr');
    expect(Object.keys(data!.slugs).sort()).toEqual(['en', 'es', 'fr']);
    expect(data!.trip.guide.name.length).toBeGreaterThan(0);
    expect(data!.guideBio.length).toBeGreaterThan(0);
    expect(data!.trip.priceEntries.length).toBeGreaterThan(0);
    expect(data!.trip.openGroups.length).toBeGreaterThan(0);
    expect(data!.reviewCount).toBe(data!.reviews.length);
    expect(data!.averageRating).toBeGreaterThanOrEqual(1);
    expect(data!.averageRating).toBeLessThanOrEqual(5);
    // A cached result holds only what the page shows: never the guide's mailbox or its mail language.
    expect(data!.trip.guide).not.toHaveProperty('email');
    expect(data!.trip.guide).not.toHaveProperty('emailLocale');
    const [guide] = (await database.db.execute<{ email: string | null }>(sql`SELECT email FROM guides WHERE id = ${data!.trip.guideId}`)).rows;
    if (guide?.email) expect(JSON.stringify(data)).not.toContain(guide.email);
  });

  it('getTripPageData is null for an unknown slug or a slug of another locale', async () => {
    expect(await getTripPageData('en', 'no-such-trip', database.db)).toBeNull();
    const [row] = (await database.db.execute<{ slug: string }>(sql`SELECT slug FROM trip_translations WHERE locale = 'fr' ORDER BY trip_id LIMIT 1`)).rows;
    const english = (await database.db.execute<{ slug: string }>(sql`SELECT slug FROM trip_translations WHERE locale = 'en' ORDER BY trip_id LIMIT 1`)).rows[0]!;
    if (row!.slug !== english.slug) expect(await getTripPageData('en', row!.slug, database.db)).toBeNull();
  });
});
