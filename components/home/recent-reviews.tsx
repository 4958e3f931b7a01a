import { useLocale, useTranslations } from 'next-intl';
import { StarRating } from '@/components/trip/star-rating';
import type { RecentReview } from '@/lib/db/queries/home';
import type { Locale } from '@/lib/locales';
import { paths } from '@/lib/routing/paths';
import { excerpt } from '@/lib/text/excerpt';
import { HomeSection } from './home-section';
import styles from './home-sections.module.css';
import { formatRating } from '@/lib/text/numbers';

const EXCERPT_LENGTH = 180;

/** The latest travellers' reviews with a comment: stars, an excerpt, who wrote it and on which trip. */
export function RecentReviews({ reviews }: { reviews: RecentReview[] }) {
  const t = useTranslations('HomeSections.reviews');
  const locale = useLocale() as Locale;
  if (reviews.length === 0) return null;
  return (
    <HomeSection id="reviews" title={t('heading')}>
      <ul className={styles.rail}>
        {reviews.map((review) => (
          <li key={review.id} className={styles.review}>
            <figure>
              <StarRating value={review.rating} label={t('rating', { rating: formatRating(review.rating, locale) })} />
              <blockquote className={styles.quote} lang={review.commentLanguage ?? undefined}>
                <p>{excerpt(review.comment, EXCERPT_LENGTH)}</p>
              </blockquote>
              <figcaption className={styles.reviewer}>
                <span>
                  <strong>{review.firstName}</strong>, {review.countryName}
                </span>
                <a href={paths.trip(locale, review.tripSlug)}>{review.tripTitle}</a>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
