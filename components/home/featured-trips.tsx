import { useLocale, useTranslations } from 'next-intl';
import { TripCard } from '@/components/trip-card/trip-card';
import type { TripCardRow } from '@/lib/db/queries/trip-cards';
import type { Locale } from '@/lib/locales';
import type { ConversionSettings } from '@/lib/money/pricing';
import { paths } from '@/lib/routing/paths';
import { DEFAULT_TRAVELLERS } from '@/lib/storage';
import { HomeSection } from './home-section';
import styles from './home-sections.module.css';

/** The best-rated trips as cards, priced for the default two travellers. */
export function FeaturedTrips({ trips, conversion }: { trips: TripCardRow[]; conversion: ConversionSettings }) {
  const t = useTranslations('HomeSections.featured');
  const locale = useLocale() as Locale;
  if (trips.length === 0) return null;
  return (
    <HomeSection id="featured" title={t('heading')} intro={t('intro')} more={{ href: paths.search(locale), label: t('seeAll') }}>
      <ul className={`${styles.rail} ${styles.tripRail}`}>
        {trips.map((trip) => (
          <li key={trip.id}>
            <TripCard trip={trip} travellers={DEFAULT_TRAVELLERS} conversion={conversion} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
