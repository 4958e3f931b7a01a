import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import { SOCIAL_IMAGE_SIZE, socialImageShape } from '@/lib/images/social-image';
import { assetsBase } from '@/lib/site-config';

/**
 * `/og/{shape}.png`: an assets-host picture (an SVG scene: trip cover, landing header, …) as a
 * 1200×630 PNG for Open Graph and Twitter cards, which do not accept SVG. Same path, same picture:
 * cached for a year like the assets themselves.
 */
export async function GET(_request: Request, { params }: RouteContext<'/og/[...path]'>) {
  const shape = socialImageShape((await params).path);
  const svg = shape ? await readSvg(shape) : null;
  if (!svg) return new Response('Not found', { status: 404 });
  const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return new ImageResponse(
    (
      <div style={{ display: 'flex', width: '100%', height: '100%' }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- rendered to a PNG by ImageResponse, not a page */}
        <img src={source} alt="" width={SOCIAL_IMAGE_SIZE.width} height={SOCIAL_IMAGE_SIZE.height} style={{ objectFit: 'cover' }} />
      </div>
    ),
    { ...SOCIAL_IMAGE_SIZE, headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
  );
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
