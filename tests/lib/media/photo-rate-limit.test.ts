import { afterEach, describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimiter } from '@/lib/server/rate-limit';

const settings = { perIp: 10, perEmail: 10, windowMinutes: 15, perClientDomainPerHour: 10, signInMailsPerAddress: 5, signInMailWindowMinutes: 15, endpointsPerMinute: { suggest: 10, socialImage: 10, search: 10 } };

describe('photo uploads per account', () => {
  let limiter: RateLimiter;
  afterEach(async () => limiter?.close());

  it('counts each photo against its account, refuses a batch past the budget whole, and leaves other accounts alone', async () => {
    limiter = createRateLimiter({ ...settings, photoUploadsPerHour: 5 });
    expect((await limiter.consumePhotoUploads(1, 3)).ok).toBe(true);
    const refused = await limiter.consumePhotoUploads(1, 3);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterMs).toBeGreaterThan(0);
    // The refused batch took nothing: two more photos still fit, a third does not.
    expect((await limiter.consumePhotoUploads(1, 2)).ok).toBe(true);
    expect((await limiter.consumePhotoUploads(1, 1)).ok).toBe(false);
    expect((await limiter.consumePhotoUploads(2, 5)).ok).toBe(true);
  });
});
