'use client';

import { useEffect } from 'react';

/**
 * Loads destination search as you type on the first focus of a search box that asks for it
 * (`data-suggest`): the combobox's code stays out of every page until a visitor wants it.
 */
export function SearchSuggestLoader() {
  useEffect(() => {
    const enhance = (target: EventTarget | null) => {
      if (!(target instanceof HTMLInputElement) || !target.dataset.suggest || target.dataset.suggestReady) return;
      target.dataset.suggestReady = '1';
      void import('./search-suggest-combobox').then(({ attachSuggestions }) => attachSuggestions(target));
    };
    const onFocus = (event: FocusEvent) => enhance(event.target);
    document.addEventListener('focusin', onFocus);
    // A box focused before the page was interactive.
    enhance(document.activeElement);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  return null;
}
