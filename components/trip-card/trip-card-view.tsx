import { useLocale, useTranslations } from 'next-intl';
import { ForeignCurrencyNote, Price } from '@/components/money/price';
import type { TripCardRow } from '@/lib/db/queries/trip-cards';
import type { Locale } from '@/lib/locales';
import { pricedTravellers, quoteTrip, type ConversionSettings } from '@/lib/money/pricing';
import { paths } from '@/lib/routing/paths';
import { TripPhoto } from '@/components/media/trip-photo';
import styles from './trip-card.module.css';

// A card is a column of the list: the screen's width on phones, a third or a quarter of the content beside.
const COVER_SIZES = '(max-width: 767.98px) 100vw, 400px';
import { regionName } from '@/lib/text/display-names';
import { formatRating } from '@/lib/text/numbers';

/**
 * A trip card drawn from its data and cover address alone, so that a client component can draw it too
 * (the search's results fetched as data): see TripCard.
 */
export function TripCardView({
  trip,
  travellers,
  conversion,
  coverSrc,
  first = false,
}: {
  trip: TripCardRow;
  travellers: number;
  conversion: ConversionSettings;
  coverSrc: string;
  /** The list's first card: its cover is the page's largest paint, fetched at once. */
  first?: boolean;
}) {
  const t = useTranslations('TripCard');
  const catalogue = useTranslations('Catalogue');
  const locale = useLocale() as Locale;
  // The group size asked for, within the trip's largest group: the card links to the size it prices.
  const priced = pricedTravellers(travellers, trip.maxGroupSize);
  const quote = quoteTrip(trip, trip.priceEntries, priced, trip.durationDays, conversion);
  const country = regionName(trip.countryCode, locale);
  const rating = trip.averageRating === null ? null : Number(trip.averageRating);
  return (
    <article className={styles.card} data-testid="trip-card">
      {trip.coverPhoto ? (
        <TripPhoto photo={trip.coverPhoto} alt="" sizes={COVER_SIZES} fallbackWidth={480} className={styles.cover} fetchPriority={first ? 'high' : undefined} />
      ) : (
        // eslint-disable-next-line @next/next/no-img-element -- SVG cover from the assets host
        <img className={styles.cover} src={coverSrc} alt="" width={480} height={320} {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })} />
      )}
      <div className={styles.body}>
        <p className={styles.kicker}>{trip.activities.map((activity) => catalogue(`activity.${activity}`)).join(' · ')}</p>
        <h3 className={styles.title}>
          <a href={paths.tripFor(locale, trip.slug, priced)}>{trip.title}</a>
        </h3>
        <p className={styles.place}>
          {trip.region}, {country}
        </p>
        <p className={styles.meta}>
          <span>{t('days', { count: trip.durationDays })}</span>
          {rating !== null ? <span>{t('rating', { rating: formatRating(rating, locale), count: trip.reviewCount })}</span> : null}
        </p>
        <p className={styles.price}>
          {quote ? (
            <>
              <Price price={quote.perPerson} className={styles.amount} /> <span>{t('perPersonFor', { count: priced })}</span>
            </>
          ) : (
            <span>{t('onRequest')}</span>
          )}
        </p>
        {quote ? <ForeignCurrencyNote price={quote.perPerson} visitorCurrency={conversion.target} className={styles.note} /> : null}
      </div>
    </article>
  );
}
