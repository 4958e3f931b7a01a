import { photoForServing } from '@/lib/db/queries/trip-photos';
import { derivativeResponse, mediaNotFound } from '@/lib/media/derivative-response';
import { isObjectKey } from '@/lib/media/object-store';
import { parsePhotoFile } from '@/lib/media/photo-urls';
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
  if (!wanted || !isObjectKey(storageKey)) return mediaNotFound();
  const photo = await photoForServing(storageKey);
  if (!photo || !photo.widths.includes(wanted.width)) return mediaNotFound();
  let cacheControl = 'public, max-age=31536000, immutable';
  if (!photo.published || !photo.ready) {
    const user = await getSignedInUser();
    const owner = user !== null && (user.role === 'support' || (user.role === 'guide' && user.guideId === photo.guideId));
    if (!owner) return mediaNotFound();
    cacheControl = 'private, no-store';
  }
  return derivativeResponse(request, mediaStore(), storageKey, wanted, cacheControl);
}
