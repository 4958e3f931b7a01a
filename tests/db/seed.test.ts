import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyTypes } from '@/lib/catalogue/vocabulary';
import { loadDemoCatalogue, seedDemoCatalogue } from '@/lib/db/seed';
import { staticPageKeys } from '@/lib/routing/static-pages';
import { isolatedDatabase, SEED_DATE, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const countAll = async (database: IsolatedDatabase) =>
  (
    await database.db.execute<Record<string, number>>(sql`
      SELECT (SELECT count(*)::int FROM trips) AS trips, (SELECT count(*)::int FROM trip_translations) AS trip_translations,
        (SELECT count(*)::int FROM guides) AS guides, (SELECT count(*)::int FROM price_entries) AS price_entries,
        (SELECT count(*)::int FROM open_groups) AS open_groups, (SELECT count(*)::int FROM reviews) AS reviews,
        (SELECT count(*)::int FROM hotels) AS hotels, (SELECT count(*)::int FROM unavailable_ranges) AS unavailable_ranges,
        (SELECT count(*)::int FROM landing_pages) AS landing_pages, (SELECT count(*)::int FROM blog_posts) AS blog_posts,
        (SELECT count(*)::int FROM static_page_translations) AS static_page_translations, (SELECT count(*)::int FROM countries) AS countries`)
  ).rows[0]!;

describe.each(testDatabaseServers())('the demo catalogue on the $name server', (server) => {
  let database: IsolatedDatabase;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
  });
  afterAll(async () => database?.close());

  it('is idempotent: seeding again changes no count', async () => {
    const before = await countAll(database);
    await seedDemoCatalogue(database.db, loadDemoCatalogue(), SEED_DATE);
    expect(await countAll(database)).toEqual(before);
  });

  it('has every country of ISO 3166 with a currency, named in three languages', async () => {
    const rows = await database.db.execute<{ code: string; currency_code: string; name: Record<string, string> }>(
      sql`SELECT code, currency_code, name FROM countries WHERE code IN ('FR', 'CH', 'NP', 'JP')`,
    );
    const byCode = Object.fromEntries(rows.rows.map((row) => [row.code, row]));
    expect(byCode.FR!.currency_code).toBe('EUR');
    expect(byCode.CH!.currency_code).toBe('CHF');
    expect(byCode.JP!.currency_code).toBe('JPY');
    expect(byCode.CH!.name).toEqual({ en: 'Switzerland', fr: 'Suisse', es: 'Suiza' });
    expect((await countAll(database)).countries).toBeGreaterThanOrEqual(240);
  });

  it('every trip has its three translations, price entries, and open groups within the next 12 months', async () => {
    const problems = await database.db.execute<{ key: string }>(sql`
      SELECT t.key FROM trips t
      WHERE (SELECT count(*) FROM trip_translations tt WHERE tt.trip_id = t.id) <> 3
         OR NOT EXISTS (SELECT 1 FROM price_entries p WHERE p.trip_id = t.id)`);
    expect(problems.rows).toEqual([]);
    const groups = await database.db.execute<{ first: string; last: string }>(sql`SELECT min(starts_on)::text AS first, max(starts_on)::text AS last FROM open_groups`);
    expect(groups.rows[0]!.first > '2026-06-15').toBe(true);
    expect(groups.rows[0]!.last < '2027-07-01').toBe(true);
  });

  it('covers what a real marketplace shows', async () => {
    const counts = await countAll(database);
    const catalogue = loadDemoCatalogue();
    expect(counts.trips).toBe(catalogue.trips.length);
    expect(counts.trips).toBeGreaterThanOrEqual(60);
    expect(counts.guides).toBeGreaterThanOrEqual(15);
    const tripCountries = await database.db.execute<{ n: number }>(sql`SELECT count(DISTINCT country_code)::int AS n FROM trips`);
    expect(tripCountries.rows[0]!.n).toBeGreaterThanOrEqual(10);
    expect(counts.reviews).toBe(catalogue.reviews.length);
    expect(counts.reviews).toBeGreaterThanOrEqual(200);
    const noComment = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM reviews WHERE comment IS NULL`);
    expect(noComment.rows[0]!.n).toBeGreaterThan(0);
    expect(counts.landing_pages).toBeGreaterThanOrEqual(10);
    expect(counts.blog_posts).toBeGreaterThanOrEqual(6);
    expect(counts.static_page_translations).toBe(staticPageKeys.length * 3);
    const types = await database.db.execute<{ company_type: string }>(sql`SELECT DISTINCT company_type FROM guides`);
    expect(types.rows.map((row) => row.company_type).sort()).toEqual([...companyTypes].sort());
    const currencies = await database.db.execute<{ n: number }>(sql`SELECT count(DISTINCT currency)::int AS n FROM trips`);
    expect(currencies.rows[0]!.n).toBeGreaterThanOrEqual(5);
    const activities = await database.db.execute<{ activity: string }>(sql`SELECT DISTINCT unnest(activities) AS activity FROM trips`);
    expect(activities.rows.map((row) => row.activity)).toEqual(expect.arrayContaining(['trekking', 'rock-climbing', 'ski-touring', 'mountaineering']));
  });
});
