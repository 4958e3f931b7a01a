import { describe, expect, it, vi } from 'vitest';
import { PURGE_TAGS_HEADER, purgeTagsOnce } from '@/lib/server/shared-cache-purge';

describe('purging the caches in front by tag', () => {
  it('sends one PURGE with the tags to every cache in front', async () => {
    const fetcher = vi.fn(async () => new Response(null, { status: 200 }));
    await purgeTagsOnce(['trip-4', 'catalogue'], ['http://a:6081', 'http://b:6081'], fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledTimes(2);
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://a:6081');
    expect(init.method).toBe('PURGE');
    expect((init.headers as Record<string, string>)[PURGE_TAGS_HEADER]).toBe('trip-4 catalogue');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('never throws: a cache in front that is down or refuses is only logged', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(purgeTagsOnce(['trip-4'], ['http://a:6081'], down as unknown as typeof fetch)).resolves.toBeUndefined();
    const refused = vi.fn(async () => new Response('no', { status: 405 }));
    await expect(purgeTagsOnce(['trip-4'], ['http://a:6081'], refused as unknown as typeof fetch)).resolves.toBeUndefined();
  });

  it('sends nothing without caches in front or tags', async () => {
    const fetcher = vi.fn();
    await purgeTagsOnce(['trip-4'], [], fetcher as unknown as typeof fetch);
    await purgeTagsOnce([], ['http://a:6081'], fetcher as unknown as typeof fetch);
    expect(fetcher).not.toHaveBeenCalled();
  });
});
