import { eq, and, sql } from 'drizzle-orm';
import { locales } from '../locales';
import { PHOTOS_PER_TRIP } from '../media/pipeline-shape';
import type { Database } from './database';
import { trips, tripPhotos, type LocalizedText } from './schema';

// The writes of the photo pipeline, shared by the upload API and the demo seed (no server-only: scripts run them too).

/** A photo as the uploader shows it. */
export type EditorPhoto = { id: number; storageKey: string; width: number; height: number; widths: number[]; placeholder: string; isCover: boolean; ready: boolean; alt: Partial<LocalizedText> };

export const editorColumns = {
  id: tripPhotos.id,
  storageKey: tripPhotos.storageKey,
  width: tripPhotos.width,
  height: tripPhotos.height,
  widths: tripPhotos.widths,
  placeholder: tripPhotos.placeholder,
  isCover: tripPhotos.isCover,
  ready: sql<boolean>`${tripPhotos.ready}`,
  alt: tripPhotos.alt,
};

export type NewPhoto = { storageKey: string; width: number; height: number; widths: number[]; placeholder: string };

/**
 * Adds photos at the end of a trip's list in one transaction, the trip's row locked so two
 * uploads at once cannot pass the per-trip bound together; the first photo of a trip becomes its
 * cover. Returns null (and stores nothing) when they would make more than PHOTOS_PER_TRIP.
 */
export async function insertTripPhotos(tripId: number, uploadedBy: number | null, photos: readonly NewPhoto[], db: Database): Promise<EditorPhoto[] | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).for('update');
    const [{ count, last, hasCover }] = (await tx
      .select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${tripPhotos.position}), 0)::int`, hasCover: sql<boolean>`coalesce(bool_or(${tripPhotos.isCover}), false)` })
      .from(tripPhotos)
      .where(eq(tripPhotos.tripId, tripId))) as [{ count: number; last: number; hasCover: boolean }];
    if (count + photos.length > PHOTOS_PER_TRIP) return null;
    if (photos.length === 0) return [];
    return tx
      .insert(tripPhotos)
      .values(photos.map((photo, index) => ({ ...photo, tripId, uploadedBy, position: last + index + 1, isCover: !hasCover && index === 0 })))
      .returning(editorColumns);
  });
}

/** Sets a photo's alt text in every locale (trimmed); false when the trip has no such photo. */
export async function setPhotoAlt(tripId: number, photoId: number, alt: LocalizedText, db: Database): Promise<boolean> {
  const text = Object.fromEntries(locales.map((locale) => [locale, alt[locale].trim()])) as LocalizedText;
  const rows = await db.update(tripPhotos).set({ alt: text }).where(and(eq(tripPhotos.tripId, tripId), eq(tripPhotos.id, photoId))).returning({ id: tripPhotos.id });
  return rows.length === 1;
}

