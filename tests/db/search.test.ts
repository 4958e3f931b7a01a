import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExchangeRates } from '@/lib/db/queries/exchange-rates';
import { listTopDestinations } from '@/lib/db/queries/home';
import { listCatalogueCurrencies, netPriceSql, perPersonNetSql, searchTrips, type SearchOutcome } from '@/lib/db/queries/search';
import { isoDayOf } from '@/lib/iso-day';
import type { Locale } from '@/lib/locales';
import { quoteTrip, type ConversionSettings } from '@/lib/money/pricing';
import { countrySearchState, DEFAULT_SEARCH_TRAVELLERS, defaultSearchState, parseSearchState, RADIUS_STEPS, type SearchState } from '@/lib/search/search-state';
import { isolatedDatabase, SEED_DATE, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

type TripFacts = {
  id: number;
  key: string;
  activities: string[];
  trip_type: string;
  trip_level: string;
  fitness_level: string;
  languages: string[];
  duration_days: number;
  max_group_size: number;
  country_code: string;
  season_months: number;
  latitude: number;
  longitude: number;
};

describe.each(testDatabaseServers())('search on the $name server', (server) => {
  let database: IsolatedDatabase;
  let conversion: ConversionSettings;
  let facts: Map<number, TripFacts>;
  const today = isoDayOf(SEED_DATE);

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const rates = await getExchangeRates(database.db);
    conversion = { rates: rates!, target: 'EUR', crossCurrencyFactor: '1.02' };
    const rows = await database.db.execute<TripFacts>(sql`
      SELECT id, key, activities, trip_type, trip_level, fitness_level, languages, duration_days, max_group_size, country_code,
        season_months, latitude, longitude FROM trips WHERE published`);
    facts = new Map(rows.rows.map((row) => [row.id, row]));
  });
  afterAll(async () => database?.close());

  const search = (input: string | Partial<SearchState>, locale: Locale = 'en', options: { pageSize?: number; target?: string; catalogueCurrencies?: readonly string[] } = {}) => {
    const state = typeof input === 'string' ? parseSearchState(new URLSearchParams(input)) : { ...defaultSearchState(), ...input };
    const { catalogueCurrencies } = options;
    return searchTrips(state, { locale, conversion: { ...conversion, target: options.target ?? 'EUR' }, today, pageSize: options.pageSize ?? 100, catalogueCurrencies }, database.db);
  };
  const keys = (outcome: SearchOutcome) => outcome.trips.map((trip) => trip.key);

  describe('free text', () => {
    it('is accent-insensitive: chamonix lists the Chamonix-Mont-Blanc trips first', async () => {
      const outcome = await search('query=chamonix');
      expect(outcome.total).toBeGreaterThan(0);
      const first = outcome.trips[0]!;
      expect(first.location).toMatch(/Chamonix/);
      // Nearest first around Chamonix.
      const distances = outcome.trips.map((trip) => trip.distanceMeters!);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    });

    it('cordillera blanca finds the Cordillère Blanche in French', async () => {
      const outcome = await search('query=cordillera%20blanca', 'fr');
      expect(outcome.trips.some((trip) => /Cordillère Blanche/.test(`${trip.title} ${trip.region}`))).toBe(true);
    });

    it('matches accented words typed without accents, and the other way round', async () => {
      const plain = await search('query=refuges%20geants', 'fr');
      const accented = await search('query=réfuges%20géants', 'fr');
      expect(keys(plain)).toEqual(keys(accented));
    });

    it('tolerates typos', async () => {
      const exact = await search('query=tour%20du%20mont%20blanc');
      const typo = await search('query=tuor%20du%20mont%20blnac');
      expect(keys(exact)).toContain('alps-tour-du-mont-blanc');
      expect(keys(typo)).toContain('alps-tour-du-mont-blanc');
    });

    it('searches the page language: a French title is found on the French page', async () => {
      const outcome = await search('query=breithorn%20en%20une%20journ%C3%A9e', 'fr');
      expect(keys(outcome)).toContain('alps-breithorn-zermatt');
    });

    it('reads an activity in the query as the activity filter', async () => {
      const outcome = await search('query=ski%20touring%20norway');
      expect(outcome.queryActivities).toEqual(['ski-touring']);
      expect(outcome.total).toBeGreaterThan(0);
      for (const trip of outcome.trips) {
        expect(trip.activities).toContain('ski-touring');
        expect(trip.countryCode).toBe('NO');
      }
    });

    it('reads activity words before places: ski, ice, heli, and a place with an activity', async () => {
      const has = (activity: string) => [...facts.values()].filter((trip) => trip.max_group_size >= 2 && trip.activities.includes(activity)).length;
      for (const [query, activity] of [['ski', 'ski-touring'], ['ice', 'ice-climbing'], ['heli', 'heli-skiing'], ['esqu%C3%AD', 'ski-touring']] as const) {
        const outcome = await search(`query=${query}`);
        expect(outcome.place, query).toBeNull();
        expect(outcome.queryActivities, query).toEqual([activity]);
        expect(outcome.total, query).toBe(has(activity));
      }
      const chamonix = await search('query=Chamonix%20ski');
      expect(chamonix.place?.name).toMatch(/Chamonix/);
      expect(chamonix.total).toBeGreaterThan(0);
      for (const trip of chamonix.trips) expect(trip.activities).toContain('ski-touring');
    });

    it('finds nothing for gibberish, without error', async () => {
      const outcome = await search('query=zzqxwv%20plomf');
      expect(outcome.total).toBe(0);
      expect(outcome.trips).toEqual([]);
    });

    it('handles hostile input as plain text', async () => {
      for (const query of ["'; DROP TABLE trips; --", '%_%', '\\\\', '<script>', '😀😀😀', 'a'.repeat(500)]) {
        const outcome = await search({ query: query.slice(0, 100) });
        expect(outcome.total).toBeGreaterThanOrEqual(0);
      }
      expect((await database.db.execute(sql`SELECT count(*) FROM trips`)).rows.length).toBe(1);
    });
  });

  describe('place and radius', () => {
    it('stays within 20 km around a point with trips nearby, nearest first', async () => {
      const outcome = await search('aroundLatLng=45.9237,6.8694');
      expect(outcome.radius).toMatchObject({ requested: RADIUS_STEPS[0], used: RADIUS_STEPS[0], grew: false });
      expect(outcome.total).toBeGreaterThan(0);
      for (const trip of outcome.trips) expect(trip.distanceMeters!).toBeLessThanOrEqual(RADIUS_STEPS[0]);
    });

    it('grows the radius through the spec steps until a trip is found', async () => {
      // Bourges, in the middle of France: the nearest trips are in the Alps and the Pyrenees.
      const outcome = await search('aroundLatLng=47.08,2.4');
      expect(outcome.radius!.grew).toBe(true);
      expect(RADIUS_STEPS).toContain(outcome.radius!.used);
      const used = outcome.radius!.used!;
      const smaller = RADIUS_STEPS[RADIUS_STEPS.indexOf(used as (typeof RADIUS_STEPS)[number]) - 1]!;
      expect(outcome.trips.length).toBeGreaterThan(0);
      expect(Math.min(...outcome.trips.map((trip) => trip.distanceMeters!))).toBeGreaterThan(smaller);
      for (const trip of outcome.trips) expect(trip.distanceMeters!).toBeLessThanOrEqual(used);
    });

    it('lists the nearest trips when even 2,000 km holds none', async () => {
      const outcome = await search('aroundLatLng=-45,-130');
      expect(outcome.radius).toMatchObject({ used: null, grew: true });
      expect(outcome.total).toBeGreaterThan(0);
      const distances = outcome.trips.map((trip) => trip.distanceMeters!);
      expect(distances[0]).toBeGreaterThan(2_000_000);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    });

    it('grows the radius with the other filters applied', async () => {
      const outcome = await search('aroundLatLng=45.9237,6.8694&activity=trekking&country=NP');
      expect(outcome.radius!.grew).toBe(true);
      for (const trip of outcome.trips) expect(trip.countryCode).toBe('NP');
    });

    it('keeps exactly the trips within the radius along the surface', async () => {
      for (const input of ['aroundLatLng=45.9237,6.8694&aroundRadius=60000', 'query=alps', 'aroundLatLng=47.08,2.4']) {
        const outcome = await search(input);
        const { lat, lng } = outcome.place!.center;
        const within = await database.db.execute<{ id: number }>(sql`
          SELECT id FROM trip_search WHERE earth_distance(ll_to_earth(${lat}::float8, ${lng}::float8), point) <= ${outcome.radius!.used}::float8 AND max_group_size >= 2`);
        expect(outcome.total, input).toBe(Math.min(within.rows.length, 1000));
        if (outcome.total < 100) expect(outcome.trips.map((trip) => trip.id).sort((a, b) => a - b), input).toEqual(within.rows.map((row) => row.id).sort((a, b) => a - b));
      }
    });

    it('pages nearest first to the last trip within the radius', async () => {
      const all = await search('aroundLatLng=45.9237,6.8694&aroundRadius=100000');
      expect(all.total).toBeGreaterThan(7);
      const paged: SearchOutcome['trips'] = [];
      for (let page = 1; page <= Math.ceil(all.total / 5); page += 1) {
        const outcome = await search(`aroundLatLng=45.9237,6.8694&aroundRadius=100000&page=${page}`, 'en', { pageSize: 5 });
        expect(outcome.trips.length).toBe(Math.min(5, all.total - (page - 1) * 5));
        paged.push(...outcome.trips);
      }
      // Trips at the same distance keep one order (by id), so no page repeats another's.
      expect(paged.map((trip) => trip.id)).toEqual(all.trips.map((trip) => trip.id));
      const distances = paged.map((trip) => trip.distanceMeters!);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
      expect((await search('aroundLatLng=45.9237,6.8694&aroundRadius=100000&page=50', 'en', { pageSize: 5 })).trips).toEqual([]);
    });

    it('finds nothing around a place when no trip anywhere passes the filters', async () => {
      // A country and an activity none of its trips offers.
      const countries = new Set([...facts.values()].map((trip) => trip.country_code));
      const [country, activity] = [...countries].flatMap((code) => ['via-ferrata', 'heli-skiing', 'ice-climbing', 'snowshoeing'].map((name) => [code, name] as const))
        .find(([code, name]) => ![...facts.values()].some((trip) => trip.country_code === code && trip.activities.includes(name)))!;
      const outcome = await search(`query=chamonix&country=${country}&activity=${activity}`);
      expect(outcome.total).toBe(0);
      expect(outcome.trips).toEqual([]);
      expect(outcome.radius).toMatchObject({ grew: false, nearest: null, used: outcome.radius!.requested });
    });

    it('searches a country as the country', async () => {
      const outcome = await search('query=nepal');
      expect(outcome.place?.kind).toBe('country');
      expect(outcome.total).toBe([...facts.values()].filter((trip) => trip.country_code === 'NP').length);
      // No distance "from Nepal": the country is not a point.
      for (const trip of outcome.trips) expect(trip.distanceMeters).toBeNull();
      const fr = await search('query=N%C3%A9pal', 'fr');
      expect(fr.total).toBe(outcome.total);
    });
  });

  it("gives each home destination the count of the page it opens", async () => {
    const destinations = await listTopDestinations('fr', 8, database.db);
    expect(destinations.length).toBeGreaterThan(0);
    for (const destination of destinations) {
      const outcome = await searchTrips(countrySearchState(destination.countryCode), { locale: 'fr', conversion, today, pageSize: 12 }, database.db);
      expect(outcome.total, destination.countryCode).toBe(destination.tripCount);
    }
  });

  describe('filters', () => {
    const all = () => [...facts.values()];
    const expectExactly = (outcome: SearchOutcome, predicate: (trip: TripFacts) => boolean) => {
      const expected = all().filter((trip) => trip.max_group_size >= 2 && predicate(trip)).map((trip) => trip.id).sort();
      expect(outcome.trips.map((trip) => trip.id).sort()).toEqual(expected);
      expect(outcome.total).toBe(expected.length);
    };

    it('activity (several: any of them)', async () => {
      expectExactly(await search('activity=ice-climbing&activity=via-ferrata'), (trip) => trip.activities.some((a) => ['ice-climbing', 'via-ferrata'].includes(a)));
    });
    it('trip type', async () => {
      expectExactly(await search('type=private'), (trip) => ['private', 'private_and_group'].includes(trip.trip_type));
      expectExactly(await search('type=group'), (trip) => ['group', 'private_and_group'].includes(trip.trip_type));
    });
    it('level and fitness', async () => {
      expectExactly(await search('level=easy'), (trip) => trip.trip_level === 'easy');
      expectExactly(await search('fitness=high&fitness=very_high'), (trip) => ['high', 'very_high'].includes(trip.fitness_level));
    });
    it('language', async () => {
      expectExactly(await search('language=de'), (trip) => trip.languages.includes('de'));
    });
    it('duration', async () => {
      expectExactly(await search('duration=1'), (trip) => trip.duration_days === 1);
      expectExactly(await search('duration=8-14'), (trip) => trip.duration_days >= 8 && trip.duration_days <= 14);
      expectExactly(await search('duration=15%2B'), (trip) => trip.duration_days >= 15);
    });
    it('country', async () => {
      expectExactly(await search('country=fr'), (trip) => trip.country_code === 'FR');
    });
    it('month: in season, or an open group that month', async () => {
      const groups = await database.db.execute<{ trip_id: number }>(sql`
        SELECT DISTINCT trip_id FROM open_groups WHERE starts_on >= ${today}::date AND open_spots > 0 AND to_char(starts_on, 'YYYY-MM') = '2027-01'`);
      const withGroup = new Set(groups.rows.map((row) => row.trip_id));
      expectExactly(await search('month=2027-01'), (trip) => (trip.season_months & 1) !== 0 || withGroup.has(trip.id));
      expectExactly(await search('month=2027-01&openGroups=1'), (trip) => withGroup.has(trip.id));
    });
    it('open groups only', async () => {
      const groups = await database.db.execute<{ trip_id: number }>(sql`SELECT DISTINCT trip_id FROM open_groups WHERE starts_on >= ${today}::date AND open_spots > 0`);
      const withGroup = new Set(groups.rows.map((row) => row.trip_id));
      expect(withGroup.size).toBeGreaterThan(0);
      expectExactly(await search('openGroups=1'), (trip) => withGroup.has(trip.id));
    });
    it('price range in the visitor currency, as the cards show it, for sizes between price entries too', async () => {
      for (const [target, travellers] of [['EUR', 2], ['USD', 2], ['CHF', 5], ['JPY', 3], ['USD', 7]] as const) {
        const everything = await search(`travellers=${travellers}`, 'en', { target });
        const price = (trip: SearchOutcome['trips'][number]) => quoteTrip(trip, trip.priceEntries, travellers, trip.durationDays, { ...conversion, target })?.perPerson.money;
        const priced = everything.trips.filter((trip) => price(trip)?.currency === target);
        // A trip shown in its own currency (no rate) is kept, not compared, and the page counts it.
        const foreign = everything.trips.filter((trip) => price(trip) && price(trip)!.currency !== target);
        const amounts = priced.map((trip) => price(trip)!.amountMinor / 10 ** (target === 'JPY' ? 0 : 2)).sort((a, b) => a - b);
        const low = amounts[Math.floor(amounts.length / 4)]!;
        const high = amounts[Math.floor((amounts.length * 3) / 4)]!;
        const outcome = await search(`priceMin=${low}&priceMax=${high}&travellers=${travellers}`, 'en', { target });
        const expected = priced.filter((trip) => {
          const whole = price(trip)!.amountMinor / 10 ** (target === 'JPY' ? 0 : 2);
          return whole >= low && whole <= high;
        });
        expect(outcome.trips.map((trip) => trip.id).sort()).toEqual([...expected, ...foreign].map((trip) => trip.id).sort());
        const counts = new Map<string, number>();
        for (const trip of foreign) counts.set(trip.currency, (counts.get(trip.currency) ?? 0) + 1);
        const byCurrency = [...counts].map(([currency, count]) => ({ currency, count }));
        expect(outcome.notPriceFiltered).toEqual(byCurrency.sort((a, b) => a.currency.localeCompare(b.currency)));
        expect(foreign.length).toBeGreaterThan(0);
        expect(everything.notPriceFiltered).toEqual([]);
      }
    });
    it('counts the trips a price range cannot compare the same way when it knows the catalogue currencies', async () => {
      const currencies = await listCatalogueCurrencies(database.db);
      expect(currencies.length).toBeGreaterThan(1);
      for (const target of ['EUR', 'USD', 'JPY']) {
        for (const query of ['priceMax=800', 'priceMin=200&priceMax=5000&travellers=4', 'query=trek&priceMax=3000', 'query=glacier&priceMax=900', 'query=zermatt&priceMax=900']) {
          const known = await search(query, 'en', { target, catalogueCurrencies: currencies });
          const unknown = await search(query, 'en', { target });
          expect(known.notPriceFiltered, `${target} ${query}`).toEqual(unknown.notPriceFiltered);
          expect(keys(known)).toEqual(keys(unknown));
        }
      }
      // Free text and a place count them among their own matches.
      for (const query of ['query=glacier', 'query=zermatt']) {
        const all = await search(query, 'en', { target: 'EUR' });
        const kept = await search(`${query}&priceMax=1`, 'en', { target: 'EUR', catalogueCurrencies: currencies });
        expect(all.total).toBeGreaterThan(0);
        expect(kept.notPriceFiltered.reduce((sum, row) => sum + row.count, 0), query).toBe(kept.total);
        expect(kept.notPriceFiltered.length, query).toBeGreaterThan(0);
      }
      // Only the currencies it is told of are counted (XTS prices no trip).
      const withoutRate = await search('priceMax=800', 'en', { target: 'EUR', catalogueCurrencies: ['EUR', 'XTS'] });
      expect(withoutRate.notPriceFiltered).toEqual([]);
    });
    it('travellers: only trips that take the group, priced for that many', async () => {
      const outcome = await search('travellers=7');
      expect(outcome.total).toBe(all().filter((trip) => trip.max_group_size >= 7).length);
    });
    it('combines filters', async () => {
      expectExactly(await search('activity=trekking&country=NP&duration=15%2B'), (trip) => trip.activities.includes('trekking') && trip.country_code === 'NP' && trip.duration_days >= 15);
    });
    it('ignores invalid values', async () => {
      const outcome = await search('activity=golf&level=extreme&duration=99&month=2027-13&priceMin=-5&travellers=0&sort=random&page=x&aroundLatLng=91,0');
      expect(outcome.total).toBe(all().filter((trip) => trip.max_group_size >= 2).length);
    });
  });

  describe('sorting and pages', () => {
    it('by price, lowest first, unpriced last', async () => {
      const outcome = await search('sort=price');
      // Trips without a price for 2, or whose currency has no rate (shown in their own currency), come last.
      const eur = (trip: SearchOutcome['trips'][number]) => {
        const money = quoteTrip(trip, trip.priceEntries, 2, trip.durationDays, conversion)?.perPerson.money;
        return money?.currency === 'EUR' ? money.amountMinor : null;
      };
      const prices = outcome.trips.map((trip) => eur(trip) ?? Infinity);
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
      const desc = await search('sort=price-desc');
      const descPrices = desc.trips.map((trip) => eur(trip) ?? -Infinity);
      const priced = descPrices.filter((price) => price !== -Infinity);
      expect([...priced].sort((a, b) => b - a)).toEqual(priced);
    });
    it('by price, pages of five are the one long page, in every currency, with a price range and around a point', async () => {
      const cases = [['sort=price', 'EUR'], ['sort=price-desc', 'EUR'], ['sort=price&priceMax=900', 'EUR'], ['sort=price-desc', 'USD'], ['aroundLatLng=45.9237,6.8694&aroundRadius=300000&sort=price', 'CHF']] as const;
      for (const [input, target] of cases) {
        const all = await search(input, 'en', { target, pageSize: 1000 });
        expect(all.total, input).toBeGreaterThan(10);
        const paged: number[] = [];
        for (let page = 1; page <= Math.ceil(all.total / 5); page += 1) paged.push(...(await search(`${input}&page=${page}`, 'en', { target, pageSize: 5 })).trips.map((trip) => trip.id));
        expect(paged, `${input} in ${target}`).toEqual(all.trips.map((trip) => trip.id));
      }
    });
    it('walks the price index for the default traveller count', async () => {
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
        const perPerson = perPersonNetSql(netPriceSql(DEFAULT_SEARCH_TRAVELLERS));
        return tx.execute(sql`EXPLAIN SELECT s.id FROM trip_search s WHERE s.currency = ${'EUR'} ORDER BY ${perPerson} LIMIT 1`);
      });
      expect(JSON.stringify(plan.rows)).toContain('trip_search_price_idx');
    });
    it('by duration and by rating', async () => {
      const byDuration = (await search('sort=duration')).trips.map((trip) => trip.durationDays);
      expect([...byDuration].sort((a, b) => a - b)).toEqual(byDuration);
      const byRating = (await search('sort=rating')).trips.map((trip) => (trip.averageRating === null ? -1 : Number(trip.averageRating)));
      expect([...byRating].sort((a, b) => b - a)).toEqual(byRating);
    });
    it('by distance around a place', async () => {
      const outcome = await search('query=zermatt&sort=distance');
      const distances = outcome.trips.map((trip) => trip.distanceMeters!);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    });
    it('pages through the results without repeats, past the end empty', async () => {
      const first = await search({ page: 1 }, 'es', { pageSize: 12 });
      const second = await search({ page: 2 }, 'es', { pageSize: 12 });
      expect(first.trips).toHaveLength(12);
      expect(second.total).toBe(first.total);
      expect(first.pageCount).toBe(Math.ceil(first.total / 12));
      expect(second.trips.some((trip) => first.trips.some((other) => other.id === trip.id))).toBe(false);
      const beyond = await search({ page: 99 }, 'es', { pageSize: 12 });
      expect(beyond.trips).toEqual([]);
      expect(beyond.total).toBe(first.total);
    });
  });
});
