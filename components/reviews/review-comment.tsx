import { useTranslations } from 'next-intl';
import type { Locale } from '@/lib/locales';
import { formatRating } from '@/lib/text/numbers';
import type { PhotoView } from '@/lib/media/photo-urls';
import { ReviewPhotos } from './review-photos';
import styles from './reviews.module.css';

/** Machine translation offered on the page: the Server Action that asks DeepL once, and the page to come back to. Null without a DeepL key (no button then). */
export type ReviewTranslationOffer = { action: (form: FormData) => Promise<void>; back: string } | null;

export type ReviewText = {
  key: string | null;
  comment: string | null;
  commentLanguage: string | null;
  translatedComment: string | null;
  guideRating: number | null;
  organisationRating: number | null;
  valueRating: number | null;
  photos: PhotoView[];
};

const languageName = (code: string, locale: Locale) => new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;

/**
 * A review's ratings per aspect and its comment marked with its language; in another language than
 * the page's: its stored DeepL translation ("Translated by DeepL", the original a click away), or
 * a button that asks for one when a DeepL key is configured; then the photos attached to it.
 */
export function ReviewComment({ review, locale, noComment, translation }: { review: ReviewText; locale: Locale; noComment: string; translation: ReviewTranslationOffer }) {
  const t = useTranslations('Reviews');
  const aspects = (['guideRating', 'organisationRating', 'valueRating'] as const).filter((aspect) => review[aspect] !== null);
  const foreign = review.comment !== null && review.commentLanguage !== null && review.commentLanguage !== locale;
  const translated = foreign && translation !== null && review.translatedComment !== null;
  return (
    <>
      {aspects.length > 0 ? (
        <ul className={styles.aspects} aria-label={t('aspects')} data-testid="review-aspects">
          {aspects.map((aspect) => (
            <li key={aspect}>{t(aspect, { rating: formatRating(review[aspect]!, locale) })}</li>
          ))}
        </ul>
      ) : null}
      {review.comment === null ? (
        <p className={styles.muted}>{noComment}</p>
      ) : translated ? (
        <>
          <p lang={locale} data-testid="review-translation">
            {review.translatedComment}
          </p>
          <p className={styles.muted}>{t('translatedBy')}</p>
          <details className={styles.original}>
            <summary>{t('showOriginal')}</summary>
            <p lang={review.commentLanguage!}>{review.comment}</p>
          </details>
        </>
      ) : (
        <>
          <p lang={review.commentLanguage ?? undefined}>{review.comment}</p>
          {foreign ? <p className={styles.muted}>{t('writtenIn', { language: languageName(review.commentLanguage!, locale) })}</p> : null}
          {foreign && translation !== null && review.key !== null ? (
            <form action={translation.action} className={styles.translateForm}>
              <input type="hidden" name="locale" value={locale} />
              <input type="hidden" name="review" value={review.key} />
              <input type="hidden" name="back" value={translation.back} />
              <button type="submit" className={styles.linkButton}>
                {t('translate', { language: languageName(locale, locale) })}
              </button>
            </form>
          ) : null}
        </>
      )}
      <ReviewPhotos photos={review.photos} label={t('photos')} />
    </>
  );
}
