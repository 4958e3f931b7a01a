import 'server-only';
import { sql } from 'drizzle-orm';
import type { Locale } from '../../locales';
import { letterCount, normalizePlaceText } from '../../search/place-text';
import { queryWords } from '../../search/query-text';
import { getDb } from '../client';
import type { Database } from '../database';

/** A town or city of the gazetteer (`gazetteer_places`), named in the visitor's language. */
export type GazetteerTown = {
  id: number;
  /** Its name in the visitor's language when the gazetteer has one (Ginebra), else its GeoNames name. */
  name: string;
  countryCode: string;
  population: number;
  lat: number;
  lng: number;
  /** The typed text is one of its names, accents and case aside; false for a near miss. */
  exact: boolean;
};

/** A near miss must share this much of its trigrams with the typed text (pg_trgm similarity). */
export const TOWN_SIMILARITY = 0.6;
/** …and be a town of at least this many people: a typo is read as a well-known place, not as one of 135,000 villages. */
export const TOWN_FUZZY_MIN_POPULATION = 50_000;

/**
 * The town or city a text names: among those with that exact name (accent- and case-insensitive,
 * exonyms included: Geneva, Genève, Ginebra), the most populous; with `fuzzy`, else the most
 * similar of the large towns within a typo or two ('Genva'), then the most populous. Null below 3
 * letters, when none matches, or when every word of the text is a word of the catalogue's trips
 * (`search_words`: titles, regions, places): 'pisco', 'monte rosa' or 'summit' name trips, not
 * Pisco (Peru), Rosa (Italy) or Summit (New Jersey). One query, on indexes.
 */
export async function findTown(text: string, locale: Locale, options: { fuzzy: boolean }, db: Database = getDb()): Promise<GazetteerTown | null> {
  const folded = normalizePlaceText(text.slice(0, 200));
  if (letterCount(folded) < 3) return null;
  const words = queryWords(folded);
  const catalogueWords = words.length
    ? sql`(SELECT count(*) FROM search_words WHERE word = ANY(${sql.param(words)}::text[])) = ${words.length}`
    : sql`FALSE`;
  const columns = sql`p.id, coalesce(p.exonyms ->> ${locale}, p.name) AS name, p.country_code, p.population, p.latitude AS lat, p.longitude AS lng`;
  type Row = { id: number; name: string; country_code: string; population: number; lat: number; lng: number; exact: boolean };
  const exact = sql`
    SELECT ${columns}, TRUE AS exact FROM gazetteer_names n JOIN gazetteer_places p ON p.id = n.place_id
    WHERE n.folded = ${folded} AND NOT ${catalogueWords}
    ORDER BY p.population DESC, p.id LIMIT 1`;
  const query = options.fuzzy
    ? sql`
      (${exact})
      UNION ALL
      (SELECT ${columns}, FALSE AS exact FROM gazetteer_names n JOIN gazetteer_places p ON p.id = n.place_id
       WHERE n.folded % ${folded} AND NOT ${catalogueWords} AND similarity(n.folded, ${folded}) >= ${TOWN_SIMILARITY} AND p.population >= ${TOWN_FUZZY_MIN_POPULATION}
       ORDER BY similarity(n.folded, ${folded}) DESC, p.population DESC, p.id LIMIT 1)
      ORDER BY exact DESC LIMIT 1`
    : exact;
  const rows = await db.execute<Row>(query);
  const row = rows.rows[0];
  if (!row) return null;
  return { id: Number(row.id), name: row.name, countryCode: row.country_code, population: Number(row.population), lat: Number(row.lat), lng: Number(row.lng), exact: row.exact };
}

/** A town a person names in a form (a guide's base, a trip's start), with its coordinates. */
export type NamedPlace = { id: number; name: string; countryCode: string; latitude: number; longitude: number };

/**
 * The gazetteer town a form names: that exact name first (accents, case and exonyms aside: Genève,
 * Geneva), then a longer name it begins ('Chamonix' → Chamonix-Mont-Blanc), then a typo of a name;
 * the most populous of equals; within one country when given. Named in `locale` when the gazetteer
 * has an exonym there. Null below 2 letters or when nothing is near.
 */
export async function findNamedPlace(text: string, locale: Locale, options: { countryCode?: string } = {}, db: Database = getDb()): Promise<NamedPlace | null> {
  const folded = normalizePlaceText(text.slice(0, 200));
  if (letterCount(folded) < 2) return null;
  // Folded text is letters, digits and single spaces: nothing LIKE would read as a wildcard.
  const prefix = `${folded} %`;
  const inCountry = options.countryCode ? sql`AND p.country_code = ${options.countryCode}` : sql``;
  type Row = { id: number; name: string; country_code: string; latitude: number; longitude: number };
  const rows = await db.execute<Row>(sql`
    SELECT p.id, coalesce(p.exonyms ->> ${locale}, p.name) AS name, p.country_code, p.latitude, p.longitude
    FROM gazetteer_names n JOIN gazetteer_places p ON p.id = n.place_id
    WHERE (n.folded = ${folded} OR n.folded LIKE ${prefix} OR (n.folded % ${folded} AND similarity(n.folded, ${folded}) >= ${TOWN_SIMILARITY})) ${inCountry}
    ORDER BY (n.folded = ${folded}) DESC, (n.folded LIKE ${prefix}) DESC, similarity(n.folded, ${folded}) DESC, p.population DESC, p.id
    LIMIT 1`);
  const row = rows.rows[0];
  return row ? { id: Number(row.id), name: row.name, countryCode: row.country_code, latitude: Number(row.latitude), longitude: Number(row.longitude) } : null;
}
