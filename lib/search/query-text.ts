import type { Activity } from '../catalogue/vocabulary';
import { readActivities } from './activity-words';
import { namesPlaceExactly } from './gazetteer';
import { normalizePlaceText } from './place-text';

/**
 * How the search reads what a visitor typed (pure). Text is compared lower-case and without
 * accents, as PostgreSQL's `cordee_unaccent(lower(…))` writes `search_text`.
 */

/** Lower case, accents removed, every run of other characters than letters and digits → one space. */
export const foldText = normalizePlaceText;

/** Words that say nothing about a trip, in the three languages (never required to match). */
const STOP_WORDS = new Set(
  [
    'the and for with from into trip trips guided near around',
    'les des une avec pour dans sur aux par vers pres voyage voyages',
    'los las una con para por del sobre cerca viaje viajes',
  ]
    .join(' ')
    .split(' '),
);

/** The words of a query that must each match (3+ characters, not stop words), at most 8. */
export function queryWords(query: string): string[] {
  const words = foldText(query)
    .split(' ')
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word));
  return [...new Set(words)].slice(0, 8);
}

/**
 * What a query says, read before any place: the activities it names and the rest ('Chamonix ski'
 * → ski-touring and 'chamonix'); the query itself, punctuation kept, when it names none. A query
 * that is exactly a place's name ('Hielo Continental') is a place, even if a word of it is an activity's.
 */
export function readQuery(query: string): { activities: Activity[]; rest: string } {
  if (namesPlaceExactly(query)) return { activities: [], rest: query };
  const read = readActivities(query);
  return read.activities.length ? read : { activities: [], rest: query };
}
