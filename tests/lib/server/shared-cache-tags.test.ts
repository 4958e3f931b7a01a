import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { requireRedis } from '../../support/require-service';

/**
 * With REDIS_URL, a tag expiry on one instance reaches every instance. This process plays
 * one instance; a plain Redis client plays the others (what they publish, what they read).
 */
// Without a Redis the file fails and says what to do (tests/support/require-service.ts).
const redisUrl = (await requireRedis()) ?? '';

const { tagExpiry, areTagsExpired } = await import('@/lib/cache/tag-expiries');

describe('merging expiries into the tags manifest', async () => {
  const { applyTagExpiries } = await import('@/lib/cache/shared-cache-tags');
  it('keeps the later time of each field and ignores what is not a time', () => {
    applyTagExpiries({ 'trip-merge': { expired: 2000, stale: 1000 } });
    applyTagExpiries({ 'trip-merge': { expired: 1500, stale: 3000 }, 'trip-bad': 'x', 'trip-nan': { expired: Number.NaN } });
    expect(tagExpiry('trip-merge')).toEqual({ expired: 2000, stale: 3000 });
    expect(tagExpiry('trip-nan')).toEqual({});
    expect(tagExpiry('trip-bad')).toBeUndefined();
  });
});

describe.skipIf(redisUrl === '')('cache tag expiries shared through Redis (two instances)', async () => {
  vi.stubEnv('REDIS_URL', redisUrl);
  vi.resetModules();
  const { default: handler, TAGS_KEY } = await import('@/lib/cache/shared-cache-tags');
  const other = new Redis(redisUrl);
  const listener = new Redis(redisUrl);
  const heard: string[] = [];
  await listener.subscribe(TAGS_KEY);
  listener.on('message', (_channel, message) => heard.push(message));
  afterAll(async () => {
    vi.unstubAllEnvs();
    await Promise.all([other.quit(), listener.quit()]);
  });
  const tag = `trip-shared-${Date.now()}`;

  it('publishes and stores an expiry made on this instance', async () => {
    // The first expiry of a fresh instance waits for its connection to be ready, then is shared.
    await handler.updateTags([tag], { expire: 0 });
    await vi.waitFor(() => expect(heard.some((line) => line.includes(`"${tag}"`))).toBe(true));
    const stored = JSON.parse((await other.hget(TAGS_KEY, tag))!);
    expect(stored.expired).toBe(tagExpiry(tag)?.expired);
    expect(await other.pttl(TAGS_KEY)).toBeGreaterThan(0);
  });

  it('applies an expiry another instance published, so entries cached before it are expired here', async () => {
    // This instance listens once its subscription is up.
    await vi.waitFor(async () => expect(((await other.pubsub('NUMSUB', TAGS_KEY)) as [string, number])[1]).toBeGreaterThanOrEqual(2));
    const theirs = `guide-shared-${Date.now()}`;
    const cachedAt = Date.now() - 1000;
    expect(areTagsExpired([theirs], cachedAt)).toBe(false);
    const expiredAt = Date.now();
    await other.publish(TAGS_KEY, JSON.stringify({ [theirs]: { expired: expiredAt, stale: expiredAt } }));
    await vi.waitFor(() => expect(areTagsExpired([theirs], cachedAt)).toBe(true));
    expect(await handler.getExpiration([theirs])).toBe(expiredAt);
  });
});
