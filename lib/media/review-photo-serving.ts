import 'server-only';
import { reviewPhotoForServing } from '../db/queries/review-photos';
import type { Database } from '../db/database';
import { derivativeResponse, mediaNotFound } from './derivative-response';
import { isObjectKey, type ObjectStore } from './object-store';
import { parsePhotoFile } from './photo-urls';

/**
 * Review photos are moderated: hiding a review must take its photos off the site, so a public copy
 * is kept an hour (then revalidated: a 304 while the review stays visible), not a year like trip photos.
 */
export const REVIEW_PHOTO_CACHE = 'public, max-age=3600';

/**
 * `/media/reviews/{token}/{width}.{avif|webp}` (decision 0300): one derivative of a review photo,
 * public while its review is visible; once support hid the review, 404 to everyone but support
 * (`private, no-store` for them).
 */
export async function reviewPhotoResponse(request: Request, token: string, file: string, deps: { store: ObjectStore; isSupport: () => Promise<boolean>; db?: Database }): Promise<Response> {
  const storageKey = `reviews/${token}`;
  const wanted = parsePhotoFile(file);
  if (!wanted || !isObjectKey(storageKey)) return mediaNotFound();
  const photo = await reviewPhotoForServing(storageKey, deps.db);
  if (!photo || !photo.widths.includes(wanted.width)) return mediaNotFound();
  if (photo.hidden && !(await deps.isSupport())) return mediaNotFound();
  return derivativeResponse(request, deps.store, storageKey, wanted, photo.hidden ? 'private, no-store' : REVIEW_PHOTO_CACHE);
}
