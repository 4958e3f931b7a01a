import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { FieldKit } from '@/components/forms/field-kit';
import { REVIEW_PHOTO_ALT_MAX, REVIEW_PHOTO_SLOTS } from '@/lib/forms/review-photo-limits';
import styles from './account.module.css';

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif';
const SLOTS = Array.from({ length: REVIEW_PHOTO_SLOTS }, (_, slot) => slot);

export type ReviewPhotoTexts = { legend: string; hint: string; again: string; photo: (number: number) => string; alt: (number: number) => string };

/**
 * Up to four photos under a review, each a plain file input and its alt text (a multipart form:
 * no script needed). Folded away until opened, or open when the answer has something to say about
 * them; after a refusal, the alt texts come back as typed (a browser never refills a file).
 */
export function ReviewPhotoFields({ kit, texts }: { kit: FieldKit<string>; texts: ReviewPhotoTexts }) {
  const errorNames = ['photos', ...SLOTS.flatMap((slot) => [`photos.${slot}.file`, `photos.${slot}.alt`])];
  const typed = SLOTS.some((slot) => Boolean(kit.register(`photos.${slot}.alt`).defaultValue));
  const open = typed || errorNames.some((name) => kit.errorOf(name) !== undefined);
  const groupError = kit.errorOf('photos');
  return (
    <details className={styles.reviewPhotos} open={open} data-testid="review-photo-fields">
      <summary>{texts.legend}</summary>
      <p className={styles.muted}>{texts.hint}</p>
      {/* Sent once already (alt texts came back): the files did not, a browser never refills them. */}
      {typed ? <p data-testid="review-photos-again">{texts.again}</p> : null}
      <FieldError id="review-photos-error" error={groupError} />
      {SLOTS.map((slot) => (
        <fieldset key={slot} className={styles.reviewPhotoSlot}>
          <legend>{texts.photo(slot + 1)}</legend>
          <Input name={`photos.${slot}.file`} type="file" accept={ACCEPTED} label={texts.photo(slot + 1)} hideLabel error={kit.errorOf(`photos.${slot}.file`)} data-testid={`review-photo-${slot}`} />
          <Input {...kit.register(`photos.${slot}.alt`)} label={texts.alt(slot + 1)} maxLength={REVIEW_PHOTO_ALT_MAX} error={kit.errorOf(`photos.${slot}.alt`)} data-testid={`review-photo-alt-${slot}`} />
        </fieldset>
      ))}
    </details>
  );
}
