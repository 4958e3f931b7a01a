import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { TripPageData } from '@/lib/db/queries/trips';
import { StarRating } from './star-rating';
import { Badge } from '@/components/ui/badge';
import styles from './trip-page.module.css';
import { isoDayToDate } from '@/lib/iso-day';
import { formatRating } from '@/lib/text/numbers';
import type { Locale } from '@/lib/locales';
import { ReviewComment, type ReviewTranslationOffer } from '@/components/reviews/review-comment';
import { otherLanguage, ReviewLanguageFilter } from '@/components/reviews/review-language-filter';

/** Reviews with their average and count; spec §8 text where a traveller left no comment; guide replies. */
export function TripReviews({
  reviews,
  average,
  count,
  inLanguage,
  guideName,
  translation = null,
}: {
  reviews: TripPageData['reviews'];
  average: number | null;
  count: number;
  inLanguage: number;
  guideName: string;
  translation?: ReviewTranslationOffer;
}) {
  const t = useTranslations('TripPage.reviews');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  return (
    <>
      {average !== null ? (
        <p className={styles.reviewSummary} data-testid="review-summary">
          <StarRating value={average} label={t('average', { average: formatRating(average, locale) })} />
          <span>{t('count', { count })}</span>
        </p>
      ) : null}
      <ReviewLanguageFilter locale={locale} inLanguage={inLanguage} total={count}>
      <ul className={styles.reviewList}>
        {reviews.map((review) => (
          <li key={review.id} className={styles.review} data-testid="trip-review" data-lang={review.commentLanguage ?? undefined} {...otherLanguage(review.commentLanguage, locale)}>
            <p className={styles.reviewHead}>
              <StarRating value={review.rating} label={t('rating', { rating: formatRating(review.rating, locale) })} />
              <span className={styles.strong}>{review.firstName}</span>
              <span className={styles.muted}>{format.dateTime(isoDayToDate(review.tripDate), { month: 'long', year: 'numeric', timeZone: 'UTC' })}</span>
              {review.verified ? (
                <Badge tone="success" title={t('verifiedHint')} data-testid="verified-review">
                  {t('verified')}
                </Badge>
              ) : null}
            </p>
            <ReviewComment review={review} locale={locale} noComment={t('noComment')} translation={translation} />
            {review.guideReply ? (
              <blockquote className={styles.guideReply} data-testid="guide-reply">
                <p className={styles.strong}>{t('guideReply', { guide: guideName })}</p>
                <p lang={review.guideReplyLanguage ?? undefined}>{review.guideReply}</p>
              </blockquote>
            ) : null}
          </li>
        ))}
      </ul>
      </ReviewLanguageFilter>
    </>
  );
}
