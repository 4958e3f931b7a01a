import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import { SOCIAL_IMAGE_SIZE, socialImageShape } from '@/lib/images/social-image';
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
  const shape = socialImageShape((await params).path);
  if (!shape) return notFound();
  const kept = keptSocialImage(shape);
  if (kept) return png(kept);
  const refused = await refusedByLimit('socialImage', request);
  if (refused) return refused;
  const image = await socialImage(shape, () => render(shape));
  return image ? png(image) : notFound();
}

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
