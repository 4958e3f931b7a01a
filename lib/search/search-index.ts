import { sql, type SQL } from 'drizzle-orm';
import { activities } from '../catalogue/vocabulary';
import type { Database } from '../db/database';
import { locales } from '../locales';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import fr from '../../messages/fr.json';

const activityLabels = { en: en.Catalogue.activity, fr: fr.Catalogue.activity, es: es.Catalogue.activity };

/**
 * Writes `trip_translations.search_text`, what the search matches in each language: the title,
 * region, place, country name and activity names of the trip in that language;
 * lower case and without accents (`cordee_unaccent`), so that `chamonix` finds
 * `Chamonix-Mont-Blanc` and `cordillera blanca` finds `Cordillère Blanche`. Run after any change to
 * a trip's texts, place or activities (the seed, the scale growth, guides' edits). `tripIds`
 * limits it to some trips.
 */
export async function refreshTripSearchText(db: Pick<Database, 'execute'>, tripIds?: readonly number[]): Promise<void> {
  const labels = sql.join(
    locales.flatMap((locale) => activities.map((activity) => sql`(${activity}, ${locale}, ${activityLabels[locale][activity]})`)),
    sql`, `,
  );
  const only: SQL = tripIds ? sql`AND t.id = ANY(${`{${tripIds.join(',')}}`}::int[])` : sql``;
  await db.execute(sql`
    WITH labels(activity, locale, label) AS (VALUES ${labels})
    UPDATE trip_translations tt
    SET search_text = cordee_unaccent(lower(concat_ws(' ',
      tt.title, tt.region, t.location, c.name->>tt.locale,
      (SELECT string_agg(l.label, ' ') FROM unnest(t.activities) AS a(activity) JOIN labels l ON l.activity = a.activity AND l.locale = tt.locale))))
    FROM trips t
    LEFT JOIN countries c ON c.code = t.country_code
    WHERE t.id = tt.trip_id ${only}`);
}

/**
 * Rebuilds `trip_search`, the search's compact copy of the published catalogue (filters, point,
 * rating, net prices), `trip_search_text` (what the free text matches) and `search_words` (the catalogue's vocabulary), without blocking the searches running meanwhile. Run after any change to
 * trips, their prices or reviews (the seed, the scale growth, guides' edits).
 */
export async function refreshTripSearch(db: Pick<Database, 'execute'>): Promise<void> {
  await db.execute(sql`REFRESH MATERIALIZED VIEW CONCURRENTLY trip_search`);
  await db.execute(sql`REFRESH MATERIALIZED VIEW CONCURRENTLY trip_search_text`);
  await db.execute(sql`REFRESH MATERIALIZED VIEW CONCURRENTLY search_words`);
}
