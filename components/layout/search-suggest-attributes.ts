import type { Locale } from '@/lib/locales';

type HeaderT = (key: 'suggest.place' | 'suggest.activity' | 'suggest.trip' | 'suggest.countNone' | 'suggest.countOne' | 'suggest.countMany', values?: { count: string }) => string;

/**
 * The data a search box carries for destination search as you type (read by
 * search-suggest-combobox.ts once the box is first focused): where to ask, in which language,
 * and the words it shows and announces. Without JavaScript they are inert: the box is a GET form.
 */
export function searchSuggestAttributes(t: HeaderT, locale: Locale): Record<`data-${string}`, string> {
  return {
    'data-suggest': '/api/suggest',
    'data-suggest-locale': locale,
    'data-suggest-kinds': JSON.stringify({ place: t('suggest.place'), activity: t('suggest.activity'), trip: t('suggest.trip') }),
    'data-suggest-counts': JSON.stringify({ none: t('suggest.countNone'), one: t('suggest.countOne'), many: t('suggest.countMany', { count: '{count}' }) }),
  };
}
