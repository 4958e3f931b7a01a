import type { ObjectStore } from './object-store';
import type { PhotoFormat } from './pipeline-shape';
import { PHOTO_CONTENT_TYPES } from './pipeline-shape';

/** The media routes' 404: the same for no such photo and a photo this visitor may not see. */
export const mediaNotFound = () => new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });

/**
 * One stored derivative as the media routes answer it: the key as ETag (304 on If-None-Match,
 * without reading the store), `cacheControl` as decided by the route, nosniff; 404 when the store
 * has no such file.
 */
export async function derivativeResponse(request: Request, store: ObjectStore, storageKey: string, wanted: { width: number; format: PhotoFormat }, cacheControl: string): Promise<Response> {
  const token = storageKey.split('/').at(-1);
  const etag = `"${token}-${wanted.width}-${wanted.format}"`;
  const headers = { 'cache-control': cacheControl, etag, 'content-type': PHOTO_CONTENT_TYPES[wanted.format], 'x-content-type-options': 'nosniff' };
  if (request.headers.get('if-none-match')?.split(',').some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
  const stored = await store.get(`${storageKey}/${wanted.width}.${wanted.format}`);
  if (!stored) return mediaNotFound();
  return new Response(Buffer.from(stored.bytes), { headers: { ...headers, 'content-length': String(stored.bytes.byteLength) } });
}
