'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { visuallyHiddenClassName } from '@/components/ui/visually-hidden';
import type { Locale } from '@/lib/locales';
import type { ConversionSettings } from '@/lib/money/pricing';
import type { FilterState, SearchResultsData } from './results-data';
import { SearchFilters, type SearchFiltersProps } from './search-filters';
import { countText, SearchResults } from './search-results';
import styles from './search.module.css';
import { useLiveResults } from './use-live-results';

/** The live search's data, the same that the server's first render drew. */
export type LiveSearchData = {
  /** The results the server rendered with the page, for `initialSearch`. */
  initial: SearchResultsData;
  conversion: ConversionSettings;
  /** The filters' option lists and labels, the same for every search. */
  filters: Omit<SearchFiltersProps, keyof FilterState | 'onNavigate'>;
};

type Props = {
  locale: Locale;
  /**
   * {@link LiveSearchData} as JSON text: React passes a string as it is, where the results' dozens
   * of objects were walked value by value on the server and revived again for the HTML (they are
   * JSON as `GET /api/search` sends them).
   */
  data: string;
  /** The page's canonical search, as URL parameters. */
  initialSearch: string;
  /** The visitor's currency as the page was drawn for it (`{code}-{source}`): the results' prices. */
  currency: string;
  basePath: string;
};

/** A refused search: `shown` is the server's own localized sentence (429), else null (the page says it is busy). */
class SearchRefused extends Error {
  constructor(
    readonly status: number,
    readonly shown: string | null,
  ) {
    super(`search answered ${status}`);
  }
}

/** A search's results from `GET /api/search` (app/api/search/route.ts): the same query and data as the page. */
async function fetchResults(locale: Locale, currency: string, search: string, signal: AbortSignal): Promise<SearchResultsData> {
  const params = new URLSearchParams(search);
  params.set('locale', locale);
  params.set('currency', currency);
  const response = await fetch(`/api/search?${params}`, { signal, headers: { accept: 'application/json' } });
  if (response.status === 429) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new SearchRefused(429, typeof body?.message === 'string' ? body.message : null);
  }
  if (!response.ok) throw new SearchRefused(response.status, null);
  return (await response.json()) as SearchResultsData;
}

/**
 * The search page's filters and results: the page renders the first results; a filter change
 * fetches the next as data without loading a page, keeps the earlier results on screen until they
 * arrive, leaves the focus on the control that changed, puts the search in the URL
 * (history.replaceState, which Next.js's router follows) and announces the new count.
 */
export function LiveSearch({ data, ...props }: Props) {
  // Parsed again only when the server sends other data (a refresh after a change of currency).
  const parsed = useMemo(() => JSON.parse(data) as LiveSearchData, [data]);
  return <LiveResults {...props} {...parsed} />;
}

function LiveResults({ locale, initial, initialSearch, currency, conversion, basePath, filters }: Omit<Props, 'data'> & LiveSearchData) {
  const t = useTranslations('Search');
  const [changed, setChanged] = useState(false);
  const results = useLiveResults(
    initialSearch,
    initial,
    (search, signal) => fetchResults(locale, currency, search, signal),
    // Past the client's allowance, asking again at once would only be refused again.
    (error) => !(error instanceof SearchRefused && error.status === 429),
  );
  const { data } = results;
  const sectionRef = useRef<HTMLElement>(null);

  // On desktop, a change low in the filter column keeps the results' top in view (below the sticky header).
  useEffect(() => {
    const section = sectionRef.current;
    if (!changed || results.isPlaceholderData || !section || !window.matchMedia('(min-width: 768px)').matches) return;
    const headerBottom = document.querySelector('body > header, header')?.getBoundingClientRect().bottom ?? 0;
    const top = section.getBoundingClientRect().top;
    if (top < headerBottom) window.scrollBy({ top: top - headerBottom - 16 });
  }, [changed, results.data, results.isPlaceholderData]);

  const onNavigate = (url: string) => {
    const next = new URL(url, window.location.href);
    window.history.replaceState(null, '', `${next.pathname}${next.search}`);
    setChanged(true);
    results.navigate(next.search.replace(/^\?/, ''));
  };

  const isError = results.error !== null;
  const failure = results.error instanceof SearchRefused && results.error.shown ? results.error.shown : t('busy.text');
  let announcement = '';
  if (changed) announcement = results.isFetching ? t('filters.updating') : isError ? failure : countText(t, data);

  return (
    <>
      <SearchFilters {...filters} {...data.filters} onNavigate={onNavigate} />
      <section ref={sectionRef} className={styles.results} aria-labelledby="search-results-heading" aria-busy={results.isFetching || undefined} data-testid="search-live" data-currency={currency}>
        {isError && !results.isFetching ? (
          <p className={styles.note} data-testid="search-busy">
            {failure}
          </p>
        ) : null}
        <SearchResults locale={locale} data={data} conversion={conversion} basePath={basePath} fixed={[]} formId={filters.formId} />
      </section>
      <p className={visuallyHiddenClassName} role="status" aria-live="polite" data-testid="search-announcement">
        {announcement}
      </p>
    </>
  );
}
