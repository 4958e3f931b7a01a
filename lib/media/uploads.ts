import type { Database } from '../db/database';
import { deleteOrListFiles } from '../db/media-orphan-rows';
import { insertTripPhotos, type EditorPhoto, type NewPhoto } from '../db/trip-photo-rows';
import { newPhotoKey, type ObjectStore } from './object-store';
import { photoDerivativeKeys } from './photo-keys';
import { PHOTO_CONTENT_TYPES, PhotoRejected, processPhoto, type PhotoRefusal, type ProcessedPhoto } from './pipeline';

export type UploadRefusal = PhotoRefusal | 'tooManyPhotos' | 'busy';
export type UploadOutcome = { ok: true; photos: EditorPhoto[] } | { ok: false; reason: UploadRefusal; file?: number };

// Decoding and encoding take a core each: two at once per process, a short line behind, the rest refused as busy.
const RUNNING_MAX = 2;
const WAITING_MAX = 8;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T | 'busy'> {
  if (running >= RUNNING_MAX) {
    if (waiting.length >= WAITING_MAX) return 'busy';
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * Checks each photo and makes its derivatives, in turn with every other upload of this process;
 * the first refusal stops there (nothing is stored yet).
 */
export async function processPhotos(files: readonly Uint8Array[]): Promise<{ ok: true; photos: ProcessedPhoto[] } | { ok: false; reason: UploadRefusal; file?: number }> {
  const processed: ProcessedPhoto[] = [];
  for (const [index, bytes] of files.entries()) {
    try {
      const photo = await inTurn(() => processPhoto(bytes));
      if (photo === 'busy') return { ok: false, reason: 'busy' };
      processed.push(photo);
    } catch (error) {
      if (error instanceof PhotoRejected) return { ok: false, reason: error.reason, file: index };
      throw error;
    }
  }
  return { ok: true, photos: processed };
}

/**
 * Stores processed photos' derivatives under new random keys in `folder`, then runs `save` with
 * their rows; when `save` keeps none of them (answers null or `{ ok: false }`) or throws, the files
 * are deleted again, or listed for the orphan sweep when the store fails: a file is never left
 * without its row, and `save`'s answer is never replaced by a cleanup's error.
 */
export async function storeThenSave<T>(
  store: ObjectStore,
  folder: 'photos' | 'reviews',
  processed: readonly ProcessedPhoto[],
  save: (photos: NewPhoto[]) => Promise<T>,
  db: Database,
): Promise<T> {
  const stored = processed.map((photo) => ({ photo, storageKey: newPhotoKey(folder) }));
  const allKeys = stored.flatMap(({ photo, storageKey }) => photoDerivativeKeys(storageKey, photo.widths));
  const forget = () => deleteOrListFiles(store, allKeys, db).catch(() => undefined);
  let saved: T;
  try {
    for (const { photo, storageKey } of stored) {
      await Promise.all(photo.derivatives.map((file) => store.put(`${storageKey}/${file.width}.${file.format}`, file.bytes, PHOTO_CONTENT_TYPES[file.format])));
    }
    saved = await save(stored.map(({ photo, storageKey }) => ({ storageKey, width: photo.width, height: photo.height, widths: photo.widths, placeholder: photo.placeholder })));
  } catch (error) {
    await forget();
    throw error;
  }
  if (saved === null || (typeof saved === 'object' && 'ok' in saved && saved.ok === false)) await forget();
  return saved;
}

/**
 * One upload request's photos: each checked and made into derivatives (the first refusal refuses
 * the request, which then stores nothing), the derivatives stored under new random keys, then the
 * rows added in one transaction that keeps the per-trip bound; files of rows that could not be
 * added are deleted again.
 */
export async function uploadTripPhotos(input: { db: Database; store: ObjectStore; tripId: number; userId: number | null; files: readonly Uint8Array[] }): Promise<UploadOutcome> {
  const processed = await processPhotos(input.files);
  if (!processed.ok) return processed;
  const rows = await storeThenSave(input.store, 'photos', processed.photos, (photos) => insertTripPhotos(input.tripId, input.userId, photos, input.db), input.db);
  return rows === null ? { ok: false, reason: 'tooManyPhotos' } : { ok: true, photos: rows };
}
