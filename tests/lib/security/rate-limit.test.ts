import { afterAll, describe, expect, it } from 'vitest';
import { addressKey, createFormRateLimiter, mailboxOf, minutesToWait, recipientDomainOf } from '@/lib/server/rate-limit';
import { requireRedis } from '../../support/require-service';

const mailCaps = { perRecipientDomainPerHour: 1000, signInMailsPerMailbox: 5, signInMailWindowMinutes: 15 };

describe('form rate limiter (memory)', () => {
  const limiter = createFormRateLimiter({ perIp: 3, perEmail: 2, windowMinutes: 15, ...mailCaps });
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

  it('counts sub-address and Gmail dot variants against one per-address cap', async () => {
    const limiter = createFormRateLimiter({ perIp: 1000, perEmail: 2, windowMinutes: 15, ...mailCaps });
    const outcomes = [];
    for (const [index, email] of ['victim@gmail.com', 'victim+1@gmail.com', 'v.ictim+2@googlemail.com', 'vic.tim@gmail.com'].entries()) outcomes.push((await limiter.consume({ ip: `198.51.100.${index}`, email })).ok);
    expect(outcomes).toEqual([true, true, false, false]);
    await limiter.close();
  });

  it('caps the submissions e-mailing one domain per hour, whoever sends them and to whichever mailbox', async () => {
    const limiter = createFormRateLimiter({ perIp: 1000, perEmail: 1000, windowMinutes: 15, ...mailCaps, perRecipientDomainPerHour: 3 });
    const sent = [];
    for (let index = 0; index < 5; index += 1) sent.push(await limiter.consume({ ip: `203.0.113.${index}`, email: `person${index}@relay-target.example` }));
    expect(sent.map((outcome) => outcome.ok)).toEqual([true, true, true, false, false]);
    const refused = sent.at(-1)!;
    if (!refused.ok) expect(minutesToWait(refused.retryAfterMs)).toBe(60);
    expect((await limiter.consume({ ip: '203.0.113.9', email: 'someone@other.example' })).ok).toBe(true);
    expect(recipientDomainOf('x+y@GoogleMail.com')).toBe('gmail.com');
    await limiter.close();
  });

  it('allows a few sign-in e-mails per mailbox and window, variants included', async () => {
    const limiter = createFormRateLimiter({ perIp: 1000, perEmail: 1000, windowMinutes: 15, ...mailCaps, signInMailsPerMailbox: 2 });
    expect([await limiter.allowSignInMail('ada@example.com'), await limiter.allowSignInMail('ada+1@example.com'), await limiter.allowSignInMail('ADA+2@example.com')]).toEqual([true, true, false]);
    expect(await limiter.allowSignInMail('grace@example.com')).toBe(true);
    await limiter.close();
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
  const first = createFormRateLimiter({ perIp: 2, perEmail: 2, windowMinutes: 1, redisUrl, ...mailCaps });
  const second = createFormRateLimiter({ perIp: 2, perEmail: 2, windowMinutes: 1, redisUrl, ...mailCaps });
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
