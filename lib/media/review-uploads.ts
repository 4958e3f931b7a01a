import type { ReviewPhotoUpload } from '../forms/review-photos';
import type { Database } from '../db/database';
import type { NewPhoto } from '../db/trip-photo-rows';
import type { ObjectStore } from './object-store';
import { processPhotos, storeThenSave, type UploadRefusal } from './uploads';

/** A photo refused by the pipeline (or the pipeline busy): which slot of the form, and why. */
export type ReviewPhotoRefusal = { ok: false; reason: 'photo'; refusal: UploadRefusal; slot: number | null };

/**
 * A review saved with its photos, in this order (decision 0300): every photo checked and made into
 * derivatives first (a refusal stores nothing), then the files stored, then `save` inserts the
 * review and its photo rows in one transaction; when it stores nothing (`{ ok: false }`, e.g. the
 * booking was reviewed from another tab) or fails, the files are deleted again.
 */
export async function saveReviewWithPhotos<T extends { ok: boolean }>(
  store: ObjectStore,
  uploads: readonly ReviewPhotoUpload[],
  save: (photos: (NewPhoto & { alt: string })[]) => Promise<T>,
  db: Database,
): Promise<T | ReviewPhotoRefusal> {
  if (uploads.length === 0) return save([]);
  const processed = await processPhotos(uploads.map((upload) => upload.bytes));
  if (!processed.ok) return { ok: false, reason: 'photo', refusal: processed.reason, slot: processed.file === undefined ? null : uploads[processed.file]!.slot };
  return storeThenSave(store, 'reviews', processed.photos, (photos) => save(photos.map((photo, index) => ({ ...photo, alt: uploads[index]!.alt }))), db);
}
