import 'server-only';
import { env } from '@/lib/env';
import { logger } from '@/lib/log';

/** The request header deploy/varnish/cordee.vcl reads the tags to purge from (space-separated, vmod xkey). */
export const PURGE_TAGS_HEADER = 'xkey-purge';
/** A cache in front that does not answer within this is skipped (its copies end with their max-age). */
const PURGE_TIMEOUT_MS = 1500;
/**
 * The second purge, once other instances have heard the expiry through Redis: a request that reached
 * one of them between the first purge and that moment may have put the old page back in front.
 */
export const REPURGE_AFTER_MS = 1000;

/** One purge of the tags in every cache in front; never throws (a write never fails for a purge). */
export async function purgeTagsOnce(tags: readonly string[], urls: readonly string[] = env.VARNISH_URLS, fetcher: typeof fetch = fetch): Promise<void> {
  if (urls.length === 0 || tags.length === 0) return;
  await Promise.all(
    urls.map(async (url) => {
      try {
        const response = await fetcher(url, { method: 'PURGE', headers: { [PURGE_TAGS_HEADER]: tags.join(' ') }, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
        await response.body?.cancel();
        if (!response.ok) logger().warn({ url, tags, status: response.status }, 'shared cache purge refused');
      } catch (error) {
        logger().warn({ url, tags, error }, 'shared cache purge failed');
      }
    }),
  );
}

/**
 * Purges the tags in the caches in front (Varnish, VARNISH_URLS): at once, and again after
 * REPURGE_AFTER_MS. Next.js's caches and the embedded front expire with the tag itself
 * (lib/server/invalidate.ts); this is for the copies outside the process.
 */
export function purgeSharedCaches(tags: readonly string[]): void {
  if (env.VARNISH_URLS.length === 0) return;
  void purgeTagsOnce(tags);
  setTimeout(() => void purgeTagsOnce(tags), REPURGE_AFTER_MS).unref();
}
