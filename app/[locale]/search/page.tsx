import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { SiteShell } from '@/components/layout/site-shell';
import { THIS_VISITOR } from '@/lib/server/page-audience';
import { Container } from '@/components/ui/container';
import { SearchView } from '@/components/search/search-view';
import { searchSuggestions } from '@/components/search/suggestions';
import { isoDayOf } from '@/lib/iso-day';
import { isLocale, type Locale } from '@/lib/locales';
import { samePathAlternates } from '@/lib/routing/languages';
import { paths } from '@/lib/routing/paths';
import { hasFilters, parseSearchState, searchStateToParams } from '@/lib/search/search-state';
import { pageMetadata } from '@/lib/seo';
import { cachedSearchTrips } from '@/lib/server/cached-queries';
import { getPricingContext } from '@/lib/server/pricing-context';
import { searchInfo } from '@/lib/tracking/data-layer';
import styles from '@/components/search/search.module.css';

// Results depend on the URL, the visitor's currency and the catalogue: rendered on request.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/search'>;

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  const state = parseSearchState(await searchParams);
  const t = await getTranslations({ locale, namespace: 'Search' });
  const metadata = pageMetadata(locale, samePathAlternates('/search'), state.query ? t('metaTitleQuery', { query: state.query }) : t('metaTitle'), t('metaDescription'));
  // Result pages beyond the first and filtered or queried results are not entry points.
  const refined = state.page > 1 || state.query !== '' || state.aroundLatLng !== null || hasFilters(state.filters) || state.sort !== 'relevance';
  return refined ? { ...metadata, robots: { index: false, follow: true } } : metadata;
}

/** The search page (spec §2 search): server-rendered results, filters as a client island. */
export default async function SearchPage({ params, searchParams }: Props) {
  const { locale: raw } = await params;
  if (!isLocale(raw)) notFound();
  const locale: Locale = raw;
  setRequestLocale(locale);
  // The canonical form of the URL's search is the results' cache key (and the state rendered).
  const canonical = searchStateToParams(parseSearchState(await searchParams)).toString();
  const state = parseSearchState(new URLSearchParams(canonical));
  const today = isoDayOf(new Date());
  const pricing = await getPricingContext(THIS_VISITOR);
  const t = await getTranslations({ locale, namespace: 'Search' });
  // Null: the search reached its bounds (lib/db/process-db.ts searchDb); the page says so rather than hanging or failing.
  const outcome = await cachedSearchTrips(canonical, locale, pricing.conversion, today);
  if (outcome === null) {
    return (
      <SiteShell locale={locale} audience={THIS_VISITOR} alternates={samePathAlternates('/search')} breadcrumb={[{ label: t('title'), href: paths.search(locale) }]}>
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
  const title = place ? t(outcome.place?.kind === 'country' && !outcome.radius ? 'titleCountry' : 'titlePlace', { place }) : state.query ? t('titleQuery', { query: state.query }) : t('title');
  const suggestions = await searchSuggestions(locale, state, outcome);
  // spec §5/§7: search info for the data layer (skipped without a country or without trips).
  const tracking = [searchInfo({ country: state.filters.country ?? outcome.place?.countryCode, tripIds: outcome.trips.map((trip) => trip.id), query: state.query })];

  return (
    <SiteShell locale={locale} audience={THIS_VISITOR} alternates={samePathAlternates('/search')} breadcrumb={[{ label: t('title'), href: paths.search(locale) }]} tracking={tracking}>
      <Container className={styles.page}>
        <header className={styles.pageHeader}>
          <h1>{title}</h1>
          <p>{t('lead')}</p>
        </header>
        <SearchView locale={locale} state={state} outcome={outcome} pricing={pricing} basePath={paths.search(locale)} remember suggestions={suggestions} today={today} />
      </Container>
    </SiteShell>
  );
}
