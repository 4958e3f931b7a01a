import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import sharp from 'sharp';
import { photoForServing } from '@/lib/db/queries/trip-photos';
import { SOCIAL_IMAGE_SIZE, socialImageShape, socialPhotoKey } from '@/lib/images/social-image';
import { mediaStore } from '@/lib/media/store';
import { refusedByLimit } from '@/lib/server/endpoint-limit';
import { keptSocialImage, socialImage } from '@/lib/server/social-images';
import { assetsBase } from '@/lib/site-config';

/**
 * `/og/{shape}.png`: an assets-host picture (an SVG scene: trip cover, landing header, …) as a
 * 1200×630 PNG for Open Graph and Twitter cards, which do not accept SVG. Same path, same picture:
 * cached for a year like the assets themselves, and kept rendered in memory, so a repeated image
 * costs no render. A render (or a look for a picture that is not there) counts against the
 * client's limit: past it 429 with Retry-After (docs/decisions/0274).
 */
export async function GET(request: Request, { params }: RouteContext<'/og/[...path]'>) {
  const segments = (await params).path;
  const photoKey = socialPhotoKey(segments);
  if (photoKey) return photoCard(request, photoKey);
  const shape = socialImageShape(segments);
  if (!shape) return notFound();
  const kept = keptSocialImage(shape);
  if (kept) return png(kept);
  const refused = await refusedByLimit('socialImage', request);
  if (refused) return refused;
  const image = await socialImage(shape, () => render(shape));
  return image ? png(image) : notFound();
}

/**
 * `/og/photos/{key}.jpg`: a trip photo (its largest WebP) cropped to 1200×630 as a JPEG, which every
 * network reads; only for a photo the public may see. Kept and limited like the scenes' PNGs.
 */
async function photoCard(request: Request, storageKey: string): Promise<Response> {
  const kept = keptSocialImage(storageKey);
  if (kept) return jpeg(kept);
  const refused = await refusedByLimit('socialImage', request);
  if (refused) return refused;
  const photo = await photoForServing(storageKey);
  if (!photo || !photo.published || !photo.ready) return notFound();
  const image = await socialImage(storageKey, async () => {
    const stored = await mediaStore().get(`${storageKey}/${photo.widths.at(-1)!}.webp`);
    if (!stored) return null;
    const card = await sharp(stored.bytes).resize({ ...SOCIAL_IMAGE_SIZE, fit: 'cover' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    return card.buffer.slice(card.byteOffset, card.byteOffset + card.byteLength) as ArrayBuffer;
  });
  return image ? jpeg(image) : notFound();
}

const jpeg = (image: ArrayBuffer) => new Response(image, { headers: { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=31536000, immutable' } });

const notFound = () => new Response('Not found', { status: 404 });

const png = (image: ArrayBuffer) => new Response(image, { headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable' } });

async function render(shape: string): Promise<ArrayBuffer | null> {
  const svg = await readSvg(shape);
  if (!svg) return null;
  const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return new ImageResponse(
    (
      <div style={{ display: 'flex', width: '100%', height: '100%' }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- rendered to a PNG by ImageResponse, not a page */}
        <img src={source} alt="" width={SOCIAL_IMAGE_SIZE.width} height={SOCIAL_IMAGE_SIZE.height} style={{ objectFit: 'cover' }} />
      </div>
    ),
    SOCIAL_IMAGE_SIZE,
  ).arrayBuffer();
}

/** The SVG under the assets base: a file of public/ when the base is this app's path, else fetched from the assets host. */
async function readSvg(shape: string): Promise<string | null> {
  const url = `${assetsBase().replace(/\/+$/, '')}/${shape}.svg`;
  try {
    if (url.startsWith('/')) return await readFile(path.join(process.cwd(), 'public', url), 'utf8');
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}
