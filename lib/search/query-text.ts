import { activities, type Activity } from '../catalogue/vocabulary';
import { normalizePlaceText } from './place-text';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import fr from '../../messages/fr.json';

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

const activityNames: { activity: Activity; name: string }[] = activities
  .flatMap((activity) => [en, fr, es].map((messages) => ({ activity, name: foldText(messages.Catalogue.activity[activity]) })))
  // Longest first, so 'ski touring' is found before 'ski'.
  .sort((a, b) => b.name.length - a.name.length);

/**
 * An activity named in the query ('ski touring norway', 'trekking au népal'), in any of the three
 * languages, and the rest of the query; null when none is named as whole words.
 */
export function splitActivity(query: string): { activity: Activity; rest: string } | null {
  const folded = ` ${foldText(query)} `;
  for (const { activity, name } of activityNames) {
    const at = folded.indexOf(` ${name} `);
    if (at >= 0) {
      const rest = `${folded.slice(0, at)} ${folded.slice(at + name.length + 2)}`.split(' ').filter((word) => word && !STOP_WORDS.has(word) && !['in', 'en', 'au', 'a', 'de', 'du', 'el', 'la', 'le'].includes(word));
      return { activity, rest: rest.join(' ') };
    }
  }
  return null;
}
