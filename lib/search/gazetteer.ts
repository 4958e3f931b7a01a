import areaRows from './data/areas.json';
import countryRows from './data/countries.json';
import { editDistance, letterCount, normalizePlaceText, trigramSequence, trigramSetSimilarity } from './place-text';

export { normalizePlaceText, trigramSimilarity, wordSimilarity } from './place-text';

/**
 * The bundled gazetteer: a place typed by the visitor is resolved from the catalogue's own
 * places and from these countries, regions and mountain areas, never by a third-party geocoder.
 * Countries come from the `world-countries` package (scripts/generate-gazetteer.ts writes
 * data/countries.json); regions and areas are hand-written in data/areas.json. Pure: runs anywhere.
 * Towns and cities are in PostgreSQL (lib/db/seed/gazetteer.ts, lib/db/queries/gazetteer.ts).
 */

export type GazetteerPlaceKind = 'country' | 'region' | 'area';

export type GazetteerPlace = {
  /** `country-fr` for a country, a slug for the others (`mont-blanc-massif`). */
  id: string;
  /** A country; a region (an administrative division or a broad named region: Valais, Patagonia, the Alps); an area (a mountain area, range, massif, valley, park or resort). */
  kind: GazetteerPlaceKind;
  names: Record<'en' | 'fr' | 'es', string>;
  /** Other names it is known by: official and local names, former names, places and routes within it. */
  aliases: string[];
  /** Its country, or null when it spans several (then `countryCodes` lists them). */
  countryCode: string | null;
  /** Every country it lies in. */
  countryCodes: string[];
  lat: number;
  lng: number;
  /** A circle around (lat, lng) of this radius covers the place. */
  radiusMeters: number;
};

export type GazetteerMatch = {
  place: GazetteerPlace;
  /** 1 for an exact name; otherwise the trigram similarity, or more for a near miss by one or two typos. */
  score: number;
  /** The query, once normalized, is exactly one of the place's names or aliases (or lists only exact place names: `Zermatt, Valais`). */
  exact: boolean;
  /** The name or alias that matched, as the gazetteer writes it. */
  matchedName: string;
  /** The normalized part of the query that matched it: the whole query or one of its listed parts. */
  matchedText: string;
};

/** Fuzzy matches below this trigram similarity are not places. */
export const FUZZY_MATCH_THRESHOLD = 0.55;
const MAX_QUERY_LENGTH = 200;
/** Earth radius of PostgreSQL's earthdistance (`earth()`), so that circles agree with the SQL. */
export const EARTH_RADIUS_METERS = 6_378_168;

const KIND_RANK: Record<GazetteerPlaceKind, number> = { area: 0, region: 1, country: 2 };

type PlaceRow = {
  id: string;
  kind: string;
  names: { en: string; fr: string; es: string };
  aliases: string[];
  countryCode: string | null;
  spans?: string[];
  lat: number;
  lng: number;
  radiusMeters: number;
};

function toPlace(row: PlaceRow): GazetteerPlace {
  if (row.kind !== 'country' && row.kind !== 'region' && row.kind !== 'area') throw new Error(`Gazetteer place ${row.id}: unknown kind ${row.kind}`);
  return {
    id: row.id,
    kind: row.kind,
    names: { en: row.names.en, fr: row.names.fr, es: row.names.es },
    aliases: row.aliases,
    countryCode: row.countryCode,
    countryCodes: row.countryCode ? [row.countryCode] : (row.spans ?? []),
    lat: row.lat,
    lng: row.lng,
    radiusMeters: row.radiusMeters,
  };
}

export const gazetteer: readonly GazetteerPlace[] = [...(countryRows as PlaceRow[]), ...(areaRows as PlaceRow[])].map(toPlace);

const byId = new Map(gazetteer.map((place) => [place.id, place]));

/** The place with this id, or undefined. */
export function gazetteerPlace(id: string): GazetteerPlace | undefined {
  return byId.get(id);
}

/** The places of a country (ISO 3166-1 alpha-2): the country first, then its regions and areas, those spanning several countries included. */
export function placesByCountry(code: string): GazetteerPlace[] {
  const upper = code.toUpperCase();
  return gazetteer
    .filter((place) => place.countryCodes.includes(upper))
    .sort((a, b) => KIND_RANK[b.kind] - KIND_RANK[a.kind] || a.names.en.localeCompare(b.names.en));
}

/** Great-circle distance in metres, on the sphere PostgreSQL's earthdistance uses. */
export function distanceMeters(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (to.lat - from.lat) * rad;
  const dLng = (to.lng - from.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * rad) * Math.cos(to.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a point lies within the place's circle. */
export function placeContains(place: GazetteerPlace, point: { lat: number; lng: number }): boolean {
  return distanceMeters(place, point) <= place.radiusMeters;
}

type Entry = { place: GazetteerPlace; name: string; text: string; letters: number; trigrams: Set<string> };

type Index = { entries: Entry[]; exact: Map<string, Entry[]> };

let index: Index | null = null;

/** Every name and alias, normalized, with its trigrams; built once, on first use. */
function getIndex(): Index {
  if (index) return index;
  const entries: Entry[] = [];
  const exact = new Map<string, Entry[]>();
  for (const place of gazetteer) {
    const seen = new Set<string>();
    for (const name of [place.names.en, place.names.fr, place.names.es, ...place.aliases]) {
      const text = normalizePlaceText(name);
      if (!text || seen.has(text)) continue;
      seen.add(text);
      const entry = { place, name, text, letters: letterCount(text), trigrams: new Set(trigramSequence(text)) };
      entries.push(entry);
      exact.set(text, [...(exact.get(text) ?? []), entry]);
    }
  }
  index = { entries, exact };
  return index;
}

/** Smaller and more specific first: an area before a region before a country, then the smaller circle. */
function compareSpecificity(a: GazetteerPlace, b: GazetteerPlace): number {
  return KIND_RANK[a.kind] - KIND_RANK[b.kind] || a.radiusMeters - b.radiusMeters;
}

function exactMatch(text: string): GazetteerMatch | null {
  const entries = getIndex().exact.get(text);
  if (!entries?.length) return null;
  const [entry] = [...entries].sort((a, b) => compareSpecificity(a.place, b.place));
  return { place: entry!.place, score: 1, exact: true, matchedName: entry!.name, matchedText: text };
}

/**
 * Score of a near miss: a name of 6+ letters within one typo (9+ letters: two) of the text. Trigrams
 * alone are harsh on short names: 'chamonx' shares only 0.545 of its trigrams with 'chamonix'.
 */
function typoScore(text: string, entry: Entry): number {
  if (entry.letters < 6) return 0;
  const allowed = entry.letters >= 9 ? 2 : 1;
  const distance = editDistance(text, entry.text, allowed);
  return distance <= allowed ? 1 - distance / (entry.text.length + 1) : 0;
}

/** Two words are the same but for a typo or two ('blance' and 'blanca', 'nationaux' and 'national'). */
function similarWords(a: string, b: string): boolean {
  if (a === b) return true;
  const allowed = Math.min(a.length, b.length) >= 8 ? 2 : 1;
  return editDistance(a, b, allowed) <= allowed || trigramSetSimilarity(new Set(trigramSequence(a)), new Set(trigramSequence(b))) >= 0.5;
}

/**
 * Whether every word of 4+ letters on each side has its counterpart on the other (or lies within
 * it, for words run together: 'montblanc'). A typo changes letters, not whole words: 'mont blanc
 * ascent' is not a misspelt 'Mont Blanc', nor 'ice climbing' a misspelt 'Rjukan ice climbing'.
 */
function wordsCorrespond(text: string, name: string): boolean {
  const covered = (words: string[], other: string) => {
    const otherWords = other.split(' ');
    const compact = otherWords.join('');
    return words.every((word) => word.length < 4 || compact.includes(word) || otherWords.some((candidate) => similarWords(word, candidate)));
  };
  return covered(text.split(' '), name) && covered(name.split(' '), text);
}

function fuzzyMatch(text: string): GazetteerMatch | null {
  const trigrams = new Set(trigramSequence(text));
  let best: { entry: Entry; score: number } | null = null;
  for (const entry of getIndex().entries) {
    const score = Math.max(trigramSetSimilarity(trigrams, entry.trigrams), typoScore(text, entry));
    if (score < FUZZY_MATCH_THRESHOLD || (best && score < best.score) || !wordsCorrespond(text, entry.text)) continue;
    if (!best || score > best.score || (score === best.score && compareSpecificity(entry.place, best.entry.place) < 0)) best = { entry, score };
  }
  return best && { place: best.entry.place, score: best.score, exact: false, matchedName: best.entry.name, matchedText: text };
}

/**
 * The listed parts of a query, each with its own smaller parts: 'Mont Blanc massif (France, Italy,
 * Switzerland)' lists four; in 'Banff and Yoho national parks, Alberta / British Columbia', the
 * first part splits at 'and' ('et', 'y', 'e', 'und', '&') and the second at the slash.
 */
function queryParts(query: string): { text: string; pieces: string[] }[] {
  return query
    .split(/[,;:()[\]{}|·•]|\s[-–—]\s/u)
    .map((part) => ({
      text: normalizePlaceText(part),
      pieces: part
        .split(/[/+&]/u)
        .flatMap((piece) => normalizePlaceText(piece).split(/\s(?:and|et|y|e|und)\s/u))
        .filter(Boolean),
    }))
    .filter((part) => part.text);
}

/**
 * A match among the listed parts of a query, when the places found hold at least half of its
 * letters: the most specific of those named exactly, else of those found with a typo.
 */
function partsMatch(parts: { text: string; pieces: string[] }[], fuzzy: boolean): GazetteerMatch | null {
  const find = (text: string) => (letterCount(text) < 3 ? null : (exactMatch(text) ?? (fuzzy ? fuzzyMatch(text) : null)));
  const total = letterCount(parts.map((part) => part.text).join(' '));
  let covered = 0;
  let allExact = true;
  const matches: GazetteerMatch[] = [];
  for (const part of parts) {
    const whole = find(part.text);
    const found = whole ? [{ text: part.text, match: whole }] : part.pieces.map((piece) => ({ text: piece, match: find(piece) }));
    for (const { text, match } of found) {
      if (!match) {
        allExact = false;
        continue;
      }
      covered += letterCount(text);
      allExact &&= match.exact;
      matches.push(match);
    }
  }
  if (!matches.length || covered * 2 < total) return null;
  const [best] = matches.sort((a, b) => Number(b.exact) - Number(a.exact) || compareSpecificity(a.place, b.place) || b.score - a.score);
  return { ...best!, exact: allExact };
}

/**
 * The gazetteer place a visitor's query names, or null (fewer than 3 letters, or no place).
 * In order: the whole query is exactly a name or alias in any of the three languages (score 1,
 * `exact`); it lists places ('Zermatt, Valais', 'Chamonix, France'), the most specific one wins;
 * the whole query is a name with a typo or two ('chamonx', 'dolomits', 'cordillera blance',
 * 'kilimandjaro'), score ≥ 0.55; some of its listed parts are. Ties go to the more specific place:
 * an area over a region over a country, then the smaller one.
 */
export function matchGazetteer(query: string): GazetteerMatch | null {
  const read = readExactly(query);
  if (!read) return null;
  if (read.match) return read.match;
  const fuzzy = fuzzyMatch(read.text);
  if (fuzzy) return fuzzy;
  return read.listed ? partsMatch(read.parts, true) : null;
}

/**
 * The first steps of {@link matchGazetteer}, without typos: the whole query named exactly, else its
 * listed parts named exactly; null below 3 letters.
 */
function readExactly(query: string): { text: string; parts: { text: string; pieces: string[] }[]; listed: boolean; match: GazetteerMatch | null } | null {
  const limited = query.slice(0, MAX_QUERY_LENGTH);
  const text = normalizePlaceText(limited);
  if (letterCount(text) < 3) return null;
  const whole = exactMatch(text);
  if (whole) return { text, parts: [], listed: false, match: whole };
  const parts = queryParts(limited);
  const listed = parts.length > 1 || parts[0]!.pieces.length > 1;
  return { text, parts, listed, match: listed ? partsMatch(parts, false) : null };
}

/**
 * Whether {@link matchGazetteer} finds the query exactly (`exact`), without its search for typos:
 * a match found with a typo is never exact, and a listing whose parts are all named exactly is
 * found before any typo is looked for.
 */
export function namesPlaceExactly(query: string): boolean {
  return readExactly(query)?.match?.exact ?? false;
}

/**
 * A place named anywhere in a free text ('ski touring around chamonix', 'trekking au népal'): the
 * most specific place whose exact name or alias appears there as whole words, or null. Unlike
 * `matchGazetteer`, the rest of the text may be anything, so typos are not forgiven.
 */
export function findPlaceInText(text: string): GazetteerMatch | null {
  const words = normalizePlaceText(text.slice(0, MAX_QUERY_LENGTH)).split(' ').filter(Boolean);
  let best: GazetteerMatch | null = null;
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= Math.min(words.length, start + 8); end++) {
      const window = words.slice(start, end).join(' ');
      if (letterCount(window) < 3) continue;
      const match = exactMatch(window);
      if (!match) continue;
      if (!best || compareSpecificity(match.place, best.place) < 0 || (match.place === best.place && window.length > best.matchedText.length)) best = match;
    }
  }
  return best && { ...best, exact: best.matchedText === words.join(' ') };
}
