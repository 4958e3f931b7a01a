import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { Container } from '@/components/ui/container';
import { SearchView } from '@/components/search/search-view';
import { searchSuggestions } from '@/components/search/suggestions';
import { isoDayOf } from '@/lib/iso-day';
import type { Locale } from '@/lib/locales';
import { samePathAlternates } from '@/lib/routing/languages';
import { paths } from '@/lib/routing/paths';
import { placeArticle } from '@/lib/search/place-article';
import { hasFilters, parseSearchState } from '@/lib/search/search-state';
import { pageMetadata } from '@/lib/seo';
import { cachedSearchTrips, searchTripsOnce } from '@/lib/server/cached-queries';
import type { PageAudience } from '@/lib/server/page-audience';
import { getPricingContext } from '@/lib/server/pricing-context';
import { searchInfo } from '@/lib/tracking/data-layer';
import styles from '@/components/search/search.module.css';

/** The search page's metadata for a canonical search (lib/search/search-state.ts searchStateToParams). */
export async function searchPageMetadata(locale: Locale, canonical: string): Promise<Metadata> {
  const state = parseSearchState(new URLSearchParams(canonical));
  const t = await getTranslations({ locale, namespace: 'Search' });
  const metadata = pageMetadata(locale, samePathAlternates('/search'), state.query ? t('metaTitleQuery', { query: state.query }) : t('metaTitle'), t('metaDescription'));
  // Result pages beyond the first and filtered or queried results are not entry points.
  const refined = state.page > 1 || state.query !== '' || state.aroundLatLng !== null || hasFilters(state.filters) || state.sort !== 'relevance';
  return refined ? { ...metadata, robots: { index: false, follow: true } } : metadata;
}

/**
 * The search page (spec §2 search) for a canonical search: server-rendered results, filters as a
 * client island. Cached whole per canonical search, locale and currency (app/[locale]/cached/
 * [currency]/search), or rendered on request when the search is too long to be a key.
 */
type ViewProps = {
  locale: Locale;
  canonical: string;
  audience: PageAudience;
  /** `once`: results for this request alone (a search's first page load), else from the data cache. */
  results?: 'cached' | 'once';
};

export async function SearchPageView({ locale, canonical, audience, results = 'cached' }: ViewProps) {
  setRequestLocale(locale);
  const state = parseSearchState(new URLSearchParams(canonical));
  const today = isoDayOf(new Date());
  const pricing = await getPricingContext(audience);
  const t = await getTranslations({ locale, namespace: 'Search' });
  // Null: the search reached its bounds (lib/db/process-db.ts searchDb); the page says so rather than hanging or failing.
  const outcome = await (results === 'once' ? searchTripsOnce : cachedSearchTrips)(canonical, locale, pricing.conversion, today);
  if (outcome === null) {
    return (
      <SiteShell locale={locale} audience={audience} alternates={samePathAlternates('/search')} breadcrumb={[{ label: t('title'), href: paths.search(locale) }]}>
        <Container className={styles.page}>
          <header className={styles.pageHeader} data-testid="search-busy" role="status">
            <h1>{t('busy.title')}</h1>
            <p>{t('busy.text')}</p>
            <p>
              <a href={canonical ? `${paths.search(locale)}?${canonical}` : paths.search(locale)}>{t('busy.retry')}</a>
            </p>
          </header>
        </Container>
      </SiteShell>
    );
  }
  const place = outcome.place?.name;
  const title = place
    ? outcome.place?.kind === 'country' && !outcome.radius
      ? t('titleCountry', { place })
      : t('titlePlace', placeArticle(place, outcome.place?.kind ?? 'place', locale))
    : state.query
      ? t('titleQuery', { query: state.query })
      : t('title');
  const suggestions = await searchSuggestions(locale, state, outcome);
  // spec §5/§7: search info for the data layer (skipped without a country or without trips).
  const tracking = [searchInfo({ country: state.filters.country ?? outcome.place?.countryCode, tripIds: outcome.trips.map((trip) => trip.id), query: state.query })];

  return (
    <SiteShell locale={locale} audience={audience} alternates={samePathAlternates('/search')} breadcrumb={[{ label: t('title'), href: paths.search(locale) }]} tracking={tracking}>
      <Container className={styles.page}>
        <header className={styles.pageHeader}>
          <h1>{title}</h1>
          <p>{t('lead')}</p>
        </header>
        <SearchView locale={locale} state={state} outcome={outcome} pricing={pricing} basePath={paths.search(locale)} remember live suggestions={suggestions} today={today} />
      </Container>
    </SiteShell>
  );
}
