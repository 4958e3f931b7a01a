import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { RatingLink } from '@/components/trip/rating-link';
import { TripCard } from '@/components/trip-card/trip-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Fact } from '@/components/ui/fact';
import { RichText } from '@/components/ui/rich-text';
import { Select } from '@/components/ui/select';
import { localizedCertification } from '@/lib/catalogue/certifications';
import type { GuidePageData } from '@/lib/db/queries/guides';
import type { Locale } from '@/lib/locales';
import type { ConversionSettings } from '@/lib/money/pricing';
import { GUIDE_PAGE_TRAVELLER_CHOICES } from '@/lib/routing/cached-pages';
import { GuideAvatar } from './guide-avatar';
import { GuideReviews } from './guide-reviews';
import type { ReviewTranslationOffer } from '@/components/reviews/review-comment';
import columns from '@/components/layout/side-card-layout.module.css';
import styles from './guide-page.module.css';
import { regionName } from '@/lib/text/display-names';
import { displayNames } from '@/lib/text/intl-cache';

/** The traveller counts the price selector offers (the proxy's closed list of guide page variants). */
export { GUIDE_PAGE_TRAVELLER_CHOICES };

type Props = {
  data: GuidePageData;
  travellers: number;
  conversion: ConversionSettings;
  /** This page's path: the traveller form reloads it with `?travellers=`. */
  path: string;
  /** The 'Ask a question' dialog (a client island rendered by the page with its Server Action). */
  askGuide: ReactNode;
  reviewTranslation: ReviewTranslationOffer;
};

/**
 * A guide or agency page: avatar, company type, certifications, languages, base,
 * experience, response time, bio, published trips with prices for the travellers, reviews of
 * those trips, and the more-information form in a sidebar.
 */
export function GuidePageView({ data, travellers, conversion, path, askGuide, reviewTranslation }: Props) {
  const { guide, bio, trips } = data;
  const t = useTranslations('GuidePage');
  const catalogue = useTranslations('Catalogue');
  const locale = useLocale();
  const country = regionName(guide.countryCode, locale);
  const languageNames = displayNames(locale, 'language');
  const languages = guide.languages.map((code) => languageNames.of(code) ?? code);

  return (
    <article className={styles.page} data-guide={guide.key}>
      <header className={styles.header}>
        <GuideAvatar guide={guide} size={120} eager className={styles.avatar} />
        <div className={styles.identity}>
          <p className={styles.kicker} data-testid="company-type">
            {catalogue(`companyType.${guide.companyType}`)}
          </p>
          <h1 translate="no">{guide.name}</h1>
          <p className={styles.subline}>
            <span data-testid="guide-base">
              {guide.baseLocation}, {country}
            </span>
            {data.averageRating !== null ? (
              <RatingLink average={data.averageRating} count={data.reviewCount} className={styles.ratingLink} />
            ) : null}
            <a href="#trips">{t('tripCount', { count: trips.length })}</a>
          </p>
          {guide.certifications.length > 0 ? (
            <ul className={styles.badges} aria-label={t('certifications')}>
              {guide.certifications.map((certification) => (
                <li key={certification}>
                  <Badge tone="brand" className={styles.badge} translate="no">
                    {localizedCertification(certification, locale as Locale)}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>

      <div className={columns.layout}>
        <aside className={columns.card} aria-labelledby="ask-title">
          <div className={styles.contactCard} data-testid="ask-guide-card">
            <h2 id="ask-title" className={styles.contactTitle}>
              {t('askTitle')}
            </h2>
            <p className={styles.response}>{t('respondsWithin', { hours: guide.responseHours })}</p>
            <p className={styles.muted}>{t('askText', { guide: guide.name })}</p>
            {askGuide}
          </div>
        </aside>

        <div className={columns.main}>
          <section id="about" className={styles.section} aria-labelledby="about-title">
            <h2 id="about-title">{t('aboutTitle', { guide: guide.name })}</h2>
            {bio ? (
              <div lang={bio.locale === locale ? undefined : bio.locale} data-testid="guide-bio">
                <RichText text={bio.text} headingLevel={3} />
              </div>
            ) : null}
            <dl className={styles.facts} data-testid="guide-facts">
              <Fact label={t('languages')} value={languages.join(', ')} />
              <Fact label={t('base')} value={`${guide.baseLocation}, ${country}`} />
              <Fact label={t('experience')} value={t('years', { count: guide.yearsExperience })} />
              <Fact label={t('responseTime')} value={t('respondsWithin', { hours: guide.responseHours })} />
            </dl>
          </section>

          <section id="trips" className={styles.section} aria-labelledby="trips-title">
            <h2 id="trips-title">{t('tripsTitle', { guide: guide.name })}</h2>
            {trips.length === 0 ? (
              <p className={styles.muted} data-testid="no-trips">
                {t('noTrips', { guide: guide.name })}
              </p>
            ) : (
              <>
                {/* A plain GET form: prices are rendered on the server for the traveller count. */}
                <form method="get" action={`${path}#trips`} className={styles.travellersForm} data-testid="travellers-form">
                  <Select
                    name="travellers"
                    label={t('pricesFor')}
                    defaultValue={String(travellers)}
                    options={Array.from({ length: GUIDE_PAGE_TRAVELLER_CHOICES }, (_, index) => ({ value: String(index + 1), label: t('travellers', { count: index + 1 }) }))}
                  />
                  <Button type="submit" variant="secondary">
                    {t('updatePrices')}
                  </Button>
                </form>
                <div className={styles.cardGrid}>
                  {trips.map((trip) => (
                    <TripCard key={trip.id} trip={trip} travellers={travellers} conversion={conversion} />
                  ))}
                </div>
              </>
            )}
          </section>

          <section id="reviews" className={styles.section} aria-labelledby="reviews-title">
            <h2 id="reviews-title">{t('reviewsTitle')}</h2>
            <GuideReviews
              reviews={data.reviews}
              average={data.averageRating}
              count={data.reviewCount}
              inLanguage={data.reviewsInLanguage}
              guideName={guide.name}
              translation={reviewTranslation}
            />
          </section>
        </div>
      </div>
    </article>
  );
}
