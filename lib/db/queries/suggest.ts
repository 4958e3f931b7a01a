import 'server-only';
import { sql } from 'drizzle-orm';
import type { Activity } from '../../catalogue/vocabulary';
import type { Locale } from '../../locales';
import { paths } from '../../routing/paths';
import { gazetteerPlace, type GazetteerPlace } from '../../search/gazetteer';
import { letterCount, normalizePlaceText } from '../../search/place-text';
import { readQuery } from '../../search/query-text';
import { searchHref, defaultSearchState } from '../../search/search-state';
import {
  activitySuggestions,
  gazetteerCandidates,
  locationCandidates,
  mergeSuggestions,
  rankCandidates,
  SUGGESTION_LIMITS,
  type Candidate,
  type SuggestionItem,
} from '../../search/suggest';
import { getDb } from '../client';
import type { Database } from '../database';

/** The catalogue's locations change with guides' edits; a few minutes' delay is fine for suggestions. */
const LOCATIONS_TTL_MS = 5 * 60_000;
let locations: { at: number; value: Promise<Candidate<string>[]> } | null = null;

/** The published trips' locations with their trip counts (a few hundred rows), kept in process a few minutes. */
function catalogueLocations(db: Database): Promise<Candidate<string>[]> {
  if (locations && Date.now() - locations.at < LOCATIONS_TTL_MS) return locations.value;
  const value = db
    .execute<{ location: string; trips: number }>(sql`SELECT location, count(*)::int AS trips FROM trips WHERE published GROUP BY location`)
    .then((result) => locationCandidates(result.rows));
  locations = { at: Date.now(), value };
  value.catch(() => {
    if (locations?.value === value) locations = null;
  });
  return value;
}

const placeCandidates = new Map<Locale, Candidate<GazetteerPlace>[]>();
function gazetteerFor(locale: Locale): Candidate<GazetteerPlace>[] {
  let candidates = placeCandidates.get(locale);
  if (!candidates) placeCandidates.set(locale, (candidates = gazetteerCandidates(locale)));
  return candidates;
}

/** The trips whose texts hold every query word, the last one as a beginning ('tour du mont' → 'tour & du & mont:*'). */
async function tripRows(db: Database, folded: string, locale: Locale) {
  const words = folded.split(' ').filter(Boolean).slice(0, 6);
  if (!words.length || words.at(-1)!.length < 3) return [];
  const query = words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(' & ');
  const result = await db.execute<{ slug: string; title: string; location: string }>(sql`
    SELECT tr.slug, tr.title, t.location
    FROM (SELECT trip_id FROM trip_search_text WHERE locale = ${locale} AND words @@ to_tsquery('simple', ${query}) LIMIT 40) x
    JOIN trip_translations tr ON tr.trip_id = x.trip_id AND tr.locale = ${locale}
    JOIN trips t ON t.id = x.trip_id`);
  return result.rows;
}

/** Towns are offered from this many letters: fewer match thousands of villages. */
export const MIN_TOWN_LETTERS = 4;
/** Towns offered per text: the most populous of those whose name (exonyms included) begins with it. */
const TOWN_LIMIT = 3;

/**
 * Towns and cities of the gazetteer whose name, in any language, begins with the folded text ('gene'
 * → Genève, 'mila' → Milan), most populous first, one per shown name (the search reads a name as its
 * most populous town). A prefix LIKE uses the names' trigram index.
 */
async function townRows(db: Database, folded: string, locale: Locale) {
  if (letterCount(folded) < MIN_TOWN_LETTERS) return [];
  const pattern = `${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await db.execute<{ name: string; country_code: string; population: number }>(sql`
    SELECT coalesce(p.exonyms ->> ${locale}, p.name) AS name, p.country_code, max(p.population)::int AS population
    FROM gazetteer_names n JOIN gazetteer_places p ON p.id = n.place_id
    WHERE n.folded LIKE ${pattern}
    GROUP BY 1, 2
    ORDER BY 3 DESC LIMIT ${TOWN_LIMIT * 3}`);
  const seen = new Set<string>();
  return result.rows
    .filter((row) => {
      const name = normalizePlaceText(row.name);
      return !seen.has(name) && seen.add(name);
    })
    .slice(0, TOWN_LIMIT);
}

/** The activities' names in the page's language (the list says each item's kind itself). */
export type SuggestLabels = { activity: Record<Activity, string> };

/**
 * Suggestions for a text being typed in a page's language: places (gazetteer and catalogue), activities,
 * then trips; at most {@link SUGGESTION_LIMITS}.total. One round trip for the trips (the locations
 * are kept in process); without a database, the places and activities still come.
 */
export async function suggestDestinations(text: string, locale: Locale, labels: SuggestLabels, db: Database = getDb()): Promise<{ items: SuggestionItem[]; complete: boolean }> {
  const folded = normalizePlaceText(text);
  const search = paths.search(locale);
  const queryHref = (query: string) => searchHref(search, { ...defaultSearchState(), query });
  const [catalogue, trips, towns] = await Promise.allSettled([catalogueLocations(db), tripRows(db, folded, locale), townRows(db, folded, locale)]);

  type Place = { label: string; detail: string | null };
  const countryName = (code: string) => gazetteerPlace(`country-${code.toLowerCase()}`)?.names[locale] ?? null;
  const candidates: Candidate<Place>[] = [
    ...gazetteerFor(locale).map((candidate) => {
      const country = candidate.value.kind === 'country' ? null : (candidate.value.countryCode ?? null);
      return { ...candidate, value: { label: candidate.label, detail: country ? countryName(country) : null } };
    }),
    ...(catalogue.status === 'fulfilled' ? catalogue.value : []).map((candidate) => ({ ...candidate, value: { label: candidate.label, detail: null } })),
  ];
  // The catalogue's places first; towns fill the places' remaining room (mergeSuggestions drops a repeated label).
  const catalogued = rankCandidates(folded, candidates, SUGGESTION_LIMITS.place).map(({ value }): SuggestionItem => ({ kind: 'place', label: value.label, detail: value.detail, href: queryHref(value.label) }));
  // A town the catalogue already names (Chamonix → Chamonix-Mont-Blanc) is not offered twice.
  const named = catalogued.map((item) => normalizePlaceText(item.label));
  const townItems = (towns.status === 'fulfilled' ? towns.value : [])
    .filter((town) => {
      const name = normalizePlaceText(town.name);
      return !named.some((label) => name.startsWith(label) || label.startsWith(name));
    })
    .map((town): SuggestionItem => ({ kind: 'place', label: town.name, detail: countryName(town.country_code), href: queryHref(town.name) }));
  const places = [...catalogued, ...townItems];

  const activityItems = activitySuggestions(folded, labels.activity).map((activity): SuggestionItem => {
    const state = defaultSearchState();
    state.filters.activity = [activity];
    return { kind: 'activity', label: labels.activity[activity], detail: null, href: searchHref(search, state) };
  });

  const tripItems =
    trips.status === 'fulfilled'
      ? rankCandidates(
          folded,
          trips.value.map((row) => ({ label: row.title, names: [normalizePlaceText(row.title), normalizePlaceText(row.location)], weight: 0, value: row })),
          SUGGESTION_LIMITS.trip,
        ).map(({ value }): SuggestionItem => ({ kind: 'trip', label: value.title, detail: value.location, href: paths.trip(locale, value.slug) }))
      : [];
  // The search reads an activity word before a place (lib/search/query-text.ts): so do the suggestions.
  const activitiesFirst = readQuery(text).activities.length > 0;
  return { items: mergeSuggestions(places, activityItems, tripItems, activitiesFirst), complete: [catalogue, trips, towns].every((settled) => settled.status === 'fulfilled') };
}
