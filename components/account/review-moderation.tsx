import { getTranslations } from 'next-intl/server';
import { ReviewPhotos } from '@/components/reviews/review-photos';
import { listReviewsForSupport } from '@/lib/db/queries/reviews';
import type { Locale } from '@/lib/locales';
import { formatRating } from '@/lib/text/numbers';
import { HideReviewForm } from './hide-review-form';
import type { ThreadAction } from './use-thread-form';
import styles from './account.module.css';

/** Support's section of the latest reviews with a comment or photos, each with the form that hides it (the reason kept). */
export async function ReviewModeration({ locale, action }: { locale: Locale; action: ThreadAction }) {
  const [t, reviews] = await Promise.all([getTranslations({ locale, namespace: 'ReviewModeration' }), listReviewsForSupport()]);
  return (
    <section aria-labelledby="review-moderation-title" data-testid="review-moderation">
      <h2 id="review-moderation-title" className={styles.sectionTitle}>
        {t('title')}
      </h2>
      <p className={styles.lead}>{t('intro')}</p>
      {reviews.length === 0 ? <p className={styles.muted}>{t('none')}</p> : null}
      <ol className={styles.threads}>
        {reviews.map((review) => (
          <li key={review.key}>
            <article className={styles.thread} data-testid="moderated-review" data-review={review.key}>
              <p className={styles.muted}>
                {t('trip', { trip: review.tripTitle })} · {review.firstName} · {t('rating', { rating: formatRating(review.rating, locale) })}
              </p>
              {review.comment ? <p lang={review.commentLanguage ?? undefined}>{review.comment}</p> : null}
              <ReviewPhotos photos={review.photos} label={t('photos')} />
              <HideReviewForm review={review.key} action={action} />
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}
