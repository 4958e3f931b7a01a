import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growCatalogue } from '@/lib/db/seed/scale';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

describe.each(testDatabaseServers())('growing the catalogue on the $name server', (server) => {
  let database: IsolatedDatabase;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
  });
  afterAll(async () => database?.close());

  it('clones trips with translations and prices up to the target, with unique slugs', async () => {
    const total = await growCatalogue(database.db, 250);
    expect(total).toBe(250);
    const counts = (
      await database.db.execute<{ trips: number; translations: number; unpriced: number; duplicate_slugs: number }>(sql`
        SELECT (SELECT count(*)::int FROM trips) AS trips,
          (SELECT count(*)::int FROM trip_translations) AS translations,
          (SELECT count(*)::int FROM trips t WHERE NOT EXISTS (SELECT 1 FROM price_entries p WHERE p.trip_id = t.id)) AS unpriced,
          (SELECT count(*)::int FROM (SELECT locale, slug FROM trip_translations GROUP BY 1, 2 HAVING count(*) > 1) d) AS duplicate_slugs`)
    ).rows[0]!;
    expect(counts).toEqual({ trips: 250, translations: 750, unpriced: 0, duplicate_slugs: 0 });
    // Growing to a size already reached does nothing.
    expect(await growCatalogue(database.db, 100)).toBe(250);
  });

  it("gives clones no cover nor photos of their own (their files are the original's), also when grown before", async () => {
    const claiming = async () =>
      (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM trips WHERE key LIKE 'scale-%' AND (has_cover OR photo_count > 0)`)).rows[0]!.n;
    expect(await claiming()).toBe(0);
    const originals = (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM trips WHERE key NOT LIKE 'scale-%' AND has_cover`)).rows[0]!.n;
    expect(originals).toBeGreaterThan(0);
    // A catalogue grown when clones copied the original's flags.
    await database.db.execute(sql`UPDATE trips SET has_cover = true, photo_count = 5 WHERE key LIKE 'scale-%'`);
    expect(await claiming()).toBeGreaterThan(0);
    expect(await growCatalogue(database.db, 250)).toBe(250);
    expect(await claiming()).toBe(0);
  });
});
