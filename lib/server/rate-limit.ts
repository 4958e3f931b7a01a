import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type RateLimitSettings = {
  perIp: number;
  perEmail: number;
  windowMinutes: number;
  /** Submissions per hour that e-mail an address of one domain the visitor typed (all senders together). */
  perRecipientDomainPerHour: number;
  /** Sign-in e-mails per mailbox within `signInMailWindowMinutes` (a sign-in request past it sends nothing). */
  signInMailsPerMailbox: number;
  signInMailWindowMinutes: number;
  /** Shared counters between instances; without it each process counts on its own. */
  redisUrl?: string;
};

/** Allowed, or refused until `retryAfterMs` has passed. */
export type RateLimitOutcome = { ok: true } | { ok: false; retryAfterMs: number };

export type FormRateLimiter = {
  /**
   * Counts one submission of this client address and, when known, of this e-mail address. No known
   * address counts in one shared bucket: an unknown sender is limited together, never unlimited.
   */
  consume: (keys: { ip: string | null; email: string | null }) => Promise<RateLimitOutcome>;
  /** Whether one more sign-in e-mail may go to this mailbox now (counted when true). */
  allowSignInMail: (email: string) => Promise<boolean>;
  /** Resolves once the shared store is connected (at once without Redis); until then each instance counts alone. */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

/** The per-address bucket of every submission whose client address is not known. */
export const UNKNOWN_ADDRESS = 'unknown-address';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, so variants count as one: lower case, without a `+tag`
 * sub-address, and for Gmail without the dots it ignores (googlemail.com is gmail.com).
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at).split('+')[0] || address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.$/, '');
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * The key a client address is counted under: an IPv6 address by its /64 network (one subscriber's
 * share, whose 2^64 addresses would otherwise each get a count of their own), an IPv4-mapped one as
 * its IPv4 address, anything else as it is.
 */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (address.includes('.')) return address.toLowerCase();
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/** The domain a mailbox is on (`example.com`), for the per-domain cap. */
export const recipientDomainOf = (email: string): string => mailboxOf(email).split('@').at(-1) ?? '';

// Mailboxes are counted under a hash: the shared store never holds an address.
const hashed = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 32);
const emailKey = (email: string) => hashed(mailboxOf(email));

/** A client as it is counted (its address's key, or the unknown senders' shared one), hashed: stored with what it holds, never as an address. */
export const clientKeyOf = (ip: string | null): string => hashed(ip ? addressKey(ip) : UNKNOWN_ADDRESS);

function limiter(prefix: string, points: number, durationSeconds: number, redis: Redis | null): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix: prefix, points, duration: durationSeconds });
  if (!redis) return memory;
  // Redis unreachable: each instance goes on counting in memory rather than refusing every form.
  return new RateLimiterRedis({ storeClient: redis, keyPrefix: `cordee:rl:${prefix}`, points, duration: durationSeconds, insuranceLimiter: memory });
}

async function take(rateLimiter: RateLimiterAbstract, key: string): Promise<RateLimitOutcome> {
  try {
    await rateLimiter.consume(key);
    return { ok: true };
  } catch (rejection) {
    // A store error (not a refusal) lets the submission through: a form is never lost to the limiter.
    if (rejection instanceof RateLimiterRes) return { ok: false, retryAfterMs: rejection.msBeforeNext };
    return { ok: true };
  }
}

/**
 * ASVS 2.4 anti-automation: form submissions per client address and per e-mail address within a
 * window, in this process's memory, or in Redis (shared by every instance) when `redisUrl` is set.
 */
export function createFormRateLimiter(settings: RateLimitSettings): FormRateLimiter {
  const duration = settings.windowMinutes * 60;
  const redis = settings.redisUrl
    ? new Redis(settings.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000, lazyConnect: false })
    : null;
  // Without a listener, a Redis outage would crash the process; the insurance limiter takes over.
  redis?.on('error', () => undefined);
  const byIp = limiter('ip', settings.perIp, duration, redis);
  const byEmail = limiter('email', settings.perEmail, duration, redis);
  const byDomain = limiter('domain', settings.perRecipientDomainPerHour, 3600, redis);
  const signInMails = limiter('signin-mail', settings.signInMailsPerMailbox, settings.signInMailWindowMinutes * 60, redis);
  return {
    consume: async ({ ip, email }) => {
      const outcomes = await Promise.all([
        take(byIp, ip ? addressKey(ip) : UNKNOWN_ADDRESS),
        email ? take(byEmail, emailKey(email)) : { ok: true as const },
        email ? take(byDomain, hashed(recipientDomainOf(email))) : { ok: true as const },
      ]);
      const refused = outcomes.filter((outcome) => !outcome.ok);
      return refused.length === 0 ? { ok: true } : { ok: false, retryAfterMs: Math.max(...refused.map((outcome) => outcome.retryAfterMs)) };
    },
    allowSignInMail: async (email) => (await take(signInMails, emailKey(email))).ok,
    ready: () => (!redis || redis.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => redis.once('ready', () => resolve()))),
    close: async () => {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Whole minutes to wait, at least one (the message says 'try again in N minutes'). */
export function minutesToWait(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}
