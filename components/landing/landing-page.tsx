import { preload } from 'react-dom';
import { getTranslations } from 'next-intl/server';
import { Container } from '@/components/ui/container';
import { RichText } from '@/components/ui/rich-text';
import { SearchView } from '@/components/search/search-view';
import { searchSuggestions } from '@/components/search/suggestions';
import type { LandingPage } from '@/lib/db/queries/landing-pages';
import { searchTrips } from '@/lib/db/queries/search';
import { isoDayOf } from '@/lib/iso-day';
import type { Locale } from '@/lib/locales';
import { paths } from '@/lib/routing/paths';
import { parseSearchState, type ParamsInput } from '@/lib/search/search-state';
import type { PageAudience } from '@/lib/server/page-audience';
import { getPricingContext } from '@/lib/server/pricing-context';
import { siteImages } from '@/lib/site-config';
import styles from './landing-page.module.css';

/**
 * A landing page (spec §2 "landing"): the indexable entry point for an activity and/or a
 * country, with its header image, text and relevant image, and the trips of its filter with the
 * same cards and filters as the search (its own activity and country fixed).
 */
export async function LandingPageView({ locale, audience, page, searchParams }: { locale: Locale; audience: PageAudience; page: LandingPage; searchParams: ParamsInput }) {
  const state = parseSearchState(searchParams);
  // The page's own filter: the URL cannot widen it.
  state.query = '';
  state.aroundLatLng = null;
  state.aroundRadius = null;
  state.filters.activity = page.activity ? [page.activity] : [];
  state.filters.country = page.countryCode;
  const fixed = ['activity', 'country'] as const;
  const today = isoDayOf(new Date());
  const pricing = await getPricingContext(audience);
  const [outcome, t] = await Promise.all([searchTrips(state, { locale, conversion: pricing.conversion, today }), getTranslations({ locale, namespace: 'Landing' })]);
  const suggestions = await searchSuggestions(locale, state, outcome);
  const images = siteImages();

  // The largest picture of the page: fetched from the document's head, before the body is parsed.
  preload(images.landingHeader(page.key), { as: 'image', fetchPriority: 'high' });
  return (
    <article className={styles.landing}>
      <header className={styles.hero}>
        {/* eslint-disable-next-line @next/next/no-img-element -- SVG header from the assets host */}
        <img className={styles.heroImage} src={images.landingHeader(page.key)} alt="" width={1600} height={600} fetchPriority="high" />
        <Container className={styles.heroContent}>
          <h1>{page.title}</h1>
          <p className={styles.intro}>{page.intro}</p>
        </Container>
      </header>
      <Container className={styles.section}>
        <SearchView
          locale={locale}
          state={state}
          outcome={outcome}
          pricing={pricing}
          basePath={paths.landing(locale, page.slugs[locale]!)}
          fixed={fixed}
          remember={false}
          suggestions={suggestions}
          today={today}
        />
      </Container>
      {page.body ? (
        <Container className={styles.about}>
          <div className={styles.aboutText}>
            <h2>{t('about', { title: page.title })}</h2>
            <RichText text={page.body} headingLevel={3} />
          </div>
          {/* eslint-disable-next-line @next/next/no-img-element -- SVG from the assets host */}
          <img className={styles.relevant} src={images.landingRelevant(page.key)} alt="" width={800} height={600} loading="lazy" />
        </Container>
      ) : null}
    </article>
  );
}
