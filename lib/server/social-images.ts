import 'server-only';
import { byteLru, type ByteLru } from '../cache/byte-lru';
import { env } from '../env';
import { processRegistry } from '../process-registry';

export type SocialImageStore = { images: ByteLru<ArrayBuffer>; rendering: Map<string, Promise<ArrayBuffer | null>> };

// One store per process, in the process registry: route handlers may be bundled more than once.
function store(): SocialImageStore {
  return (processRegistry().socialImages ??= { images: byteLru<ArrayBuffer>(env.SOCIAL_IMAGE_CACHE_BUDGET_MB * 1024 * 1024, (png) => png.byteLength), rendering: new Map() });
}

/** The PNG of a social image already rendered in this process (the same shape is the same picture), or undefined. */
export const keptSocialImage = (shape: string): ArrayBuffer | undefined => store().images.get(shape);

/**
 * The PNG of `shape`, rendered once (`render`: null when the picture does not exist) and kept within
 * SOCIAL_IMAGE_CACHE_BUDGET_MB; requests for a shape being rendered wait for that render.
 */
export function socialImage(shape: string, render: () => Promise<ArrayBuffer | null>): Promise<ArrayBuffer | null> {
  const { images, rendering } = store();
  const kept = images.get(shape);
  if (kept) return Promise.resolve(kept);
  const pending = rendering.get(shape);
  if (pending) return pending;
  const made = render()
    .then((png) => {
      if (png) images.set(shape, png);
      return png;
    })
    .finally(() => rendering.delete(shape));
  rendering.set(shape, made);
  return made;
}
