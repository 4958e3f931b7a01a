import { photoForServing } from '@/lib/db/queries/trip-photos';
import { isObjectKey } from '@/lib/media/object-store';
import { parsePhotoFile } from '@/lib/media/photo-urls';
import { PHOTO_CONTENT_TYPES } from '@/lib/media/pipeline-shape';
import { mediaStore } from '@/lib/media/store';
import { getSignedInUser } from '@/lib/server/session';

/**
 * `/media/photos/{key}/{width}.{avif|webp}`: one derivative of a trip photo. Its URL never names
 * other bytes (random key, made once), so the public copy is cached for a year, immutable, with
 * the key as its ETag. A photo of an unpublished trip, or without its alt texts yet, is shown only
 * to the trip's guide and support, and never kept by a cache.
 */
export async function GET(request: Request, { params }: RouteContext<'/media/photos/[token]/[file]'>) {
  const { token, file } = await params;
  const storageKey = `photos/${token}`;
  const wanted = parsePhotoFile(file);
  if (!wanted || !isObjectKey(storageKey)) return notFound();
  const photo = await photoForServing(storageKey);
  if (!photo || !photo.widths.includes(wanted.width)) return notFound();
  let cacheControl = 'public, max-age=31536000, immutable';
  if (!photo.published || !photo.ready) {
    const user = await getSignedInUser();
    const owner = user !== null && (user.role === 'support' || (user.role === 'guide' && user.guideId === photo.guideId));
    if (!owner) return notFound();
    cacheControl = 'private, no-store';
  }
  const etag = `"${token}-${wanted.width}-${wanted.format}"`;
  const headers = { 'cache-control': cacheControl, etag, 'content-type': PHOTO_CONTENT_TYPES[wanted.format], 'x-content-type-options': 'nosniff' };
  if (request.headers.get('if-none-match')?.split(',').some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
  const stored = await mediaStore().get(`${storageKey}/${wanted.width}.${wanted.format}`);
  if (!stored) return notFound();
  return new Response(Buffer.from(stored.bytes), { headers: { ...headers, 'content-length': String(stored.bytes.byteLength) } });
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
