import { afterAll, describe, expect, it } from 'vitest';
import { addressKey, createRateLimiter, mailboxOf, minutesToWait, recipientDomainOf, secondsToWait, type RateLimitSettings, type Reservation } from '@/lib/server/rate-limit';
import { requireRedis } from '../../support/require-service';

const roomy: Omit<RateLimitSettings, 'perIp' | 'perEmail' | 'windowMinutes'> = {
  perClientDomainPerHour: 1000,
  signInMailsPerAddress: 5,
  signInMailWindowMinutes: 15,
  endpointsPerMinute: { suggest: 1000, socialImage: 1000, search: 1000 },
};
const settings = (values: Partial<RateLimitSettings>): RateLimitSettings => ({ perIp: 1000, perEmail: 1000, windowMinutes: 15, ...roomy, ...values });
const oks = (outcomes: Reservation[]) => outcomes.map((outcome) => outcome.ok);

describe('form rate limiter (memory)', () => {
  const limiter = createRateLimiter(settings({ perIp: 3, perEmail: 2 }));
  afterAll(() => limiter.close());

  it('counts per client address', async () => {
    for (let i = 0; i < 3; i += 1) expect((await limiter.consume({ ip: '203.0.113.1', email: null })).ok).toBe(true);
    const refused = await limiter.consume({ ip: '203.0.113.1', email: null });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(minutesToWait(refused.retryAfterMs)).toBe(15);
    expect((await limiter.consume({ ip: '203.0.113.2', email: null })).ok).toBe(true);
  });

  it('counts an IPv6 address by its /64 network, so rotating within it gains nothing', async () => {
    for (let i = 0; i < 3; i += 1) expect((await limiter.consume({ ip: `2001:db8:1:2::${i + 1}`, email: null })).ok).toBe(true);
    expect((await limiter.consume({ ip: '2001:db8:1:2:ffff:ffff:ffff:ffff', email: null })).ok).toBe(false);
    expect((await limiter.consume({ ip: '2001:db8:1:3::1', email: null })).ok).toBe(true);
  });

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0001:0002:0003:0004:0005:0006', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1:2:3:4', 'fe80:0:0:0::/64'],
  ])('addressKey(%s) = %s', (address, key) => expect(addressKey(address)).toBe(key));

  it('counts every submission without a known address in one shared bucket, never unlimited', async () => {
    for (let i = 0; i < 3; i += 1) expect((await limiter.consume({ ip: null, email: null })).ok).toBe(true);
    expect((await limiter.consume({ ip: null, email: null })).ok).toBe(false);
  });

  it('counts per e-mail address, whatever its case and the address it comes from', async () => {
    expect((await limiter.consume({ ip: '198.51.100.1', email: 'Jane@Example.com' })).ok).toBe(true);
    expect((await limiter.consume({ ip: '198.51.100.2', email: 'jane@example.com ' })).ok).toBe(true);
    expect((await limiter.consume({ ip: '198.51.100.3', email: 'JANE@example.com' })).ok).toBe(false);
  });
});

describe('mail relay caps', () => {
  it.each([
    ['Victim+1@Example.com', 'victim@example.com'],
    ['victim+spam+2@example.com', 'victim@example.com'],
    ['v.i.c.t.i.m+x@googlemail.com', 'victim@gmail.com'],
    ['V.ictim@GMAIL.com', 'victim@gmail.com'],
    ['first.last@example.com', 'first.last@example.com'],
  ])('%s is the mailbox %s', (email, mailbox) => expect(mailboxOf(email)).toBe(mailbox));

  it('counts sub-address and Gmail dot variants against one per-mailbox cap', async () => {
    const limiter = createRateLimiter(settings({ perEmail: 2 }));
    const outcomes = [];
    for (const [index, email] of ['victim@gmail.com', 'victim+1@gmail.com', 'v.ictim+2@googlemail.com', 'vic.tim@gmail.com'].entries()) outcomes.push(await limiter.consume({ ip: `198.51.100.${index}`, email }));
    expect(oks(outcomes)).toEqual([true, true, false, false]);
    await limiter.close();
  });

  it('caps what one client sends to one domain per hour, and never another client or another domain', async () => {
    const limiter = createRateLimiter(settings({ perClientDomainPerHour: 3 }));
    const sent = [];
    for (let index = 0; index < 5; index += 1) sent.push(await limiter.consume({ ip: '203.0.113.1', email: `person${index}@relay-target.example` }));
    expect(oks(sent)).toEqual([true, true, true, false, false]);
    const refused = sent.at(-1)!;
    if (!refused.ok) expect(minutesToWait(refused.retryAfterMs)).toBe(60);
    expect((await limiter.consume({ ip: '203.0.113.2', email: 'ada@relay-target.example' })).ok).toBe(true);
    expect((await limiter.consume({ ip: '203.0.113.1', email: 'someone@other.example' })).ok).toBe(true);
    expect(recipientDomainOf('x+y@GoogleMail.com')).toBe('gmail.com');
    await limiter.close();
  });

  it('spends nothing shared on a submission its own client address refuses: a flood leaves the mailbox whole', async () => {
    const limiter = createRateLimiter(settings({ perIp: 2, perEmail: 2, perClientDomainPerHour: 2 }));
    const flood = [];
    for (let index = 0; index < 50; index += 1) flood.push(await limiter.consume({ ip: '::ffff:203.0.113.9', email: `victim+${index}@victimcorp.example` }));
    expect(flood.filter((outcome) => outcome.ok)).toHaveLength(2);
    // Two were let through and spent the mailbox's budget; the 48 refused spent nothing of it.
    for (const outcome of flood) if (outcome.ok) await outcome.release();
    expect(oks([await limiter.consume({ ip: '198.51.100.7', email: 'victim@victimcorp.example' }), await limiter.consume({ ip: '198.51.100.8', email: 'victim@victimcorp.example' })])).toEqual([true, true]);
    await limiter.close();
  });

  it('gives back what one budget took when the other refuses, and what a released submission took', async () => {
    const limiter = createRateLimiter(settings({ perEmail: 1, perClientDomainPerHour: 2 }));
    const first = await limiter.consume({ ip: '203.0.113.1', email: 'ada@example.com' });
    expect(first.ok).toBe(true);
    // The mailbox refuses: the domain's point this one took comes back (else the next two would not both pass).
    expect((await limiter.consume({ ip: '203.0.113.1', email: 'ada+x@example.com' })).ok).toBe(false);
    expect((await limiter.consume({ ip: '203.0.113.1', email: 'grace@example.com' })).ok).toBe(true);
    // The handler refused the first: its mailbox and domain points come back, once however often released.
    if (first.ok) {
      await first.release();
      await first.release();
    }
    expect(oks([await limiter.consume({ ip: '203.0.113.1', email: 'ada@example.com' }), await limiter.consume({ ip: '203.0.113.1', email: 'linus@example.com' })])).toEqual([true, false]);
    await limiter.close();
  });

  it('caps sign-in e-mails per address as typed and per requesting client: variants and another client are their own', async () => {
    const limiter = createRateLimiter(settings({ signInMailsPerAddress: 2 }));
    const attacker = '203.0.113.66';
    const asked = [];
    for (const email of ['victim+1@example.com', 'victim+2@example.com', 'v.ictim@gmail.com', 'vi.ctim@googlemail.com', 'victim@example.com', 'VICTIM@example.com ', 'victim@example.com']) {
      asked.push(await limiter.reserveSignInMail({ ip: attacker, email }));
    }
    expect(oks(asked)).toEqual([true, true, true, true, true, true, false]);
    // The owner, from their own connection, still gets links.
    expect((await limiter.reserveSignInMail({ ip: '198.51.100.20', email: 'victim@example.com' })).ok).toBe(true);
    expect((await limiter.reserveSignInMail({ ip: '198.51.100.20', email: 'victim@gmail.com' })).ok).toBe(true);
    // A request that stored no link gives its point back.
    const again = await limiter.reserveSignInMail({ ip: '198.51.100.20', email: 'victim@example.com' });
    if (again.ok) await again.release();
    expect((await limiter.reserveSignInMail({ ip: '198.51.100.20', email: 'victim@example.com' })).ok).toBe(true);
    await limiter.close();
  });
});

describe('limited endpoints', () => {
  it('counts requests per endpoint and client address, and says how long to wait', async () => {
    const limiter = createRateLimiter(settings({ endpointsPerMinute: { suggest: 3, socialImage: 1, search: 1000 } }));
    const suggest = [];
    for (let i = 0; i < 4; i += 1) suggest.push(await limiter.consumeEndpoint('suggest', '203.0.113.1'));
    expect(suggest.map((outcome) => outcome.ok)).toEqual([true, true, true, false]);
    const refused = suggest.at(-1)!;
    if (!refused.ok) expect(secondsToWait(refused.retryAfterMs)).toBeGreaterThan(0);
    if (!refused.ok) expect(secondsToWait(refused.retryAfterMs)).toBeLessThanOrEqual(60);
    expect((await limiter.consumeEndpoint('suggest', '203.0.113.2')).ok).toBe(true);
    expect((await limiter.consumeEndpoint('socialImage', '203.0.113.1')).ok).toBe(true);
    expect((await limiter.consumeEndpoint('socialImage', '203.0.113.1')).ok).toBe(false);
    await limiter.close();
  });
});

describe('minutesToWait, secondsToWait', () => {
  it.each([
    [0, 1],
    [1, 1],
    [60_000, 1],
    [60_001, 2],
    [899_000, 15],
  ])('%i ms → %i min', (ms, minutes) => expect(minutesToWait(ms)).toBe(minutes));

  it.each([
    [0, 1],
    [999, 1],
    [1000, 1],
    [1001, 2],
    [59_500, 60],
  ])('%i ms → %i s', (ms, seconds) => expect(secondsToWait(ms)).toBe(seconds));
});

// The machine's Redis (TEST_REDIS_URL, else 127.0.0.1:6379): two instances share one count.
// Without a Redis the file fails and says what to do (tests/support/require-service.ts).
const redisUrl = (await requireRedis()) ?? '';

describe.skipIf(redisUrl === '')('form rate limiter (Redis, two instances)', () => {
  const shared = settings({ perIp: 2, perEmail: 2, windowMinutes: 1, perClientDomainPerHour: 2, redisUrl });
  const first = createRateLimiter(shared);
  const second = createRateLimiter(shared);
  afterAll(async () => {
    await first.close();
    await second.close();
  });
  // Keys of this run only: Redis keeps the counts of earlier runs for their window.
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 0xffff).toString(36)}`;
  const ipOf = (n: number) => `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${((Date.now() + n) % 0xffff).toString(16)}::1`;

  it('refuses on one instance what the other already counted', async () => {
    await Promise.all([first.ready(), second.ready()]);
    const ip = ipOf(0);
    expect((await first.consume({ ip, email: null })).ok).toBe(true);
    expect((await second.consume({ ip, email: null })).ok).toBe(true);
    expect((await first.consume({ ip, email: null })).ok).toBe(false);
    expect((await second.consume({ ip, email: null })).ok).toBe(false);
  });

  it('keeps one client\'s domain budget its own across instances, and a release on one is seen by the other', async () => {
    await Promise.all([first.ready(), second.ready()]);
    const [attacker, visitor] = [ipOf(1), ipOf(2)];
    const domain = `victim-${run}.example`;
    const sent = [await first.consume({ ip: attacker, email: `a@${domain}` }), await second.consume({ ip: attacker, email: `b@${domain}` })];
    expect(oks(sent)).toEqual([true, true]);
    expect((await first.consume({ ip: ipOf(3), email: `c@${domain}` })).ok).toBe(true);
    // The attacker's per-address budget (2) is spent as well: the next is refused there, and spends nothing shared.
    expect((await second.consume({ ip: attacker, email: `d@${domain}` })).ok).toBe(false);
    expect((await second.consume({ ip: visitor, email: `e@${domain}` })).ok).toBe(true);
    // A released point of the mailbox comes back for both instances.
    const mailbox = `ada@${domain}`;
    const taken = [await first.consume({ ip: ipOf(4), email: mailbox }), await second.consume({ ip: ipOf(5), email: mailbox })];
    expect(oks(taken)).toEqual([true, true]);
    expect((await first.consume({ ip: ipOf(6), email: mailbox })).ok).toBe(false);
    if (taken[0]!.ok) await taken[0]!.release();
    expect((await second.consume({ ip: ipOf(7), email: mailbox })).ok).toBe(true);
  });
});
