import { afterAll, describe, expect, it } from 'vitest';
import { createFormRateLimiter, minutesToWait } from '@/lib/server/rate-limit';
import { requireRedis } from '../../support/require-service';

describe('form rate limiter (memory)', () => {
  const limiter = createFormRateLimiter({ perIp: 3, perEmail: 2, windowMinutes: 15 });
  afterAll(() => limiter.close());

  it('counts per client address', async () => {
    for (let i = 0; i < 3; i += 1) expect((await limiter.consume({ ip: '203.0.113.1', email: null })).ok).toBe(true);
    const refused = await limiter.consume({ ip: '203.0.113.1', email: null });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(minutesToWait(refused.retryAfterMs)).toBe(15);
    expect((await limiter.consume({ ip: '203.0.113.2', email: null })).ok).toBe(true);
  });

  it('counts per e-mail address, whatever its case and the address it comes from', async () => {
    expect((await limiter.consume({ ip: '198.51.100.1', email: 'Jane@Example.com' })).ok).toBe(true);
    expect((await limiter.consume({ ip: '198.51.100.2', email: 'jane@example.com ' })).ok).toBe(true);
    expect((await limiter.consume({ ip: '198.51.100.3', email: 'JANE@example.com' })).ok).toBe(false);
  });
});

describe('minutesToWait', () => {
  it.each([
    [0, 1],
    [1, 1],
    [60_000, 1],
    [60_001, 2],
    [899_000, 15],
  ])('%i ms → %i min', (ms, minutes) => expect(minutesToWait(ms)).toBe(minutes));
});

// The machine's Redis (TEST_REDIS_URL, else 127.0.0.1:6379): two instances share one count.
// Without a Redis the file fails and says what to do (tests/support/require-service.ts).
const redisUrl = (await requireRedis()) ?? '';

describe.skipIf(redisUrl === '')('form rate limiter (Redis, two instances)', () => {
  const first = createFormRateLimiter({ perIp: 2, perEmail: 2, windowMinutes: 1, redisUrl });
  const second = createFormRateLimiter({ perIp: 2, perEmail: 2, windowMinutes: 1, redisUrl });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('refuses on one instance what the other already counted', async () => {
    await Promise.all([first.ready(), second.ready()]);
    const ip = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Date.now() % 0xffff}`;
    expect((await first.consume({ ip, email: null })).ok).toBe(true);
    expect((await second.consume({ ip, email: null })).ok).toBe(true);
    expect((await first.consume({ ip, email: null })).ok).toBe(false);
    expect((await second.consume({ ip, email: null })).ok).toBe(false);
  });
});
