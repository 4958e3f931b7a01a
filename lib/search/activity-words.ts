import { activities, type Activity } from '../catalogue/vocabulary';
import { editDistance, normalizePlaceText } from './place-text';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import fr from '../../messages/fr.json';

/**
 * The words visitors use for each activity, in en, fr and es, folded (lower case, no accents),
 * besides the catalogue's own labels (messages Catalogue.activity). Multi-word phrases are matched
 * as whole words; a single word also matches when typed as its beginning (3+ letters: 'heli',
 * 'esc') or with a plural or agent ending ('treks', 'climbers', 'skieurs').
 */
const SYNONYMS: Record<Activity, readonly string[]> = {
  trekking: ['trekking', 'trek', 'trekk'],
  hiking: ['hiking', 'hike', 'randonnee', 'rando', 'senderismo', 'excursionismo'],
  'rock-climbing': ['rock climbing', 'climbing', 'climb', 'escalade', 'escalada', 'escalada en roca', 'grimpe'],
  'ice-climbing': ['ice climbing', 'ice', 'icefall', 'cascade de glace', 'glace', 'escalada en hielo', 'hielo'],
  mountaineering: ['mountaineering', 'alpinism', 'alpinisme', 'alpinismo', 'alpinist', 'alpiniste', 'alpinista', 'alpine climbing'],
  'ski-touring': ['ski touring', 'ski tour', 'skitour', 'skitouring', 'ski', 'skiing', 'skimo', 'ski de randonnee', 'ski rando', 'esqui de travesia', 'esqui de montana', 'esqui'],
  freeride: ['freeride', 'off piste', 'hors piste', 'fuera de pista'],
  'heli-skiing': ['heli skiing', 'heli ski', 'heliski', 'heliskiing', 'heli', 'heliesqui', 'heli esqui'],
  'via-ferrata': ['via ferrata', 'ferrata', 'vie ferrate', 'vias ferratas'],
  snowshoeing: ['snowshoeing', 'snowshoe', 'raquettes', 'raquettes a neige', 'raquetas', 'raquetas de nieve'],
};

/** Endings that keep a word's activity: plurals and agent nouns ('treks', 'climber', 'skieuse'). */
const ENDINGS = ['s', 'es', 'er', 'ers', 'eur', 'eurs', 'euse', 'euses', 'ing', 'ista', 'istas'];

/** Whole words that begin an activity word but name something else ('mountain' begins 'mountaineering'). */
const NOT_PREFIXES = new Set(['mountain', 'rock', 'tre', 'alp', 'alpin', 'alpine']);

/** Words this long forgive one typo. */
const TYPO_MIN = 8;

/** A prefix shorter than this is not read as an activity. */
export const MIN_PREFIX = 3;

type Phrase = { activity: Activity; words: string[] };

/** Every phrase, its words folded; the longest first so that 'ski de randonnee' wins over 'ski'. */
const phrases: Phrase[] = (() => {
  const seen = new Set<string>();
  const list: Phrase[] = [];
  for (const activity of activities) {
    const labels = [en, fr, es].map((messages) => messages.Catalogue.activity[activity]);
    for (const text of [...labels, ...SYNONYMS[activity]]) {
      const folded = normalizePlaceText(text);
      const key = `${activity}:${folded}`;
      if (!folded || seen.has(key)) continue;
      seen.add(key);
      list.push({ activity, words: folded.split(' ') });
    }
  }
  return list.sort((a, b) => b.words.length - a.words.length || b.words.join(' ').length - a.words.join(' ').length);
})();

/** Whether a query word stands for a phrase's word: the same, the same with an ending, or (when `prefix`) its beginning. */
function wordMatches(queryWord: string, word: string, prefix: boolean): boolean {
  if (queryWord === word) return true;
  if (queryWord.startsWith(word) && ENDINGS.includes(queryWord.slice(word.length))) return true;
  // One typo in a long word ('alpinsime', 'trekiing'); short ones are too close to place names.
  if (word.length >= TYPO_MIN && queryWord.length >= TYPO_MIN && editDistance(queryWord, word, 1) <= 1) return true;
  return prefix && queryWord.length >= MIN_PREFIX && word.startsWith(queryWord) && !NOT_PREFIXES.has(queryWord);
}

/** The phrases that start at `words[at]`, the longest first: their activity and how many words they take. */
function phrasesAt(words: readonly string[], at: number, prefix: boolean): { activity: Activity; length: number }[] {
  const found: { activity: Activity; length: number }[] = [];
  for (const phrase of phrases) {
    const n = phrase.words.length;
    if (at + n > words.length) continue;
    if (found.length && n < found[0]!.length) break;
    // Only the last word of a phrase may be typed in part ('ski de rando').
    if (phrase.words.every((word, i) => wordMatches(words[at + i]!, word, prefix && i === n - 1))) found.push({ activity: phrase.activity, length: n });
  }
  return found;
}

/** Short words that join an activity to a place ('ski in Norway', 'trekking au Népal'). */
const CONNECTORS = new Set(['in', 'en', 'au', 'aux', 'a', 'de', 'du', 'des', 'el', 'la', 'le', 'les', 'los', 'las', 'the', 'and', 'et', 'y', 'near', 'around', 'pres', 'cerca', 'of']);

export type QueryActivities = {
  /** The activities the query names, in the order typed, without repeats. */
  activities: Activity[];
  /** The query's other words, folded, without the words that only joined them ('in', 'au', 'de'). */
  rest: string;
};

/**
 * The activities a query names, in any of the three languages, and what is left of it: 'Chamonix
 * ski' → ski-touring + 'chamonix'; 'escalada en hielo' → ice-climbing; 'heli' → heli-skiing. An
 * exact exception list keeps words that merely begin an activity word ('mountain') as text.
 */
export function readActivities(query: string): QueryActivities {
  const words = normalizePlaceText(query).split(' ').filter(Boolean).slice(0, 20);
  const found: Activity[] = [];
  const rest: string[] = [];
  for (let at = 0; at < words.length; ) {
    const matches = phrasesAt(words, at, true);
    if (matches.length === 0) {
      rest.push(words[at]!);
      at++;
      continue;
    }
    for (const match of matches) if (!found.includes(match.activity)) found.push(match.activity);
    at += matches[0]!.length;
  }
  if (found.length === 0) return { activities: [], rest: words.join(' ') };
  // Drop joining words at the edges and between ('ski de randonnee en norvege' → 'norvege').
  return { activities: found, rest: rest.filter((word) => !CONNECTORS.has(word)).join(' ') };
}

/** The phrases to suggest for a text being typed: each activity once, with whether the text begins one of its words. */
export function activitiesStartingWith(text: string): Activity[] {
  const folded = normalizePlaceText(text);
  if (folded.length < 2) return [];
  const found: Activity[] = [];
  for (const phrase of phrases) {
    const whole = phrase.words.join(' ');
    if ((whole.startsWith(folded) || phrase.words.some((word) => word.startsWith(folded))) && !found.includes(phrase.activity)) found.push(phrase.activity);
  }
  return found;
}
