import { getTranslations, type getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { byteLru, bytesOf } from '@/lib/cache/byte-lru';
import { activities, skillLevels, tripLanguages, tripLevels } from '@/lib/catalogue/vocabulary';
import { upcomingMonths } from '@/lib/booking/open-group-filters';
import type { SearchOutcome } from '@/lib/db/queries/search';
import { isoDayToDate } from '@/lib/iso-day';
import { collator, dateTimeFormat, displayNames } from '@/lib/text/intl-cache';
import type { Locale } from '@/lib/locales';
import type { PricingContext } from '@/lib/server/pricing-context';
import { encodeVisitorCurrency } from '@/lib/money/visitor-currency';
import { durationBuckets, searchStateToParams, tripTypeFilters, type SearchState } from '@/lib/search/search-state';
import type { SearchFiltersProps } from './search-filters';
import { SearchFilters } from './search-filters-island';
import type { LiveSearchData } from './live-search';
import { LiveSearch } from './live-search-island';
import { filterState, searchResultsData, type Suggestion } from './results-data';
import { SearchResults } from './search-results';
import styles from './search.module.css';
import { ClientMessages } from '@/components/providers/client-messages';
import { messagesJson } from '@/lib/text/messages-json';

type Props = {
  locale: Locale;
  state: SearchState;
  outcome: SearchOutcome;
  pricing: PricingContext;
  /** The page the filters and pagination link to. */
  basePath: string;
  /** URL parameters the page fixes itself (a landing page's activity and country): not shown as filters. */
  fixed?: readonly ('activity' | 'country')[];
  /** The search page remembers its state in local storage (spec §3); landing pages do not. */
  remember: boolean;
  /** Links offered when nothing matches (spec §8 no-results message with suggestions). */
  suggestions: Suggestion[];
  /** YYYY-MM-DD. */
  today: string;
  heading?: ReactNode;
  /**
   * The search page: filter changes fetch the results as data (components/search/live-search.tsx)
   * instead of loading a page. Landing pages load their own URL.
   */
  live?: boolean;
};

type Messages = Awaited<ReturnType<typeof getMessages>>;

/** The Search messages the live search's client components translate (live-search.tsx, search-results.tsx). */
const LIVE_SEARCH_KEYS = ['count', 'countFor', 'countMore', 'countMoreFor', 'range', 'inCountry', 'thePoint', 'distance', 'radius', 'sort', 'empty', 'pagination', 'notPriceFiltered', 'busy'] as const;

/**
 * The messages the search page's client draws its results with, and only those: its filters get
 * their labels as props, and the page's titles stay on the server (every byte here is serialized,
 * parsed again for the HTML and sent inline with the page).
 */
function liveMessages(messages: Messages) {
  const search = messages.Search;
  return {
    Search: { ...Object.fromEntries(LIVE_SEARCH_KEYS.map((key) => [key, search[key]])), filters: { updating: search.filters.updating } },
    TripCard: messages.TripCard,
    // The trip card names its activities only.
    Catalogue: { activity: messages.Catalogue.activity },
    Price: messages.Price,
  };
}

/** The next twelve months as YYYY-MM with their names in the page's language. */
function monthOptions(today: string, locale: Locale): { value: string; label: string }[] {
  const format = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return upcomingMonths(today, 12).map((value) => {
    const label = format.format(isoDayToDate(`${value}-15`));
    return { value, label: label.charAt(0).toLocaleUpperCase(locale) + label.slice(1) };
  });
}

type FilterTexts = Pick<SearchFiltersProps, 'labels'> & { options: Omit<SearchFiltersProps['options'], 'currency'> };

export type { Suggestion };

/** The filters' option lists and labels per locale and day, made once: the same for every search (bounded in bytes). */
const filterTextsCache = byteLru<FilterTexts>(256 * 1024, bytesOf);

async function filterTexts(locale: Locale, today: string): Promise<FilterTexts> {
  const key = `${locale} ${today}`;
  const known = filterTextsCache.get(key);
  if (known) return known;
  const t = await getTranslations({ locale, namespace: 'Search' });
  const catalogue = await getTranslations({ locale, namespace: 'Catalogue' });
  const languageNames = displayNames(locale, 'language');
  const texts: FilterTexts = {
    options: {
      travellers: Array.from({ length: 16 }, (_, index) => ({ value: String(index + 1), label: t('travellersOption', { count: index + 1 }) })),
      activity: activities.map((activity) => ({ value: activity, label: catalogue(`activity.${activity}`) })),
      type: tripTypeFilters.map((type) => ({ value: type, label: t(`type.${type}`) })),
      level: tripLevels.filter((level) => level !== 'any').map((level) => ({ value: level, label: catalogue(`tripLevel.${level}`) })),
      fitness: skillLevels.filter((level) => level !== 'any' && level !== 'certain').map((level) => ({ value: level, label: catalogue(`skillLevel.${level}`) })),
      language: tripLanguages
        .map((code) => ({ value: code, label: languageNames.of(code) ?? code }))
        .map((option) => ({ ...option, label: option.label.charAt(0).toLocaleUpperCase(locale) + option.label.slice(1) }))
        .sort((a, b) => collator(locale).compare(a.label, b.label)),
      duration: durationBuckets.map((bucket) => ({ value: bucket, label: t(`durationOption.${bucket === '15+' ? 'long' : bucket}`) })),
      month: monthOptions(today, locale),
    },
    labels: {
      title: t('filters.title'),
      apply: t('filters.apply'),
      clear: t('filters.clear'),
      travellers: t('filters.travellers'),
      activity: t('filters.activity'),
      type: t('filters.type'),
      any: t('filters.any'),
      level: t('filters.level'),
      fitness: t('filters.fitness'),
      language: t('filters.language'),
      anyLanguage: t('filters.anyLanguage'),
      duration: t('filters.duration'),
      anyDuration: t('filters.anyDuration'),
      price: t('filters.price'),
      priceMin: t('filters.priceMin'),
      priceMax: t('filters.priceMax'),
      month: t('filters.month'),
      anyMonth: t('filters.anyMonth'),
      openGroups: t('filters.openGroups'),
      updating: t('filters.updating'),
    },
  };
  filterTextsCache.set(key, texts);
  return texts;
}

/**
 * A search's filters and results: the filters island and the results (components/search/
 * search-results.tsx), drawn on the server from the search's data. On the search page (`live`) both
 * are a client component that fetches later searches as data; the search page and the landing
 * pages share it.
 */
export async function SearchView({ locale, state, outcome, pricing, basePath, fixed = [], remember, suggestions, today, heading, live = false }: Props) {
  const formId = 'search-filters';
  const texts = await filterTexts(locale, today);
  const filters = filterState(state, basePath, fixed, remember);
  const data = searchResultsData(locale, state, outcome, suggestions, filters);
  const staticProps = {
    formId,
    action: basePath,
    restore: remember,
    options: { ...texts.options, activity: fixed.includes('activity') ? null : texts.options.activity, currency: pricing.currency.code },
    labels: texts.labels,
  };

  if (live) {
    const messages = await messagesJson(locale, 'live-search', liveMessages);
    return (
      <div className={styles.layout}>
        <ClientMessages json={messages}>
          <LiveSearch
            locale={locale}
            data={JSON.stringify({ initial: data, conversion: pricing.conversion, filters: staticProps } satisfies LiveSearchData)}
            initialSearch={searchStateToParams(state).toString()}
            currency={encodeVisitorCurrency(pricing.currency)}
            basePath={basePath}
          />
        </ClientMessages>
      </div>
    );
  }
  return (
    <div className={styles.layout}>
      <SearchFilters {...staticProps} {...filters} />
      <section className={styles.results} aria-labelledby="search-results-heading">
        <SearchResults locale={locale} data={data} conversion={pricing.conversion} basePath={basePath} fixed={fixed} formId={formId} heading={heading} />
      </section>
    </div>
  );
}
