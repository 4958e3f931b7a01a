import { useLocale, useTranslations } from 'next-intl';
import type { TopDestination } from '@/lib/db/queries/home';
import type { Locale } from '@/lib/locales';
import { paths } from '@/lib/routing/paths';
import { countrySearchState, searchHref } from '@/lib/search/search-state';
import { siteImages } from '@/lib/site-config';
import { HomeSection } from './home-section';
import styles from './home-sections.module.css';

/** Where a destination leads: the country's landing page, else the search of its trips; both list `tripCount` trips. */
export function destinationHref(destination: TopDestination, locale: Locale): string {
  if (destination.landingSlug) return paths.landing(locale, destination.landingSlug);
  return searchHref(paths.search(locale), countrySearchState(destination.countryCode));
}

/** The countries with the most trips, with their trip counts. */
export function TopDestinations({ destinations }: { destinations: TopDestination[] }) {
  const t = useTranslations('HomeSections.destinations');
  const locale = useLocale() as Locale;
  const images = siteImages();
  if (destinations.length === 0) return null;
  return (
    <HomeSection id="destinations" title={t('heading')} intro={t('intro')}>
      <ul className={styles.destinations}>
        {destinations.map((destination) => (
          <li key={destination.countryCode} className={styles.destination}>
            {/* eslint-disable-next-line @next/next/no-img-element -- SVG cover from the assets host */}
            <img src={images.tripCover(destination.coverTripKey)} alt="" width={320} height={200} loading="lazy" decoding="async" />
            <a href={destinationHref(destination, locale)} className={styles.destinationLink}>
              <span className={styles.destinationName}>{destination.name}</span>
              <span className={styles.destinationCount}>{t('trips', { count: destination.tripCount })}</span>
            </a>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
