import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { TripCardView } from '@/components/trip-card/trip-card-view';
import type { Locale } from '@/lib/locales';
import type { ConversionSettings } from '@/lib/money/pricing';
import { paginationItems } from '@/lib/routing/pagination';
import { MAX_RADIUS, searchHref, sortOrders } from '@/lib/search/search-state';
import { numberFormat } from '@/lib/text/intl-cache';
import type { SearchResultsData } from './results-data';
import { SortSelect } from './sort-select';
import styles from './search.module.css';

type Props = {
  locale: Locale;
  data: SearchResultsData;
  conversion: ConversionSettings;
  /** The page the pagination links to. */
  basePath: string;
  /** URL parameters the page fixes itself (a landing page's activity and country). */
  fixed: readonly ('activity' | 'country')[];
  /** The filters form the sort belongs to. */
  formId: string;
  heading?: ReactNode;
};

/** Kilometres in the page's language ('20 km', '2 000 km'). */
function kilometres(metres: number, locale: Locale): string {
  return numberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: metres < 10_000 ? 1 : 0 }).format(metres / 1000);
}

type SearchTexts = ReturnType<typeof useTranslations<'Search'>>;

/** The results' count as its heading says it ('12 trips for "trek"'), also announced after a change. */
export function countText(t: SearchTexts, data: Pick<SearchResultsData, 'total' | 'moreThanTotal' | 'state'>): string {
  const { total: count, state } = data;
  if (data.moreThanTotal) return state.query ? t('countMoreFor', { count, query: state.query }) : t('countMore', { count });
  return state.query ? t('countFor', { count, query: state.query }) : t('count', { count });
}

/**
 * The results of a search: the count and what was searched, spec §9's radius growth, the cards with
 * prices for the travellers count, pagination links that keep the URL shareable, and spec §8's
 * no-results message with suggestions. Drawn by the server for a page and by the search page's
 * client from `GET /api/search`, from the same data.
 */
export function SearchResults({ locale, data, conversion, basePath, fixed, formId, heading }: Props) {
  const t = useTranslations('Search');
  const { place, radius, state } = data;
  const placeName = place?.name ?? t('thePoint');
  // The place after "de" in French and Spanish, with its article (lib/search/place-article.ts).
  const placeOf = data.placeOf ?? { article: 'none', place: placeName };
  const sortOptions = sortOrders.filter((order) => order !== 'distance' || place !== null).map((order) => ({ value: order, label: t(`sort.${order}`) }));
  const pageHref = (page: number) => searchHref(basePath, { ...state, page }, fixed);
  const first = (data.page - 1) * data.pageSize + 1;
  const last = Math.min(data.total, data.page * data.pageSize);

  let radiusNote: string | null = null;
  if (place && radius) {
    const nearest = kilometres(radius.nearest ?? 0, locale);
    if (radius.used === null) radiusNote = t('radius.beyond', { ...placeOf, max: kilometres(MAX_RADIUS, locale), nearest });
    else if (radius.grew) radiusNote = t('radius.grew', { ...placeOf, requested: kilometres(radius.requested, locale), used: kilometres(radius.used, locale), nearest });
    else radiusNote = t('radius.within', { ...placeOf, used: kilometres(radius.used, locale) });
  }

  return (
    <>
      {heading}
      <div className={styles.summary}>
        <div>
          <h2 id="search-results-heading" className={styles.countHeading} data-testid="search-count">
            {countText(t, data)}
          </h2>
          {place?.kind === 'country' && !radius ? <p className={styles.note}>{t('inCountry', { place: placeName })}</p> : null}
          {radiusNote ? (
            <p className={styles.note} data-testid="search-radius" role="status">
              {radiusNote}
            </p>
          ) : null}
          {data.notPriceFiltered.map(({ currency, count }) => (
            <p key={currency} className={styles.note} data-testid="not-price-filtered">
              {t('notPriceFiltered', { count, currency, visitor: conversion.target })}
            </p>
          ))}
          {data.total > 0 ? <p className={styles.range}>{t('range', { first, last, total: data.moreThanTotal ? `${data.total}+` : data.total, travellers: state.travellers })}</p> : null}
        </div>
        {data.total > 1 ? <SortSelect formId={formId} value={state.sort} label={t('sort.label')} options={sortOptions} /> : null}
      </div>

      {data.trips.length > 0 ? (
        <ol className={styles.grid} data-testid="search-results">
          {data.trips.map((trip, index) => (
            <li key={trip.id} className={styles.item}>
              <TripCardView trip={trip} travellers={state.travellers} conversion={conversion} coverSrc={trip.coverSrc} first={index === 0} />
              {trip.distanceMeters !== null && place ? <p className={styles.distance}>{t('distance', { distance: kilometres(trip.distanceMeters, locale), ...placeOf })}</p> : null}
            </li>
          ))}
        </ol>
      ) : (
        <div className={styles.empty} data-testid="search-empty">
          <h3>{data.total > 0 ? t('empty.pastEnd') : t('empty.title')}</h3>
          <p>{data.total > 0 ? t('empty.pastEndText') : t('empty.text')}</p>
          <ul className={styles.suggestions}>
            {data.total > 0 ? (
              <li>
                <a href={pageHref(1)}>{t('empty.firstPage')}</a>
              </li>
            ) : (
              data.suggestions.map((suggestion) => (
                <li key={suggestion.href}>
                  <a href={suggestion.href}>{suggestion.label}</a>
                </li>
              ))
            )}
          </ul>
        </div>
      )}

      {data.pageCount > 1 && data.trips.length > 0 ? (
        <nav className={styles.pagination} aria-label={t('pagination.label')}>
          {data.page > 1 ? (
            <a href={pageHref(data.page - 1)} rel="prev">
              {t('pagination.previous')}
            </a>
          ) : null}
          <ol>
            {paginationItems(data.page, data.pageCount).map((item, index) => (
              <li key={item === 'gap' ? `gap-${index}` : item}>
                {item === 'gap' ? (
                  <span aria-hidden="true">…</span>
                ) : item === data.page ? (
                  <span aria-current="page">{item}</span>
                ) : (
                  <a href={pageHref(item)} aria-label={t('pagination.page', { page: item })}>
                    {item}
                  </a>
                )}
              </li>
            ))}
          </ol>
          {data.page < data.pageCount ? (
            <a href={pageHref(data.page + 1)} rel="next">
              {t('pagination.next')}
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
