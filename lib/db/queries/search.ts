import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { divide, multiply, parseDecimal, ratio, type Ratio } from '../../money/decimal';
import { nextMonthStart } from '../../booking/open-group-filters';
import type { Activity } from '../../catalogue/vocabulary';
import type { Locale } from '../../locales';
import { minorUnitDigits } from '../../money/currency';
import type { ConversionSettings } from '../../money/pricing';
import { hasRate, RATES_BASE } from '../../money/rates';
import { matchGazetteer, type GazetteerPlace } from '../../search/gazetteer';
import { foldText, queryWords, readQuery } from '../../search/query-text';
import { DEFAULT_SEARCH_TRAVELLERS, durationRange, emptyFilters, RADIUS_STEPS, radiusStepFor, type LatLng, type SearchFilters, type SearchState } from '../../search/search-state';
import { byteLru } from '../../cache/byte-lru';
import { getDb } from '../client';
import type { Database } from '../database';
import { preparedPerDatabase } from '../prepared';
import { trips, tripTranslations } from '../schema';
import { findTown, type GazetteerTown } from './gazetteer';
import { tripCardColumns } from './trip-cards';

/** Where a search looks: a place typed by the visitor, or a point given in the URL. */
export type SearchPlace = {
  /** The place's name as the visitor reads it; null for a bare point. */
  name: string | null;
  /** A place of the bundled gazetteer, a catalogue location (`place`), a town or city of the database's gazetteer, or a point of the URL. */
  kind: 'country' | 'region' | 'area' | 'place' | 'town' | 'point';
  center: LatLng;
  countryCode: string | null;
  /** Every country it lies in (a region may span several; empty for a bare point). */
  countryCodes: string[];
  /** The place's own extent (metres), the radius a search starts with. */
  radiusMeters: number;
};

export type SearchRadius = {
  /** What the search started with (the URL's aroundRadius, else the place's extent, at least 20 km). */
  requested: number;
  /** The radius the results are within; null when even 2,000 km held no trip (nearest trips listed). */
  used: number | null;
  grew: boolean;
  /** How far the nearest trip that passes the other filters is (metres), null when none does. */
  nearest: number | null;
};

export type SearchOutcome = {
  trips: (Awaited<ReturnType<typeof loadCards>>[number] & { distanceMeters: number | null })[];
  /** Matching trips, counted up to {@link COUNT_CAP}. */
  total: number;
  /** Whether more trips than `total` match. */
  moreThanTotal: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
  place: SearchPlace | null;
  radius: SearchRadius | null;
  /** The activities read from the query ('trekking nepal', 'chamonix ski'), applied as a filter. */
  queryActivities: Activity[];
  /** With a price filter: the matching trips priced in a currency without an exchange rate, kept unfiltered, per currency. */
  notPriceFiltered: { currency: string; count: number }[];
};

export type SearchOptions = {
  locale: Locale;
  conversion: ConversionSettings;
  /** YYYY-MM-DD: open groups and months from this day on. */
  today: string;
  pageSize?: number;
  /**
   * Every currency the search's copy of the catalogue prices trips in ({@link listCatalogueCurrencies}),
   * when known: a price filter then counts the trips it cannot compare only in those without a
   * rate, and not at all when every one has one (that count scans every match).
   */
  catalogueCurrencies?: readonly string[];
};

const DEFAULT_PAGE_SIZE = 12;
/** Results are counted up to this many. */
export const COUNT_CAP = 1000;

/** The catalogue's own place that best matches the text (a trip's location), or null. */
async function matchCataloguePlace(db: Database, text: string): Promise<{ place: SearchPlace; score: number } | null> {
  const folded = foldText(text);
  if (folded.length < 3) return null;
  const rows = await db.execute<{ location: string; country_code: string; lat: number; lng: number; score: number }>(sql`
    SELECT location, min(country_code) AS country_code, avg(latitude)::float8 AS lat, avg(longitude)::float8 AS lng,
      max(word_similarity(${folded}, cordee_unaccent(lower(location))))::float8 AS score
    FROM trips
    WHERE published AND ${folded} <% cordee_unaccent(lower(location))
    GROUP BY location
    ORDER BY score DESC, count(*) DESC, length(location)
    LIMIT 1`);
  const row = rows.rows[0];
  if (!row) return null;
  return {
    score: Number(row.score),
    place: { name: row.location, kind: 'place', center: { lat: Number(row.lat), lng: Number(row.lng) }, countryCode: row.country_code, countryCodes: [row.country_code], radiusMeters: RADIUS_STEPS[0] },
  };
}

function fromGazetteer(place: GazetteerPlace, locale: Locale): SearchPlace {
  return {
    name: place.names[locale],
    kind: place.kind,
    center: { lat: place.lat, lng: place.lng },
    countryCode: place.countryCode,
    countryCodes: place.countryCodes,
    radiusMeters: place.radiusMeters,
  };
}

function fromTown(town: GazetteerTown): SearchPlace {
  return { name: town.name, kind: 'town', center: { lat: town.lat, lng: town.lng }, countryCode: town.countryCode, countryCodes: [town.countryCode], radiusMeters: RADIUS_STEPS[0] };
}

/**
 * A place typed by the visitor, from the catalogue's own places (trip locations), the bundled
 * gazetteer of countries, regions and mountain areas, and the database's towns and cities; null
 * when the text names no place. In order: an exact bundled name, a close catalogue location, a
 * town's exact name (the most populous of its namesakes), a bundled name with a typo, a large
 * town's name with a typo.
 */
export async function resolvePlace(text: string, locale: Locale, db: Database = getDb()): Promise<SearchPlace | null> {
  if (foldText(text).length < 3) return null;
  const gazetteer = matchGazetteer(text);
  if (gazetteer?.exact) return fromGazetteer(gazetteer.place, locale);
  const catalogue = await matchCataloguePlace(db, text);
  if (catalogue && catalogue.score >= 0.75) return catalogue.place;
  const town = await findTown(text, locale, { fuzzy: !gazetteer }, db);
  if (town?.exact) return fromTown(town);
  if (gazetteer) return fromGazetteer(gazetteer.place, locale);
  return town && fromTown(town);
}

const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

/** A point as an earthdistance value. */
const earthPoint = (point: LatLng) => sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;

/**
 * A trip within `meters` of the centre, along the surface. Not `earth_distance(…) <= meters`:
 * that is `sec_to_gc(cube_distance(…))`, and sec_to_gc (strict, a CASE body) is never inlined,
 * so PostgreSQL runs it as a SQL function on every row, about 5 µs each, most of a place search's
 * time. The same test on the straight-line distance against the radius made a chord once per
 * query (`gc_to_sec`, its inverse) is one C call.
 */
const withinSql = (center: SQL, meters: number) => sql`cube_distance(${center}, s.point) <= gc_to_sec(${meters}::float8)`;

/**
 * What a net price (`trip_search.price_net`: minor units × 10⁴, fee and discount applied) is worth
 * in the visitor's currency, per trip currency: whole units of the display currency per net unit
 * (spec §9 conversion through the euro rates with the cross-currency factor). Only currencies the
 * visitor's price can be compared in: the visitor's own, and those with a rate when it has one.
 */
function netUnitValues(conversion: ConversionSettings): Map<string, Ratio> {
  const { rates, target, crossCurrencyFactor } = conversion;
  // The same for every search until the rates change: kept per rates, currency and factor, since
  // exact fractions cost about half a millisecond of BigInt work a search.
  const key = `${target}|${crossCurrencyFactor}|${rates ? `${rates.date}|${JSON.stringify(rates.rates)}` : ''}`;
  let values = netUnitValuesKept.get(key);
  if (!values) {
    values = exactNetUnitValues(rates, target, crossCurrencyFactor);
    netUnitValuesKept.set(key, values);
  }
  return values;
}

/** At most 64 KB: a fraction of two BigInts counted as 96 bytes with its currency. */
const netUnitValuesKept = byteLru<Map<string, Ratio>>(64 * 1024, (values) => values.size * 96);

function exactNetUnitValues(rates: ConversionSettings['rates'], target: string, crossCurrencyFactor: string): Map<string, Ratio> {
  const values = new Map<string, Ratio>();
  const own = (currency: string) => ratio(1n, 10n ** BigInt(minorUnitDigits(currency) + 4));
  values.set(target, own(target));
  if (!hasRate(rates, target)) return values;
  const euroRate = (currency: string) => (currency === RATES_BASE ? ratio(1n) : parseDecimal(rates.rates[currency]!)!);
  const factor = parseDecimal(crossCurrencyFactor) ?? ratio(1n);
  for (const currency of [RATES_BASE, ...Object.keys(rates.rates)]) {
    if (currency === target) continue;
    values.set(currency, multiply(multiply(own(currency), divide(euroRate(target), euroRate(currency))), factor));
  }
  return values;
}

/**
 * The net price per person for the search's traveller count, by the rule of
 * lib/money/pricing.ts `priceBasisFor` (decision 0110), as a fraction `numerator / divisor`: the
 * largest entry for at most that many people (`width_bucket` on the sorted sizes), else the
 * smallest entry's group total shared between the travellers (divisor = travellers).
 */
type NetPrice = { numerator: SQL; private: SQL; travellers: number };

export function netPriceSql(travellers: number): NetPrice {
  const bucket = sql`width_bucket(${travellers}::int, s.price_people)`;
  return {
    numerator: sql`(CASE WHEN ${bucket} > 0 THEN s.price_net[${bucket}] ELSE s.price_net[1] * s.price_people[1] END)`,
    private: sql`(${bucket} = 0)`,
    travellers,
  };
}

/**
 * The per-currency values of the price range and sort as one array parameter each, indexed by the
 * trip's currency's position in the list: a query as short to send, build and plan with thirty
 * currencies as with one (a CASE branch per currency made every search's SQL about 8 KB).
 */
function currencyIndexSql(values: Map<string, Ratio>): SQL {
  return sql`array_position(${sql.param([...values.keys()])}::text[], s.currency)`;
}

/**
 * spec §9 price range in the visitor's currency, exactly as the cards round it (up to whole units):
 * a card shows at most `max` when the exact converted price is at most `max`, at least `min` when
 * it is above `min − 1`; both bounds become integer bounds on the net price, per trip currency.
 * A trip whose currency cannot be converted is kept, not compared: the page says so
 * ({@link SearchOutcome.notPriceFiltered}).
 */
function priceRangeSql(net: NetPrice, values: Map<string, Ratio>, min: number | null, max: number | null): SQL {
  const index = currencyIndexSql(values);
  // numerator / divisor > bound ⇔ numerator > floor(bound × divisor), for the two divisors: the bound per currency, private or shared.
  // floor(amount ÷ value × divisor) for a non-negative amount and a positive value num/den, in
  // one integer division each (no fraction to reduce).
  const bound = (amount: bigint) => {
    const privateBounds = [...values.values()].map((value) => String((amount * BigInt(net.travellers) * value.den) / value.num));
    const sharedBounds = [...values.values()].map((value) => String((amount * value.den) / value.num));
    return sql`(CASE WHEN ${net.private} THEN ${sql.param(privateBounds)}::bigint[] ELSE ${sql.param(sharedBounds)}::bigint[] END)[${index}]`;
  };
  const bounds: SQL[] = [];
  if (min !== null && min > 0) bounds.push(sql`${net.numerator} > ${bound(BigInt(min - 1))}`);
  if (max !== null) bounds.push(sql`${net.numerator} <= ${bound(BigInt(max))}`);
  if (bounds.length === 0) return sql`(${net.numerator} IS NOT NULL)`;
  // A currency out of the list (no rate) is kept unfiltered.
  return sql`(${net.numerator} IS NOT NULL AND (${index} IS NULL OR (${sql.join(bounds, sql` AND `)})))`;
}

/**
 * The net price per person in the trip's own currency as a float, null without a price. For the
 * default traveller count it is the expression of the index `trip_search_price_idx` (migration
 * 0027), which lists each currency's trips in price order: keep the two the same.
 */
export function perPersonNetSql(net: NetPrice): SQL {
  return sql`(${net.numerator}::float8 / (CASE WHEN ${net.private} THEN ${net.travellers} ELSE 1 END))`;
}

/** What one net unit of each comparable currency is worth in the visitor's currency, as floats. */
const perNetUnitFloats = (values: Map<string, Ratio>) => [...values.values()].map((value) => Number(value.num) / Number(value.den));

/** The price in the visitor's currency as a float, to sort by (null when not comparable). */
function priceSortSql(net: NetPrice, values: Map<string, Ratio>): SQL {
  return sql`(${perPersonNetSql(net)} * (${sql.param(perNetUnitFloats(values))}::float8[])[${currencyIndexSql(values)}])`;
}

/**
 * The page of the whole catalogue by price (see `byPriceIndex` in {@link searchTrips}): the first
 * `offset + pageSize` trips of each comparable currency down trip_search_price_idx, and of the
 * trips without a comparable price in rating order, merged in the page's order.
 */
function priceOrderedPageSql(perPerson: SQL, values: Map<string, Ratio>, direction: SQL, conditions: SQL, byRating: SQL, page: { offset: number; pageSize: number; pageLimit: SQL }): SQL {
  const { offset, pageSize, pageLimit } = page;
  return sql`
            SELECT s.id, s.point FROM (
              SELECT x.* FROM unnest(${sql.param([...values.keys()])}::text[], ${sql.param(perNetUnitFloats(values))}::float8[]) AS u(currency, value)
              CROSS JOIN LATERAL (
                SELECT s.id, s.point, s.rating, s.reviews, ${perPerson} * u.value AS price FROM trip_search s
                WHERE ${conditions} AND s.currency = u.currency AND ${perPerson} IS NOT NULL
                ORDER BY ${perPerson} ${direction}, ${byRating}
                LIMIT ${offset + pageSize}
              ) x
              UNION ALL
              (SELECT s.id, s.point, s.rating, s.reviews, NULL::float8 FROM trip_search s
                WHERE ${conditions} AND (${currencyIndexSql(values)} IS NULL OR ${perPerson} IS NULL)
                ORDER BY ${byRating}
                LIMIT ${offset + pageSize})
            ) s
            ORDER BY s.price ${direction} NULLS LAST, ${byRating}
            LIMIT ${pageLimit} OFFSET ${offset}`;
}

/** The filters of spec §3 as SQL conditions on `trip_search s` (the travellers count too: trips that take that many). */
function filterConditions(filters: SearchFilters, travellers: number, today: string): SQL[] {
  const conditions: SQL[] = [sql`s.max_group_size >= ${travellers}`];
  if (filters.activity.length) conditions.push(sql`s.activities && ${textArray(filters.activity)}`);
  if (filters.type === 'group') conditions.push(sql`s.trip_type IN ('group', 'private_and_group')`);
  if (filters.type === 'private') conditions.push(sql`s.trip_type IN ('private', 'private_and_group')`);
  if (filters.level.length) conditions.push(sql`s.trip_level = ANY(${textArray(filters.level)})`);
  if (filters.fitness.length) conditions.push(sql`s.fitness_level = ANY(${textArray(filters.fitness)})`);
  if (filters.language.length) conditions.push(sql`s.languages && ${textArray(filters.language)}`);
  if (filters.duration) {
    const { min, max } = durationRange(filters.duration);
    conditions.push(max === null ? sql`s.duration_days >= ${min}` : sql`s.duration_days BETWEEN ${min} AND ${max}`);
  }
  if (filters.country) conditions.push(sql`s.country_code = ${filters.country}`);
  const upcoming = (extra: SQL) => sql`g.starts_on >= ${today}::date AND g.open_spots > 0 AND ${extra}`;
  // Open groups only: the trips that have one, listed once (an array the id index looks up),
  // rather than a probe of open_groups for every trip the other filters pass.
  const withGroup = (extra: SQL) => sql`s.id = ANY(ARRAY(SELECT g.trip_id FROM open_groups g WHERE ${upcoming(extra)}))`;
  if (filters.month) {
    const [from, to] = [`${filters.month}-01`, nextMonthStart(filters.month)];
    const bit = 1 << (Number(filters.month.slice(5, 7)) - 1);
    const inMonth = sql`g.starts_on >= ${from}::date AND g.starts_on < ${to}::date`;
    conditions.push(
      filters.openGroups
        ? withGroup(inMonth)
        : sql`((s.season_months & ${bit}) <> 0 OR EXISTS (SELECT 1 FROM open_groups g WHERE g.trip_id = s.id AND ${upcoming(inMonth)}))`,
    );
  } else if (filters.openGroups) {
    conditions.push(withGroup(sql`TRUE`));
  }
  return conditions;
}

/**
 * The countries with the most trips and how many each has, counted by the search's own rule
 * (`filterConditions` of {@link countrySearchState}), so that a count shown next to a country is
 * the total of the page it opens. A subquery with columns `country_code`, `trip_count`.
 */
export function tripsPerCountrySql(limit: number): SQL {
  const conditions = filterConditions(emptyFilters(), DEFAULT_SEARCH_TRAVELLERS, '1970-01-01');
  return sql`
    SELECT s.country_code, count(*)::int AS trip_count
    FROM trip_search s
    WHERE ${sql.join(conditions, sql` AND `)}
    GROUP BY s.country_code
    ORDER BY trip_count DESC, s.country_code
    LIMIT ${limit}`;
}

/**
 * Whether a landing page of this activity and country (SQL columns, either NULL for any) lists a
 * trip by the search's own rule (`filterConditions`, as {@link tripsPerCountrySql}): a landing
 * page without trips is neither served nor linked nor in the sitemap.
 */
export function landingHasTripsSql(activity: SQL, countryCode: SQL): SQL {
  const conditions = filterConditions(emptyFilters(), DEFAULT_SEARCH_TRAVELLERS, '1970-01-01');
  const exists = (...extra: SQL[]) => sql`EXISTS (SELECT 1 FROM trip_search s WHERE ${sql.join([...conditions, ...extra], sql` AND `)})`;
  const ofActivity = sql`s.activities @> ARRAY[${activity}]::text[]`;
  const ofCountry = sql`s.country_code = ${countryCode}`;
  // One probe per case, each on its index: with "column IS NULL OR …" inside one EXISTS,
  // PostgreSQL joins every landing page with every trip (30 ms over 50,000 trips).
  return sql`(CASE
    WHEN ${activity} IS NULL AND ${countryCode} IS NULL THEN ${exists()}
    WHEN ${countryCode} IS NULL THEN ${exists(ofActivity)}
    WHEN ${activity} IS NULL THEN ${exists(ofCountry)}
    ELSE ${exists(ofActivity, ofCountry)} END)`;
}

/** The currencies the search's copy of the catalogue (`trip_search`) prices trips in, sorted. */
export async function listCatalogueCurrencies(db: Database = getDb()): Promise<string[]> {
  const rows = await db.execute<{ currency: string }>(sql`SELECT DISTINCT currency FROM trip_search ORDER BY currency`);
  return rows.rows.map((row) => row.currency);
}

/** A page's cards by id, in one prepared statement whatever the number of ids (an array parameter). */
const cardsQuery = preparedPerDatabase((db) =>
  db
    .select(tripCardColumns())
    .from(trips)
    .innerJoin(tripTranslations, and(eq(tripTranslations.tripId, trips.id), eq(tripTranslations.locale, sql.placeholder('locale'))))
    .where(sql`${trips.id} = ANY(${sql.placeholder('ids')})`)
    .prepare('search_cards'),
);

async function loadCards(db: Database, ids: number[], locale: Locale) {
  if (ids.length === 0) return [];
  const rows = await cardsQuery(db).execute({ ids, locale });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Catalogue words close to a query word (typos, plural, prefix), the closest first. */
const WORD_VARIANTS = 8;
const LEXEME = /^[\p{L}\p{N}]+$/u;

/**
 * For each query word, the catalogue's words (`search_words`) it may stand for: itself, words with
 * a similar spelling (pg_trgm similarity, tolerating typos) and words it begins. One round trip.
 */
async function expandWords(db: Database, words: readonly string[]): Promise<string[][]> {
  const queryWords = sql`ARRAY[${sql.join(words.map((word) => sql`${word}`), sql`, `)}]::text[]`;
  const rows = await db.execute<{ position: number; word: string }>(sql`
    SELECT q.position::int AS position, v.word
    FROM unnest(${queryWords}) WITH ORDINALITY AS q(query_word, position)
    CROSS JOIN LATERAL (
      SELECT w.word FROM search_words w
      WHERE w.word % q.query_word OR w.word LIKE q.query_word || '%'
      ORDER BY w.word <-> q.query_word, w.ndoc DESC
      LIMIT ${WORD_VARIANTS}
    ) v`);
  const variants = words.map((): string[] => []);
  for (const row of rows.rows) if (LEXEME.test(row.word)) variants[Number(row.position) - 1]!.push(row.word);
  return variants;
}

/**
 * The search: published trips in the page's language matching the free text
 * (accent-insensitive and typo-tolerant over `search_text` with pg_trgm), or around a place the
 * text names or a point the URL gives (earthdistance; the radius grows through spec §9's steps
 * until a trip is found), with spec §3's filters, the price in the visitor's currency for the
 * traveller count, sorted and paginated. Three or four round trips, all on indexes.
 */
export async function searchTrips(state: SearchState, options: SearchOptions, db: Database = getDb()): Promise<SearchOutcome> {
  const { locale, conversion, today } = options;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters: SearchFilters = { ...state.filters, activity: [...state.filters.activity] };

  // What the text says: activities, a place, or words to find in the trips' texts.
  let queryActivities: Activity[] = [];
  let place: SearchPlace | null = null;
  let words: string[] = [];
  const query = state.query.trim();
  if (query) {
    const { activities, rest } = readQuery(query);
    if (activities.length && filters.activity.length === 0) {
      filters.activity = activities;
      queryActivities = activities;
    }
    if (state.aroundLatLng === null && rest) place = await resolvePlace(rest, locale, db);
    // The activities named are a filter now: the rest of the words must match.
    if (!place) words = queryWords(rest);
    if (!place && words.length === 0 && activities.length === 0 && foldText(rest)) words = [foldText(rest)];
  }
  if (state.aroundLatLng) {
    place = { name: null, kind: 'point', center: state.aroundLatLng, countryCode: null, countryCodes: [], radiusMeters: RADIUS_STEPS[0] };
  }

  const conditions = filterConditions(filters, state.travellers, today);

  // A country is searched as the country; a region within its countries and its extent; other
  // places (and points) by distance, shown on the cards.
  const byCountry = place?.kind === 'country' && place.countryCode !== null && state.aroundRadius === null;
  if (byCountry && !filters.country) conditions.push(sql`s.country_code = ${place!.countryCode!}`);
  if (place?.kind === 'region' && place.countryCodes.length && !filters.country) conditions.push(sql`s.country_code = ANY(${textArray(place.countryCodes)})`);
  const showsDistance = place !== null && place.kind !== 'country' && place.kind !== 'region';
  // Whether anything but the traveller count (and the price range) narrows the catalogue.
  const narrowed = conditions.length > 1 || place !== null || words.length > 0;

  const net = netPriceSql(state.travellers);
  const netValues = netUnitValues(conversion);
  if (filters.priceMin !== null || filters.priceMax !== null) conditions.push(priceRangeSql(net, netValues, filters.priceMin, filters.priceMax));

  let from = sql`trip_search s`;
  let textQuery: string | null = null;
  if (words.length) {
    // Typo tolerance: each query word stands for the catalogue's words close to it; every query word must match.
    const expanded = await expandWords(db, words);
    textQuery = expanded.every((variants) => variants.length > 0) ? expanded.map((variants) => `(${variants.join(' | ')})`).join(' & ') : null;
    from = sql`trip_search s JOIN trip_search_text tt ON tt.trip_id = s.id AND tt.locale = ${locale}`;
    conditions.push(textQuery === null ? sql`FALSE` : sql`tt.words @@ to_tsquery('simple', ${textQuery})`);
  }
  const where = (extra: SQL[] = []) => sql.join([...conditions, ...extra], sql` AND `);

  let radius: SearchRadius | null = null;
  const center = place && !byCountry ? earthPoint(place.center) : null;
  const distanceTo = (point: SQL) => (center ? sql`earth_distance(${center}, ${point})` : sql`NULL::float8`);
  const radiusConditions: SQL[] = [];
  // Within the radius: the box is what the GiST index can search, the chord the exact test.
  const withinRadius: SQL[] = [];
  if (place && center && !byCountry) {
    const requested = state.aroundRadius ?? Math.max(place.radiusMeters, RADIUS_STEPS[0]);
    // The nearest trip that passes every other filter (nearest first, on the GiST index). The
    // walk outwards would go through every trip when none passes, so whether one does is asked
    // first, once, by whatever plan finds a first match soonest (a country's index, a scan).
    const nearest = await db.execute<{ distance: number }>(sql`
      SELECT ${distanceTo(sql`s.point`)} AS distance FROM ${from}
      WHERE ${where()} AND EXISTS (SELECT 1 FROM ${from} WHERE ${where()})
      ORDER BY s.point <-> ${center} LIMIT 1`);
    const nearestMeters = nearest.rows[0] ? Number(nearest.rows[0].distance) : null;
    const used = nearestMeters === null ? requested : radiusStepFor(requested, nearestMeters);
    radius = { requested, used, grew: used === null || used > requested, nearest: nearestMeters };
    if (used !== null) {
      withinRadius.push(withinSql(center, used));
      radiusConditions.push(sql`earth_box(${center}, ${used}::float8) @> s.point`, ...withinRadius);
    }
  }

  // Every match already holds each word: the closer the title is to the whole query, the better.
  const relevanceSql = textQuery === null ? sql`0` : sql`(ts_rank(tt.words, to_tsquery('simple', ${textQuery})) + word_similarity(${foldText(query)}, tt.title))`;
  const byRating = sql`s.rating DESC NULLS LAST, s.reviews DESC, s.id`;
  // The GiST index yields the nearest first and stops early; trips at one distance (one
  // location) are put in id order by an incremental sort, so pages never repeat one another.
  const byDistance = center ? sql`s.point <-> ${center}, s.id` : byRating;
  const order: SQL = (() => {
    switch (state.sort) {
      case 'price':
        return sql`${priceSortSql(net, netValues)} ASC NULLS LAST, ${byRating}`;
      case 'price-desc':
        return sql`${priceSortSql(net, netValues)} DESC NULLS LAST, ${byRating}`;
      case 'duration':
        return sql`s.duration_days ASC, ${byRating}`;
      case 'rating':
        return byRating;
      case 'distance':
        return byDistance;
      case 'relevance':
        if (words.length) return sql`${relevanceSql} DESC, ${byRating}`;
        if (place && !byCountry) return byDistance;
        return byRating;
    }
  })();

  const offset = (state.page - 1) * pageSize;
  // A page is no longer than the trips the count found after its offset: a walk down an index
  // in the page's order (by rating, or outwards from the place) stops at the last match instead of
  // reading on to the end for trips that are not there, and an empty result reads nothing twice.
  const pageLimit = sql`(CASE WHEN c.total > ${COUNT_CAP}::int THEN ${pageSize}::int ELSE LEAST(${pageSize}::int, GREATEST(c.total - ${offset}::int, 0)) END)`;
  // Nearest first, the page walks the GiST index outwards; with the box too, PostgreSQL would
  // read every trip in the box and sort them.
  const nearestFirst = center !== null && (state.sort === 'distance' || (state.sort === 'relevance' && words.length === 0));
  const pageConditions = where(nearestFirst ? withinRadius : radiusConditions);
  // The whole catalogue by price for the default traveller count: converting is monotone within a
  // currency, so the page lies among the first `offset + pageSize` trips of each currency in its
  // own price order (a walk down trip_search_price_idx each) and of the trips without a
  // comparable price in rating order; only those are merged and sorted, not every trip. Narrowed
  // searches sort their matches: a filter that few trips of a currency pass (a country, an
  // activity) would walk that currency's whole index.
  const byPriceIndex = !narrowed && state.travellers === DEFAULT_SEARCH_TRAVELLERS && (state.sort === 'price' || state.sort === 'price-desc');
  const pageRows = byPriceIndex
    ? priceOrderedPageSql(perPersonNetSql(net), netValues, state.sort === 'price-desc' ? sql`DESC` : sql`ASC`, pageConditions, byRating, { offset, pageSize, pageLimit })
    : sql`
            SELECT s.id, s.point FROM ${from}
            WHERE ${pageConditions}
            ORDER BY ${order}
            LIMIT ${pageLimit} OFFSET ${offset}`;
  // With a price range, the trips it keeps without comparing them (priced in a currency without a
  // rate), per currency: a scalar subquery of the same round trip, run once.
  const priceFiltered = filters.priceMin !== null || filters.priceMax !== null;
  const uncomparable = options.catalogueCurrencies?.filter((currency) => !netValues.has(currency));
  const notComparedIn = uncomparable === undefined
    ? sql`s.currency NOT IN (${sql.join([...netValues.keys()].map((currency) => sql`${currency}`), sql`, `)})`
    : sql`s.currency = ANY(${textArray(uncomparable)})`;
  const notComparedSql = (source: SQL, conditions: SQL) =>
    priceFiltered && (uncomparable === undefined || uncomparable.length > 0)
      ? sql`(SELECT coalesce(json_agg(json_build_object('currency', u.currency, 'count', u.count) ORDER BY u.currency), '[]'::json)
          FROM (SELECT s.currency, count(*)::int AS count FROM ${source} WHERE ${conditions} AND ${notComparedIn} GROUP BY s.currency) u)`
      : sql`'[]'::json`;
  // The page and its count in one round trip: the count, then the page joined laterally.
  const pageAndCount = words.length
    ? // Free text: the trigram matches are the costly part, so they are read once (the matches
      // with their relevance), then counted and ordered.
      sql`
          WITH m AS MATERIALIZED (
            SELECT s.*, ${relevanceSql} AS relevance FROM ${from} WHERE ${where()}
          )
          SELECT page.id, NULL::float8 AS distance, c.total, ${notComparedSql(sql`m s`, sql`TRUE`)} AS not_compared
          FROM (SELECT count(*)::int AS total FROM m) c
          LEFT JOIN LATERAL (
            SELECT s.id FROM m s
            ORDER BY ${state.sort === 'relevance' ? sql`s.relevance DESC, ${byRating}` : order}
            LIMIT ${pageSize} OFFSET ${offset}
          ) page ON TRUE`
    : // Counted up to a cap (past it the page says "more than N": an exact count of a huge result
      // costs a full scan); count and page each planned as if alone, the distance of the page's
      // trips alone.
      sql`
          SELECT page.id, ${distanceTo(sql`page.point`)} AS distance, c.total,
            ${notComparedSql(from, where(radiusConditions))} AS not_compared
          FROM (SELECT count(*)::int AS total FROM (SELECT 1 FROM ${from} WHERE ${where(radiusConditions)} LIMIT ${COUNT_CAP + 1}) counted) c
          LEFT JOIN LATERAL (${pageRows}
          ) page ON TRUE`;
  const result = await db.execute<{ id: number | null; distance: number | null; total: number; not_compared: { currency: string; count: number }[] }>(pageAndCount);
  const rows = result.rows.filter((row) => row.id !== null);
  const counts = Number(result.rows[0]?.total ?? 0);
  const total = Math.min(counts, COUNT_CAP);
  const cards = await loadCards(db, rows.map((row) => Number(row.id)), locale);
  const distances = new Map(rows.map((row) => [Number(row.id), row.distance === null ? null : Number(row.distance)]));
  return {
    trips: cards.map((card) => ({ ...card, distanceMeters: showsDistance ? (distances.get(card.id) ?? null) : null })),
    total,
    moreThanTotal: counts > COUNT_CAP,
    page: state.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    pageSize,
    place,
    radius,
    queryActivities,
    notPriceFiltered: (result.rows[0]?.not_compared ?? []).map((row) => ({ currency: row.currency, count: Number(row.count) })),
  };
}
