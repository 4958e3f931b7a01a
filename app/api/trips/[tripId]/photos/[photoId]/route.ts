import { deleteTripPhoto, listEditorPhotos, setCoverPhoto, setPhotoAlt } from '@/lib/db/queries/trip-photos';
import { getDb } from '@/lib/db/client';
import { photoChangeSchema } from '@/lib/forms/photo-schemas';
import { deleteOrphanFiles } from '@/lib/db/queries/media-orphans';
import { photoAnswer, photoEditorFor, photoError, photosChanged } from '@/lib/media/photo-requests';
import { mediaStore } from '@/lib/media/store';
import { logger } from '@/lib/log';
import { purgePhotoCopies } from '@/lib/server/invalidate';

type Context = RouteContext<'/api/trips/[tripId]/photos/[photoId]'>;

const photoIdOf = (param: string) => (/^\d{1,9}$/.test(param) ? Number(param) : null);

/** Changes one photo: `{ alt: { en, fr, es } }` (every locale required) or `{ cover: true }`. */
export async function PATCH(request: Request, { params }: Context) {
  const { tripId, photoId: photoParam } = await params;
  const editor = await photoEditorFor(tripId, { write: true });
  if ('refused' in editor) return editor.refused;
  const photoId = photoIdOf(photoParam);
  const parsed = photoChangeSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return photoError('altRequired', 400);
  if (photoId === null) return photoError('staleList', 404);
  const done = 'alt' in parsed.data ? await setPhotoAlt(editor.trip.id, photoId, parsed.data.alt, getDb()) : await setCoverPhoto(editor.trip.id, photoId);
  if (!done) return photoError('staleList', 404);
  photosChanged(editor.trip.id);
  return photoAnswer({ photos: await listEditorPhotos(editor.trip.id) });
}

/** Deletes one photo: its row (its files listed as orphans in the same transaction), then its files. */
export async function DELETE(_request: Request, { params }: Context) {
  const { tripId, photoId: photoParam } = await params;
  const editor = await photoEditorFor(tripId, { write: true });
  if ('refused' in editor) return editor.refused;
  const photoId = photoIdOf(photoParam);
  const deleted = photoId === null ? null : await deleteTripPhoto(editor.trip.id, photoId);
  if (!deleted) return photoError('staleList', 404);
  // A store error leaves the files listed in media_orphans: the sweep deletes them later.
  if (!(await deleteOrphanFiles(mediaStore(), deleted.orphanId))) logger().warn({ orphanId: deleted.orphanId }, 'photo files not deleted yet');
  photosChanged(editor.trip.id);
  purgePhotoCopies([deleted.storageKey]);
  return photoAnswer({ photos: await listEditorPhotos(editor.trip.id) });
}
