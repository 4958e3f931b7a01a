import { activities, type Activity } from '../catalogue/vocabulary';
import type { Locale } from '../locales';
import { activitiesStartingWith } from './activity-words';
import { gazetteer, type GazetteerPlace } from './gazetteer';
import { editDistance, normalizePlaceText } from './place-text';

/**
 * Destination search as you type: what a few typed letters may stand for — places (the gazetteer
 * and the catalogue's own locations), activities and trips — ranked, accent- and typo-tolerant.
 * Pure; the route handler adds the catalogue's rows (app/api/suggest/route.ts).
 */

/** Fewer letters than this suggest nothing; more than MAX_SUGGEST_QUERY is refused. */
export const MIN_SUGGEST_QUERY = 2;
export const MAX_SUGGEST_QUERY = 60;
/** The most suggestions of each kind, and in all. */
export const SUGGESTION_LIMITS = { place: 5, activity: 2, trip: 3, total: 8 } as const;

export type SuggestionKind = 'place' | 'activity' | 'trip';

/** A candidate: its name as shown, the names it answers to (folded; the shown one first), and a weight among equals. */
export type Candidate<T> = { label: string; names: readonly string[]; weight: number; value: T };

/**
 * How well a text being typed matches a name, 0 when not at all: it is the name (best), the name begins
 * with it, one of its words does, or it is within one typo (two from 8 letters) of the name's
 * beginning, first letter kept ('chamonx' → Chamonix, 'zermat' → Zermatt). Both sides folded.
 */
export function prefixScore(text: string, name: string): number {
  if (!text || !name) return 0;
  if (name.startsWith(text)) return text.length === name.length ? 1 : 0.9;
  if (name.includes(` ${text}`)) return 0.8;
  // Among typos, the more of the name typed the better ('chamonx': Chamonix before a longer route name).
  const covered = 0.09 * Math.min(1, text.length / name.length);
  // A typo is rarely the first letter: checking only those names keeps the scan to a few hundred µs.
  if (text.length < 4 || name[0] !== text[0]) return 0;
  const allowed = text.length >= 8 ? 2 : 1;
  let best = allowed + 1;
  // The name's beginning as long as the text, a letter shorter or longer (a letter left out or added).
  for (const length of [text.length - 1, text.length, text.length + 1]) {
    if (length > name.length || length < 1) continue;
    best = Math.min(best, editDistance(text, name.slice(0, length), allowed));
  }
  return best <= allowed ? 0.6 - best * 0.1 + covered : 0;
}

/** How much lower a match on an alias ranks than the same match on the name shown. */
const ALIAS_PENALTY = 0.12;

/** The best candidates for a text being typed, best first, at most `limit`; ties go to the heavier, then the shorter label. */
export function rankCandidates<T>(text: string, candidates: Iterable<Candidate<T>>, limit: number): (Candidate<T> & { score: number })[] {
  const folded = normalizePlaceText(text);
  if (folded.length < MIN_SUGGEST_QUERY) return [];
  const scored: (Candidate<T> & { score: number })[] = [];
  for (const candidate of candidates) {
    // The name shown comes first; a match on another name or an alias ranks lower ('cham' → Chamonix
    // before the Annapurnas, which list Chame among their villages).
    let score = 0;
    candidate.names.forEach((name, i) => {
      score = Math.max(score, prefixScore(folded, name) - (i === 0 ? 0 : ALIAS_PENALTY));
    });
    if (score > 0) scored.push({ ...candidate, score });
  }
  scored.sort((a, b) => b.score - a.score || b.weight - a.weight || a.label.length - b.label.length || a.label.localeCompare(b.label));
  const seen = new Set<string>();
  return scored.filter((candidate) => !seen.has(candidate.label) && seen.add(candidate.label)).slice(0, limit);
}

const KIND_WEIGHT: Record<GazetteerPlace['kind'], number> = { country: 3, region: 2, area: 1 };

/** Every gazetteer place as a candidate: its name in the page's language, answering to all its names and aliases. */
export function gazetteerCandidates(locale: Locale): Candidate<GazetteerPlace>[] {
  return gazetteer.map((place) => ({
    label: place.names[locale],
    names: [...new Set([place.names[locale], place.names.en, place.names.fr, place.names.es, ...place.aliases].map(normalizePlaceText))],
    weight: KIND_WEIGHT[place.kind],
    value: place,
  }));
}

/** The catalogue's own places (trip locations) as candidates, weighted by how many trips they hold. */
export function locationCandidates(locations: readonly { location: string; trips: number }[]): Candidate<string>[] {
  return locations.map(({ location, trips }) => ({ label: location, names: [normalizePlaceText(location)], weight: Math.log10(1 + trips), value: location }));
}

/** The activities a text being typed may stand for, in the page's language ('ski' → Ski touring, Heli-skiing). */
export function activitySuggestions(text: string, labels: Record<Activity, string>, limit: number = SUGGESTION_LIMITS.activity): Activity[] {
  const folded = normalizePlaceText(text);
  if (folded.length < MIN_SUGGEST_QUERY) return [];
  const byLabel = rankCandidates(
    folded,
    activities.map((activity) => ({ label: labels[activity], names: [normalizePlaceText(labels[activity])], weight: 1, value: activity })),
    limit,
  ).map((candidate) => candidate.value);
  return [...new Set([...byLabel, ...activitiesStartingWith(folded)])].slice(0, limit);
}

export type SuggestionItem = { kind: SuggestionKind; label: string; detail: string | null; href: string };

/**
 * The answer's list: places first (a destination is what the box asks for), then activities, then
 * trips, each kind within its limit, at most `SUGGESTION_LIMITS.total`, without two of the same label.
 */
export function mergeSuggestions(places: SuggestionItem[], activityItems: SuggestionItem[], trips: SuggestionItem[], activitiesFirst = false): SuggestionItem[] {
  const seen = new Set<string>();
  const placeItems = places.slice(0, SUGGESTION_LIMITS.place);
  const activityList = activityItems.slice(0, SUGGESTION_LIMITS.activity);
  // An activity word in the text ('ski', 'escalade') is read as the activity by the search: its items lead.
  const ordered = activitiesFirst ? [...activityList, ...placeItems] : [...placeItems, ...activityList];
  return [...ordered, ...trips.slice(0, SUGGESTION_LIMITS.trip)]
    .filter((item) => {
      const key = `${item.kind}:${normalizePlaceText(item.label)}`;
      return !seen.has(key) && seen.add(key);
    })
    .slice(0, SUGGESTION_LIMITS.total);
}
