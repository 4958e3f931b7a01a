import { getFormatter, getTranslations } from 'next-intl/server';
import { ReviewPhotos } from '@/components/reviews/review-photos';
import { Badge } from '@/components/ui/badge';
import { listGuideReviews } from '@/lib/db/queries/reviews';
import { isoDayToDate } from '@/lib/iso-day';
import type { Locale } from '@/lib/locales';
import { formatRating } from '@/lib/text/numbers';
import { ReviewReplyForm } from './review-reply-form';
import type { ThreadAction } from './use-thread-form';
import styles from './account.module.css';

/** The guide area's reviews of the guide's trips, each with the guide's one public reply or the form to write it. */
export async function GuideReviewReplies({ guideId, locale, action }: { guideId: number; locale: Locale; action: ThreadAction }) {
  const [t, format, reviews] = await Promise.all([getTranslations({ locale, namespace: 'GuideReviewReplies' }), getFormatter({ locale }), listGuideReviews(guideId, locale)]);
  return (
    <section aria-labelledby="guide-reviews-title" data-testid="guide-review-replies">
      <h2 id="guide-reviews-title">{t('title')}</h2>
      <p className={styles.lead}>{t('intro')}</p>
      {reviews.length === 0 ? <p className={styles.muted}>{t('none')}</p> : null}
      <ol className={styles.threads}>
        {reviews.map((review) => (
          <li key={review.key}>
            <article className={styles.thread} data-testid="guide-area-review">
              <div className={styles.threadHead}>
                <h3 className={styles.threadTitle}>{review.tripTitle}</h3>
                {review.verified ? <Badge tone="success">{t('verified')}</Badge> : null}
              </div>
              <p className={styles.muted}>
                {review.firstName} · {format.dateTime(isoDayToDate(review.tripDate), { month: 'long', year: 'numeric', timeZone: 'UTC' })} · {t('rating', { rating: formatRating(review.rating, locale) })}
              </p>
              {review.comment ? <p lang={review.commentLanguage ?? undefined}>{review.comment}</p> : <p className={styles.muted}>{t('noComment')}</p>}
              <ReviewPhotos photos={review.photos} label={t('photos')} />
              {review.guideReply ? (
                <blockquote data-testid="guide-area-reply">
                  <p className={styles.muted}>{t('yourReply')}</p>
                  <p>{review.guideReply}</p>
                </blockquote>
              ) : (
                <ReviewReplyForm review={review.key} action={action} />
              )}
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}
