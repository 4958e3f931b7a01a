import { sql } from 'drizzle-orm';
import { refreshTripSearch } from '../../search/search-index';
import type { Database } from '../database';

/**
 * Grows the catalogue to `target` trips for scale tests (50,000 trips) by cloning the
 * hand-written trips server-side: deterministic keys and slugs (`scale-<n>-…`), coordinates spread
 * around the original, a duration and price that vary with n. Translations and price entries are
 * cloned with them; open groups and reviews are not (they belong to the demo trips), nor the cover
 * and photos, whose files are named by the original's key: a clone shows the default cover, as a
 * copied trip does (lib/db/queries/trip-authoring.ts).
 */
export async function growCatalogue(db: Database, target: number, log: (line: string) => void = () => undefined): Promise<number> {
  const count = async () => (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM trips`)).rows[0]!.n;
  let total = await count();
  const base = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM trips WHERE key NOT LIKE 'scale-%'`)).rows[0]!.n;
  if (base === 0) throw new Error('Seed the demo catalogue first: there is no trip to grow from.');
  const batch = 5000;
  // Clones grown before they stopped claiming the original's files.
  await db.execute(sql`UPDATE trips SET has_cover = false, photo_count = 0 WHERE key LIKE 'scale-%' AND (has_cover OR photo_count > 0)`);

  while (total < target) {
    const from = total + 1;
    const to = Math.min(target, total + batch);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        WITH source AS (
          SELECT t.*, row_number() OVER (ORDER BY t.id) - 1 AS position FROM trips t WHERE t.key NOT LIKE 'scale-%'
        )
        INSERT INTO trips (key, guide_id, country_code, location, latitude, longitude, activities, trip_type, languages,
          skill_level, fitness_level, trip_level, duration_days, min_days, max_group_size, pricing_mode, currency,
          customer_fee, discount_percent, included, not_included, seasons, monthly_capacity, photo_count, has_cover, published)
        SELECT 'scale-' || g || '-' || s.key, s.guide_id, s.country_code, s.location,
          greatest(-89.9, least(89.9, s.latitude + ((g::bigint * 7919) % 2001 - 1000) / 1000.0)),
          s.longitude + ((g::bigint * 104729) % 2001 - 1000) / 1000.0,
          s.activities, s.trip_type, s.languages, s.skill_level, s.fitness_level, s.trip_level,
          s.duration_days + (g % 3), s.min_days, s.max_group_size, s.pricing_mode, s.currency,
          s.customer_fee, s.discount_percent, s.included, s.not_included, s.seasons, s.monthly_capacity, 0, false, true
        FROM generate_series(${from}::int, ${to}::int) AS g
        JOIN source s ON s.position = g % ${base}
      `);
      await tx.execute(sql`
        INSERT INTO trip_translations (trip_id, locale, slug, title, summary, description, region, itinerary, faq, why, information, assistance, search_text)
        SELECT c.id, tt.locale, tt.slug || '-' || split_part(c.key, '-', 2), tt.title, tt.summary, tt.description, tt.region,
          tt.itinerary, tt.faq, tt.why, tt.information, tt.assistance, tt.search_text
        FROM trips c
        JOIN trips s ON s.key = substring(c.key FROM '^scale-[0-9]+-(.*)$')
        JOIN trip_translations tt ON tt.trip_id = s.id
        WHERE c.key LIKE 'scale-%' AND split_part(c.key, '-', 2)::int BETWEEN ${from} AND ${to}
      `);
      await tx.execute(sql`
        INSERT INTO price_entries (trip_id, people, amount_minor)
        SELECT c.id, p.people, (p.amount_minor * (90 + (split_part(c.key, '-', 2)::int % 21)) / 100)::int
        FROM trips c
        JOIN trips s ON s.key = substring(c.key FROM '^scale-[0-9]+-(.*)$')
        JOIN price_entries p ON p.trip_id = s.id
        WHERE c.key LIKE 'scale-%' AND split_part(c.key, '-', 2)::int BETWEEN ${from} AND ${to}
      `);
    });
    total = await count();
    log(`… ${total} trips`);
  }
  await refreshTripSearch(db);
  return total;
}
