import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../locales';
import { photoDerivativeKeys } from '../../media/photo-keys';
import type { PhotoView } from '../../media/photo-urls';
import { getDb } from '../client';
import type { Database } from '../database';
import { mediaOrphans, trips, tripPhotos } from '../schema';
import { editorColumns, type EditorPhoto } from '../trip-photo-rows';

export { insertTripPhotos, setPhotoAlt, type EditorPhoto, type NewPhoto } from '../trip-photo-rows';

/** Who may change a trip's photos: its guide's members, and support. */
export type PhotoEditor = { id: number; role: string; guideId: number | null };

/** The trip when `user` may edit its photos, else null (no such trip and not theirs look the same). */
export async function editableTrip(user: PhotoEditor | null, tripId: number, db: Database = getDb()): Promise<{ id: number; guideId: number } | null> {
  if (!user || !Number.isSafeInteger(tripId)) return null;
  const [trip] = await db.select({ id: trips.id, guideId: trips.guideId }).from(trips).where(eq(trips.id, tripId));
  if (!trip) return null;
  return user.role === 'support' || (user.role === 'guide' && user.guideId !== null && user.guideId === trip.guideId) ? trip : null;
}

/** Every photo of a trip, ready or not, by position (the uploader's list). */
export function listEditorPhotos(tripId: number, db: Database = getDb()): Promise<EditorPhoto[]> {
  return db.select(editorColumns).from(tripPhotos).where(eq(tripPhotos.tripId, tripId)).orderBy(asc(tripPhotos.position), asc(tripPhotos.id));
}

/** The gallery: the trip's ready photos, the cover first, then by position, with the alt text in `locale`. */
export async function listGalleryPhotos(tripId: number, locale: Locale, db: Database = getDb()): Promise<PhotoView[]> {
  const rows = await db
    .select({ storageKey: tripPhotos.storageKey, width: tripPhotos.width, height: tripPhotos.height, widths: tripPhotos.widths, placeholder: tripPhotos.placeholder, alt: sql<string>`${tripPhotos.alt}->>${locale}` })
    .from(tripPhotos)
    .where(and(eq(tripPhotos.tripId, tripId), eq(tripPhotos.ready, true)))
    .orderBy(desc(tripPhotos.isCover), asc(tripPhotos.position), asc(tripPhotos.id));
  return rows;
}

/**
 * The cover of a trip as cards and social images use it (SQL, for a list's select): its ready
 * cover, else its first ready photo; null without one.
 */
export const coverPhotoColumn = (tripId: typeof trips.id) =>
  sql<Omit<PhotoView, 'alt'> | null>`(SELECT json_build_object('storageKey', p.storage_key, 'width', p.width, 'height', p.height, 'widths', p.widths, 'placeholder', p.placeholder) FROM trip_photos p WHERE p.trip_id = ${tripId} AND p.ready ORDER BY p.is_cover DESC, p.position, p.id LIMIT 1)`;

/** The trip of a stored photo and whether the public may see it, for the media route. */
export async function photoForServing(storageKey: string, db: Database = getDb()) {
  const [row] = await db
    .select({ tripId: tripPhotos.tripId, guideId: trips.guideId, published: trips.published, ready: tripPhotos.ready, widths: tripPhotos.widths })
    .from(tripPhotos)
    .innerJoin(trips, eq(trips.id, tripPhotos.tripId))
    .where(eq(tripPhotos.storageKey, storageKey));
  return row ?? null;
}

/** The storage keys of a trip's photos (to purge their copies from the caches in front). */
export async function tripPhotoKeys(tripId: number, db: Database = getDb()): Promise<string[]> {
  const rows = await db.select({ storageKey: tripPhotos.storageKey }).from(tripPhotos).where(eq(tripPhotos.tripId, tripId));
  return rows.map((row) => row.storageKey);
}

/** How many photos a trip has. */
export async function countTripPhotos(tripId: number, db: Database = getDb()): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(tripPhotos).where(eq(tripPhotos.tripId, tripId));
  return row?.count ?? 0;
}

/** Makes a photo the trip's cover (the one cover moves); false when the trip has no such photo. */
export async function setCoverPhoto(tripId: number, photoId: number, db: Database = getDb()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [photo] = await tx.select({ id: tripPhotos.id }).from(tripPhotos).where(and(eq(tripPhotos.tripId, tripId), eq(tripPhotos.id, photoId))).for('update');
    if (!photo) return false;
    await tx.update(tripPhotos).set({ isCover: false }).where(and(eq(tripPhotos.tripId, tripId), eq(tripPhotos.isCover, true)));
    await tx.update(tripPhotos).set({ isCover: true }).where(eq(tripPhotos.id, photoId));
    return true;
  });
}

/** Puts the trip's photos in the order given, which must name each of them once; false otherwise. */
export async function reorderTripPhotos(tripId: number, order: readonly number[], db: Database = getDb()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).for('update');
    const current = await tx.select({ id: tripPhotos.id }).from(tripPhotos).where(eq(tripPhotos.tripId, tripId));
    const known = new Set(current.map((row) => row.id));
    if (order.length !== known.size || new Set(order).size !== order.length || !order.every((id) => known.has(id))) return false;
    if (order.length === 0) return true;
    const positions = sql.join(order.map((id, index) => sql`(${id}::int, ${index + 1}::int)`), sql`, `);
    await tx.execute(sql`UPDATE trip_photos SET position = v.position FROM (VALUES ${positions}) AS v(id, position) WHERE trip_photos.id = v.id AND trip_photos.trip_id = ${tripId}`);
    return true;
  });
}

/**
 * Deletes a photo; when it was the cover, the first photo left becomes the cover. Its files are
 * listed in `media_orphans` in the same transaction (`orphanId`: delete them now with
 * `deleteOrphanFiles`; a failure is retried by the sweep). Null when the trip has no such photo.
 */
export async function deleteTripPhoto(tripId: number, photoId: number, db: Database = getDb()): Promise<{ storageKey: string; widths: number[]; orphanId: number } | null> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(tripPhotos)
      .where(and(eq(tripPhotos.tripId, tripId), eq(tripPhotos.id, photoId)))
      .returning({ storageKey: tripPhotos.storageKey, widths: tripPhotos.widths, isCover: tripPhotos.isCover });
    if (!deleted) return null;
    if (deleted.isCover) {
      const [next] = await tx.select({ id: tripPhotos.id }).from(tripPhotos).where(eq(tripPhotos.tripId, tripId)).orderBy(asc(tripPhotos.position), asc(tripPhotos.id)).limit(1);
      if (next) await tx.update(tripPhotos).set({ isCover: true }).where(eq(tripPhotos.id, next.id));
    }
    const [orphan] = await tx.insert(mediaOrphans).values({ objectKeys: photoDerivativeKeys(deleted.storageKey, deleted.widths) }).returning({ id: mediaOrphans.id });
    return { storageKey: deleted.storageKey, widths: deleted.widths, orphanId: orphan!.id };
  });
}
