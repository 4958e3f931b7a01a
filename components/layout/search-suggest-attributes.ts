import type { Locale } from '@/lib/locales';

type HeaderT = (key: 'suggest.place' | 'suggest.activity' | 'suggest.trip' | 'suggest.countNone' | 'suggest.countOne' | 'suggest.countMany', values?: { count: string }) => string;

/** The id of the (empty, hidden) listbox a search box controls: drawn by the server next to the box. */
export const suggestListId = (inputId: string) => `${inputId}-suggestions`;

/**
 * The attributes of a search box with destination search as you type: a collapsed WAI-ARIA
 * combobox from the server HTML on (its listbox, {@link suggestListId}, is drawn hidden beside it),
 * and the data search-suggest-combobox.ts reads once the box is first focused: where to ask, in
 * which language, the words it shows and announces. Without JavaScript the box is a GET form.
 * The box is `type="text"`: HTML allows the combobox role on a text box, not on a search box.
 */
export function searchSuggestAttributes(t: HeaderT, locale: Locale, inputId: string) {
  return {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': false,
    'aria-controls': suggestListId(inputId),
    'data-suggest': '/api/suggest',
    'data-suggest-locale': locale,
    'data-suggest-kinds': JSON.stringify({ place: t('suggest.place'), activity: t('suggest.activity'), trip: t('suggest.trip') }),
    'data-suggest-counts': JSON.stringify({ none: t('suggest.countNone'), one: t('suggest.countOne'), many: t('suggest.countMany', { count: '{count}' }) }),
  } as const;
}
