import { z } from 'zod';
import { formErrors, type FormErrorKey } from './errors';
import { cleanString } from './fields';
import { REVIEW_PHOTO_ALT_MAX, REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_SLOTS, REVIEW_PHOTOS_MAX_BYTES } from './review-photo-limits';

/**
 * The photos a traveller attaches to a review (decision 0300), as the plain review form sends
 * them: slot `i` (0 to REVIEW_PHOTO_SLOTS − 1) is a file `photos.i.file` and its alt text
 * `photos.i.alt`. A slot without a file is no photo (its alt text, if any, is ignored); a file
 * needs its alt text. Bounded here before any image is decoded: the count, the bytes of each file
 * and of all of them (the request body itself is bounded before: lib/server/request-guard.ts).
 */
export { REVIEW_PHOTO_ALT_MAX, REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_SLOTS, REVIEW_PHOTOS_MAX_BYTES };

const MEGABYTE = 1024 * 1024;

export type ReviewPhotoUpload = { slot: number; bytes: Uint8Array; alt: string };

/** A refused field: its message key, with the values its ICU message reads. */
export type ReviewPhotoRejection = FormErrorKey | readonly [FormErrorKey, Record<string, number>];

export type ReviewPhotosReading = { ok: true; photos: ReviewPhotoUpload[] } | { ok: false; rejected: Record<string, ReviewPhotoRejection> };

const altSchema = cleanString(formErrors.reviewPhotoAlt).pipe(z.string().trim().min(1, formErrors.reviewPhotoAlt).max(REVIEW_PHOTO_ALT_MAX, formErrors.reviewPhotoAlt));

const slotName = /^photos\.(\d{1,4})\.(file|alt)$/;

/** The review form's photos read from its FormData, or the fields to refuse (every one found at once). */
export async function readReviewPhotos(form: FormData): Promise<ReviewPhotosReading> {
  const files = new Map<number, File>();
  const alts = new Map<number, string>();
  let extraSlot = false;
  for (const [name, value] of form.entries()) {
    const match = slotName.exec(name);
    if (!match) continue;
    const slot = Number(match[1]);
    if (match[2] === 'file') {
      // An empty file input still sends a part: no name, no bytes.
      if (typeof value === 'string' || value.size === 0) continue;
      if (slot >= REVIEW_PHOTO_SLOTS || files.has(slot)) extraSlot = true;
      else files.set(slot, value);
    } else if (typeof value === 'string' && !alts.has(slot)) alts.set(slot, value);
  }
  if (extraSlot) return { ok: false, rejected: { photos: [formErrors.reviewPhotosTooMany, { count: REVIEW_PHOTO_SLOTS }] } };
  const rejected: Record<string, ReviewPhotoRejection> = {};
  const slots = [...files.keys()].sort((a, b) => a - b);
  let total = 0;
  const accepted: { slot: number; file: File; alt: string }[] = [];
  for (const slot of slots) {
    const file = files.get(slot)!;
    total += file.size;
    if (file.size > REVIEW_PHOTO_MAX_BYTES) rejected[`photos.${slot}.file`] = [formErrors.reviewPhotoTooLarge, { megabytes: REVIEW_PHOTO_MAX_BYTES / MEGABYTE }];
    const alt = altSchema.safeParse(alts.get(slot) ?? '');
    if (!alt.success) rejected[`photos.${slot}.alt`] = formErrors.reviewPhotoAlt;
    else accepted.push({ slot, file, alt: alt.data });
  }
  if (total > REVIEW_PHOTOS_MAX_BYTES) rejected.photos = [formErrors.reviewPhotosTooLarge, { megabytes: REVIEW_PHOTOS_MAX_BYTES / MEGABYTE }];
  if (Object.keys(rejected).length > 0) return { ok: false, rejected };
  return { ok: true, photos: await Promise.all(accepted.map(async ({ slot, file, alt }) => ({ slot, alt, bytes: new Uint8Array(await file.arrayBuffer()) }))) };
}
