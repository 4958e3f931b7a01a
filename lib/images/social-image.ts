/**
 * Open Graph and Twitter card pictures: social networks take PNG or JPEG, not the assets host's
 * SVG scenes, so pages point them at `/og/{shape}.png` (app/og/[...path]/route.tsx), the same
 * picture rasterised at the cards' size.
 */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const shapePattern = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/;

/** The PNG path for an image URL of the assets host (`{base}/{shape}.svg`); other URLs pass through. */
export function socialImagePath(imageUrl: string, assetsBase: string): string {
  const root = `${assetsBase.replace(/\/+$/, '')}/`;
  if (!imageUrl.startsWith(root) || !imageUrl.endsWith('.svg')) return imageUrl;
  const shape = imageUrl.slice(root.length, -'.svg'.length);
  return shapePattern.test(shape) ? `/og/${shape}.png` : imageUrl;
}

/** The asset shape a `/og/…` request names (`['trips', 'x', 'cover.png']` → `trips/x/cover`), or null for anything else. */
export function socialImageShape(segments: readonly string[]): string | null {
  const joined = segments.join('/');
  if (!joined.endsWith('.png')) return null;
  const shape = joined.slice(0, -'.png'.length);
  return shapePattern.test(shape) ? shape : null;
}

/** The Open Graph picture of a trip photo: `/og/photos/{key}.jpg`, its 1200×630 JPEG (app/og). */
export const socialPhotoPath = (storageKey: string): string => `/og/${storageKey}.jpg`;

/** The photo key a `/og/photos/{key}.jpg` request names, or null. */
export function socialPhotoKey(segments: readonly string[]): string | null {
  const [folder, file, ...rest] = segments;
  const match = folder === 'photos' && rest.length === 0 ? /^([A-Za-z0-9_-]{10,64})\.jpg$/.exec(file ?? '') : null;
  return match ? `photos/${match[1]}` : null;
}
