import { describe, expect, it } from 'vitest';
import { cacheTags } from '@/lib/server/cache-tags';
import { expireTripPagesOutsideRequest } from '@/lib/server/invalidate';
import { areTagsExpired, now } from '@/lib/cache/tag-expiries';

describe('expiring a trip’s pages from a scheduled job (no request)', () => {
  it('expires the trip’s and the catalogue’s tags in the manifest both cache handlers read', async () => {
    const cachedAt = Math.floor(now()) - 1_000;
    expect(areTagsExpired([cacheTags.trip(424242)], cachedAt)).toBe(false);
    await expireTripPagesOutsideRequest(424242);
    expect(areTagsExpired([cacheTags.trip(424242)], cachedAt)).toBe(true);
    expect(areTagsExpired([cacheTags.catalogue], cachedAt)).toBe(true);
    expect(areTagsExpired([cacheTags.trip(424243)], cachedAt)).toBe(false);
  });
});
