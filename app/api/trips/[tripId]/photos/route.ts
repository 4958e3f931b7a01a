import { countTripPhotos, listEditorPhotos, reorderTripPhotos } from '@/lib/db/queries/trip-photos';
import { getDb } from '@/lib/db/client';
import { PHOTO_LIMITS } from '@/lib/media/pipeline';
import { PHOTOS_PER_REQUEST, PHOTOS_PER_TRIP } from '@/lib/media/pipeline-shape';
import { photoAnswer, photoEditorFor, photoError, photosChanged } from '@/lib/media/photo-requests';
import { mediaStore } from '@/lib/media/store';
import { uploadTripPhotos } from '@/lib/media/uploads';
import { rateLimiter } from '@/lib/server/form-guard';
import { secondsToWait } from '@/lib/server/rate-limit';
import { photoOrderSchema } from '@/lib/forms/photo-schemas';

type Context = RouteContext<'/api/trips/[tripId]/photos'>;

/** The trip's photos, ready or not, for its uploader. */
export async function GET(_request: Request, { params }: Context) {
  const editor = await photoEditorFor((await params).tripId, { write: false });
  if ('refused' in editor) return editor.refused;
  return photoAnswer({ photos: await listEditorPhotos(editor.trip.id) });
}

// The request's body is read up to this many bytes, never further: files, their names and the form's framing.
const BODY_LIMIT = PHOTOS_PER_REQUEST * PHOTO_LIMITS.maxBytes + 64 * 1024;

/** Reads a body of at most `limit` bytes; null past it, without reading the rest. */
async function boundedBody(request: Request, limit: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}

/**
 * Uploads (multipart, field `photo`, up to PHOTOS_PER_REQUEST files): counted against the
 * account's hourly photo budget, then checked, made into derivatives and stored (lib/media).
 * Refusals answer `{ error }` with 400, 413 or 429; the photos added answer 201.
 */
export async function POST(request: Request, { params }: Context) {
  const editor = await photoEditorFor((await params).tripId, { write: true });
  if ('refused' in editor) return editor.refused;
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) return photoError('notAnImage', 400);
  const body = await boundedBody(request, BODY_LIMIT);
  if (!body) return photoError('tooLarge', 413);
  let files: File[];
  try {
    files = (await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData()).getAll('photo').filter((value): value is File => value instanceof File);
  } catch {
    return photoError('notAnImage', 400);
  }
  if (files.length === 0) return photoError('noFile', 400);
  if (files.length > PHOTOS_PER_REQUEST) return photoError('tooManyFiles', 400);
  if ((await countTripPhotos(editor.trip.id)) + files.length > PHOTOS_PER_TRIP) return photoError('tooManyPhotos', 400);
  const allowed = await rateLimiter().consumePhotoUploads(editor.user.id, files.length);
  if (!allowed.ok) return photoError('rateLimited', 429, { 'retry-after': String(secondsToWait(allowed.retryAfterMs)) });

  const outcome = await uploadTripPhotos({
    db: getDb(),
    store: mediaStore(),
    tripId: editor.trip.id,
    userId: editor.user.id,
    files: await Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer()))),
  });
  if (!outcome.ok) return photoError(outcome.reason, outcome.reason === 'tooLarge' ? 413 : outcome.reason === 'busy' ? 503 : 400, outcome.reason === 'busy' ? { 'retry-after': '5' } : {});
  photosChanged(editor.trip.id);
  return photoAnswer({ photos: outcome.photos }, 201);
}

/** A new order of the trip's photos: `{ order: [id, …] }` naming each photo once. */
export async function PUT(request: Request, { params }: Context) {
  const editor = await photoEditorFor((await params).tripId, { write: true });
  if ('refused' in editor) return editor.refused;
  const parsed = photoOrderSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success || !(await reorderTripPhotos(editor.trip.id, parsed.data.order))) return photoError('staleList', 409);
  photosChanged(editor.trip.id);
  return photoAnswer({ photos: await listEditorPhotos(editor.trip.id) });
}
