import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { TripCard } from '@/components/trip-card/trip-card';
import { ByteLru, bytesOf } from '@/lib/cache/byte-lru.mjs';
import { activities, skillLevels, tripLanguages, tripLevels } from '@/lib/catalogue/vocabulary';
import { upcomingMonths } from '@/lib/booking/open-group-filters';
import type { SearchOutcome } from '@/lib/db/queries/search';
import { isoDayToDate } from '@/lib/iso-day';
import { collator, dateTimeFormat, displayNames, numberFormat } from '@/lib/text/intl-cache';
import { paginationItems } from '@/lib/routing/pagination';
import type { Locale } from '@/lib/locales';
import type { PricingContext } from '@/lib/server/pricing-context';
import { durationBuckets, MAX_RADIUS, searchHref, searchStateToParams, sortOrders, toStoredFilters, tripTypeFilters, type SearchState } from '@/lib/search/search-state';
import type { SearchFiltersProps } from './search-filters';
import { SearchFilters } from './search-filters-island';
import { SortSelect } from './sort-select';
import styles from './search.module.css';

export type Suggestion = { label: string; href: string };

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
};

const STATE_PARAMS = new Set(['query', 'aroundLatLng', 'aroundRadius']);

/** Kilometres in the page's language ('20 km', '2 000 km'). */
function kilometres(metres: number, locale: Locale): string {
  return numberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: metres < 10_000 ? 1 : 0 }).format(metres / 1000);
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

/** The filters' option lists and labels per locale and day, made once: the same for every search (bounded in bytes). */
const filterTextsCache = new ByteLru<FilterTexts>(256 * 1024);

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
      show: t('filters.show'),
      hide: t('filters.hide'),
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
  filterTextsCache.set(key, texts, bytesOf(texts));
  return texts;
}

/**
 * The results of a search, server-rendered: the filters island, the count and what was
 * searched, spec §9's radius growth, the cards with prices for the travellers count, pagination
 * links that keep the URL shareable, and spec §8's no-results message with suggestions. The
 * search page and the landing pages share it.
 */
export async function SearchView({ locale, state, outcome, pricing, basePath, fixed = [], remember, suggestions, today, heading }: Props) {
  const t = await getTranslations({ locale, namespace: 'Search' });
  const formId = 'search-filters';
  const params = searchStateToParams({ ...state, page: 1 }, fixed);
  const values: Record<string, string[]> = {};
  for (const name of new Set(params.keys())) values[name] = params.getAll(name);
  values.travellers = [String(state.travellers)];
  const hidden = [...params.entries()].filter(([name]) => STATE_PARAMS.has(name));
  const activeCount = [...params.keys()].filter((name) => !STATE_PARAMS.has(name) && name !== 'travellers' && name !== 'sort').length;
  const clearState = { ...state, filters: { ...state.filters, activity: [], type: null, level: [], fitness: [], language: [], duration: null, priceMin: null, priceMax: null, month: null, openGroups: false }, sort: 'relevance' as const, page: 1 };
  const clearHref = searchHref(basePath, { ...clearState, filters: { ...clearState.filters, country: fixed.includes('country') ? state.filters.country : null } }, fixed);

  const texts = await filterTexts(locale, today);
  const filtersProps: SearchFiltersProps = {
    formId,
    action: basePath,
    values,
    hidden,
    remember: remember ? toStoredFilters(state) : null,
    restore: remember,
    activeCount,
    clearHref,
    options: { ...texts.options, activity: fixed.includes('activity') ? null : texts.options.activity, currency: pricing.currency.code },
    labels: texts.labels,
  };

  const { place, radius } = outcome;
  const placeName = place?.name ?? t('thePoint');
  const sortOptions = sortOrders.filter((order) => order !== 'distance' || place !== null).map((order) => ({ value: order, label: t(`sort.${order}`) }));
  const pageHref = (page: number) => searchHref(basePath, { ...state, page }, fixed);
  const first = (outcome.page - 1) * outcome.pageSize + 1;
  const last = Math.min(outcome.total, outcome.page * outcome.pageSize);

  let radiusNote: string | null = null;
  if (place && radius) {
    if (radius.used === null) radiusNote = t('radius.beyond', { place: placeName, max: kilometres(MAX_RADIUS, locale) });
    else if (radius.grew) radiusNote = t('radius.grew', { place: placeName, requested: kilometres(radius.requested, locale), used: kilometres(radius.used, locale) });
    else radiusNote = t('radius.within', { place: placeName, used: kilometres(radius.used, locale) });
  }

  return (
    <div className={styles.layout}>
      <SearchFilters {...filtersProps} />
      <section className={styles.results} aria-labelledby="search-results-heading">
        {heading}
        <div className={styles.summary}>
          <div>
            <h2 id="search-results-heading" className={styles.countHeading} data-testid="search-count">
              {outcome.moreThanTotal
                ? state.query
                  ? t('countMoreFor', { count: outcome.total, query: state.query })
                  : t('countMore', { count: outcome.total })
                : state.query
                  ? t('countFor', { count: outcome.total, query: state.query })
                  : t('count', { count: outcome.total })}
            </h2>
            {place?.kind === 'country' && !radius ? <p className={styles.note}>{t('inCountry', { place: placeName })}</p> : null}
            {radiusNote ? (
              <p className={styles.note} data-testid="search-radius" role="status">
                {radiusNote}
              </p>
            ) : null}
            {outcome.notPriceFiltered.map(({ currency, count }) => (
              <p key={currency} className={styles.note} data-testid="not-price-filtered">
                {t('notPriceFiltered', { count, currency, visitor: pricing.conversion.target })}
              </p>
            ))}
            {outcome.total > 0 ? (
              <p className={styles.range}>{t('range', { first, last, total: outcome.moreThanTotal ? `${outcome.total}+` : outcome.total, travellers: state.travellers })}</p>
            ) : null}
          </div>
          {outcome.total > 1 ? <SortSelect formId={formId} value={state.sort} label={t('sort.label')} options={sortOptions} /> : null}
        </div>

        {outcome.trips.length > 0 ? (
          <ol className={styles.grid} data-testid="search-results">
            {outcome.trips.map((trip) => (
              <li key={trip.id} className={styles.item}>
                <TripCard trip={trip} travellers={state.travellers} conversion={pricing.conversion} />
                {trip.distanceMeters !== null && place ? (
                  <p className={styles.distance}>{t('distance', { distance: kilometres(trip.distanceMeters, locale), place: placeName })}</p>
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <div className={styles.empty} data-testid="search-empty">
            <h3>{outcome.total > 0 ? t('empty.pastEnd') : t('empty.title')}</h3>
            <p>{outcome.total > 0 ? t('empty.pastEndText') : t('empty.text')}</p>
            <ul className={styles.suggestions}>
              {outcome.total > 0 ? (
                <li>
                  <a href={pageHref(1)}>{t('empty.firstPage')}</a>
                </li>
              ) : (
                suggestions.map((suggestion) => (
                  <li key={suggestion.href}>
                    <a href={suggestion.href}>{suggestion.label}</a>
                  </li>
                ))
              )}
            </ul>
          </div>
        )}

        {outcome.pageCount > 1 && outcome.trips.length > 0 ? (
          <nav className={styles.pagination} aria-label={t('pagination.label')}>
            {outcome.page > 1 ? (
              <a href={pageHref(outcome.page - 1)} rel="prev">
                {t('pagination.previous')}
              </a>
            ) : null}
            <ol>
              {paginationItems(outcome.page, outcome.pageCount).map((item, index) => (
                <li key={item === 'gap' ? `gap-${index}` : item}>
                  {item === 'gap' ? (
                    <span aria-hidden="true">…</span>
                  ) : item === outcome.page ? (
                    <span aria-current="page">{item}</span>
                  ) : (
                    <a href={pageHref(item)} aria-label={t('pagination.page', { page: item })}>
                      {item}
                    </a>
                  )}
                </li>
              ))}
            </ol>
            {outcome.page < outcome.pageCount ? (
              <a href={pageHref(outcome.page + 1)} rel="next">
                {t('pagination.next')}
              </a>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
