import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { StarRating } from '@/components/trip/star-rating';
import type { GuideReview } from '@/lib/db/queries/guides';
import { isoDayToDate } from '@/lib/iso-day';
import type { Locale } from '@/lib/locales';
import { paths } from '@/lib/routing/paths';
import styles from './guide-page.module.css';
import { formatRating } from '@/lib/text/numbers';
import { ReviewComment, type ReviewTranslationOffer } from '@/components/reviews/review-comment';
import { otherLanguage, ReviewLanguageFilter } from '@/components/reviews/review-language-filter';

/** Reviews shown at once; the others loaded open in a disclosure (no script needed). */
const SHOWN_REVIEWS = 5;

/**
 * The reviews of a guide's trips: average and count, the most recent ones with the trip they are
 * about, spec §8's text where the traveller left no comment, and the guide's replies.
 */
export function GuideReviews({
  reviews,
  average,
  count,
  inLanguage,
  guideName,
  translation = null,
}: {
  reviews: GuideReview[];
  average: number | null;
  count: number;
  inLanguage: number;
  guideName: string;
  translation?: ReviewTranslationOffer;
}) {
  const t = useTranslations('GuidePage');
  const reviewText = useTranslations('TripPage.reviews');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  if (average === null || reviews.length === 0) {
    return (
      <p className={styles.muted} data-testid="no-reviews">
        {t('noReviews', { guide: guideName })}
      </p>
    );
  }
  const shown = reviews.slice(0, SHOWN_REVIEWS);
  const more = reviews.slice(SHOWN_REVIEWS);
  return (
    <>
      <p className={styles.reviewSummary} data-testid="review-summary">
        <StarRating value={average} label={reviewText('average', { average: formatRating(average, locale) })} />
        <span>{format.number(average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</span>
        <span className={styles.muted}>{reviewText('count', { count })}</span>
      </p>
      <p className={styles.muted}>{t('reviewsIntro', { guide: guideName })}</p>
      <ReviewLanguageFilter locale={locale} inLanguage={inLanguage} total={count}>
        <ReviewList reviews={shown} guideName={guideName} translation={translation} />
        {more.length > 0 ? (
          <details className={styles.moreReviews}>
            <summary>{t('moreReviews', { count: more.length })}</summary>
            <ReviewList reviews={more} guideName={guideName} translation={translation} />
          </details>
        ) : null}
      </ReviewLanguageFilter>
      {count > reviews.length ? <p className={styles.muted}>{t('olderReviews', { count: count - reviews.length })}</p> : null}
    </>
  );
}

function ReviewList({ reviews, guideName, translation }: { reviews: GuideReview[]; guideName: string; translation: ReviewTranslationOffer }) {
  const t = useTranslations('GuidePage');
  const reviewText = useTranslations('TripPage.reviews');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  return (
    <ul className={styles.reviewList}>
      {reviews.map((review) => (
        <li key={review.id} className={styles.review} data-testid="guide-review" data-lang={review.commentLanguage ?? undefined} {...otherLanguage(review.commentLanguage, locale)}>
          <p className={styles.reviewHead}>
            <StarRating value={review.rating} label={reviewText('rating', { rating: formatRating(review.rating, locale) })} />
            <span className={styles.strong}>{review.firstName}</span>
            <span className={styles.muted}>{format.dateTime(isoDayToDate(review.tripDate), { month: 'long', year: 'numeric', timeZone: 'UTC' })}</span>
            {review.verified ? (
              <Badge tone="success" title={reviewText('verifiedHint')} data-testid="verified-review">
                {reviewText('verified')}
              </Badge>
            ) : null}
          </p>
          <p className={styles.reviewTrip}>
            {t.rich('reviewTrip', { trip: review.tripTitle, link: (chunks) => <a href={`${paths.trip(locale, review.tripSlug)}#reviews`}>{chunks}</a> })}
          </p>
          <ReviewComment review={review} locale={locale} noComment={reviewText('noComment')} translation={translation} />
          {review.guideReply ? (
            <blockquote className={styles.guideReply} data-testid="guide-reply">
              <p className={styles.strong}>{reviewText('guideReply', { guide: guideName })}</p>
              <p lang={review.guideReplyLanguage ?? undefined}>{review.guideReply}</p>
            </blockquote>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
