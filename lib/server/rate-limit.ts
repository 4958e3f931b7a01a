import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { normalizeEmail } from '../auth/tokens';

/** Public endpoints without a form that answer from the server's CPU or database: each has a per-client limit. */
export const limitedEndpoints = ['suggest', 'socialImage', 'search'] as const;
export type LimitedEndpoint = (typeof limitedEndpoints)[number];

export type RateLimitSettings = {
  perIp: number;
  perEmail: number;
  windowMinutes: number;
  /** Sent submissions per hour from one client address that e-mail addresses of one domain the visitor typed. */
  perClientDomainPerHour: number;
  /** Sign-in e-mails to one address asked by one client address within `signInMailWindowMinutes` (past it a request sends nothing). */
  signInMailsPerAddress: number;
  signInMailWindowMinutes: number;
  /** Requests per minute of one client address to each limited endpoint. */
  endpointsPerMinute: Record<LimitedEndpoint, number>;
  /** Trip photos one signed-in account may upload per hour (default 60). */
  photoUploadsPerHour?: number;
  /** Shared counters between instances; without it each process counts on its own. */
  redisUrl?: string;
};

/** Allowed, or refused until `retryAfterMs` has passed. */
export type RateLimitOutcome = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Allowed, with points taken from budgets other clients share (a mailbox's, a sign-in address's):
 * `release` gives them back when the submission sent nothing, so only what was sent spends them.
 */
export type Reservation = { ok: true; release: () => Promise<void> } | { ok: false; retryAfterMs: number };

export type RateLimiter = {
  /**
   * Counts one form submission of this client address (refused or not, it is the client's own
   * budget); then, when it passed and an e-mail address was typed, reserves one point of that
   * mailbox's budget and of this client's budget for the address's domain. A refusal there gives
   * back what was taken, so a refused submission spends nothing shared. No known address counts in
   * one shared bucket: an unknown sender is limited together, never unlimited.
   */
  consume: (keys: { ip: string | null; email: string | null }) => Promise<Reservation>;
  /** Reserves one sign-in e-mail to this address (normalizeEmail) at this client's request. */
  reserveSignInMail: (keys: { ip: string | null; email: string }) => Promise<Reservation>;
  /** Counts one request of this client address to a limited endpoint. */
  consumeEndpoint: (endpoint: LimitedEndpoint, ip: string | null) => Promise<RateLimitOutcome>;
  /** Counts `count` photo uploads of one account (its user id): all or none of them pass. */
  consumePhotoUploads: (userId: number, count: number) => Promise<RateLimitOutcome>;
  /** Resolves once the shared store is connected (at once without Redis); until then each instance counts alone. */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

/** The per-address bucket of every submission whose client address is not known. */
export const UNKNOWN_ADDRESS = 'unknown-address';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, so variants count as one against the forms' per-mailbox
 * limit: lower case, without a `+tag` sub-address, and for Gmail without the dots it ignores
 * (googlemail.com is gmail.com). A guess about the receiving server, good enough to bound mail to
 * an inbox; never an account's identity (that is normalizeEmail's address, as typed).
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

/** The domain a mailbox is on (`example.com`), for the per-domain budget. */
export const recipientDomainOf = (email: string): string => mailboxOf(email).split('@').at(-1) ?? '';

// Addresses are counted under a hash: the shared store never holds an e-mail address.
const hashed = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 32);
const clientKey = (ip: string | null) => (ip ? addressKey(ip) : UNKNOWN_ADDRESS);

/** A client as it is counted (its address's key, or the unknown senders' shared one), hashed: stored with what it holds, never as an address. */
export const clientKeyOf = (ip: string | null): string => hashed(ip ? addressKey(ip) : UNKNOWN_ADDRESS);

function limiter(prefix: string, points: number, durationSeconds: number, redis: Redis | null): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix: prefix, points, duration: durationSeconds });
  if (!redis) return memory;
  // Redis unreachable: each instance goes on counting in memory rather than refusing every form.
  return new RateLimiterRedis({ storeClient: redis, keyPrefix: `cordee:rl:${prefix}`, points, duration: durationSeconds, insuranceLimiter: memory });
}

const nothingToRelease = async () => undefined;

/**
 * Takes one point of `key`; `release` gives it back while its window lasts (a new window owes
 * nothing). `shared`: a budget other clients share, where a refusal gives back the point the store
 * counted for it too, so refused attempts never keep it full once what was sent is released.
 */
async function take(rateLimiter: RateLimiterAbstract, key: string, { shared = false } = {}): Promise<Reservation> {
  try {
    const taken = await rateLimiter.consume(key);
    const windowEnds = Date.now() + taken.msBeforeNext;
    let released = false;
    return {
      ok: true,
      release: async () => {
        if (released || Date.now() >= windowEnds) return;
        released = true;
        await rateLimiter.reward(key, 1).catch(() => undefined);
      },
    };
  } catch (rejection) {
    // A store error (not a refusal) lets the submission through: a form is never lost to the limiter.
    if (!(rejection instanceof RateLimiterRes)) return { ok: true, release: nothingToRelease };
    if (shared) await rateLimiter.reward(key, 1).catch(() => undefined);
    return { ok: false, retryAfterMs: rejection.msBeforeNext };
  }
}

type Taken = Extract<Reservation, { ok: true }>;
type Refused = Extract<Reservation, { ok: false }>;

/** Every budget's point taken, or none: a refusal gives back the points the others took. */
async function takeAll(taking: Promise<Reservation>[]): Promise<Reservation> {
  const outcomes = await Promise.all(taking);
  const taken = outcomes.filter((outcome): outcome is Taken => outcome.ok);
  const releaseAll = async () => void (await Promise.all(taken.map((outcome) => outcome.release())));
  if (taken.length === outcomes.length) return { ok: true, release: releaseAll };
  await releaseAll();
  const refused = outcomes.filter((outcome): outcome is Refused => !outcome.ok);
  return { ok: false, retryAfterMs: Math.max(...refused.map((outcome) => outcome.retryAfterMs)) };
}

/**
 * ASVS 2.4 anti-automation: form submissions per client address, per e-mail address (mailbox) and
 * per client and recipient domain; sign-in e-mails per address and client; requests to the limited
 * endpoints per client. In this process's memory, or in Redis (shared by every instance) when
 * `redisUrl` is set. Budgets other clients share are spent only by what was sent (docs/decisions/0270).
 */
export function createRateLimiter(settings: RateLimitSettings): RateLimiter {
  const duration = settings.windowMinutes * 60;
  const redis = settings.redisUrl
    ? new Redis(settings.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000, lazyConnect: false })
    : null;
  // Without a listener, a Redis outage would crash the process; the insurance limiter takes over.
  redis?.on('error', () => undefined);
  const byIp = limiter('ip', settings.perIp, duration, redis);
  const byEmail = limiter('email', settings.perEmail, duration, redis);
  const byClientDomain = limiter('client-domain', settings.perClientDomainPerHour, 3600, redis);
  const signInMails = limiter('signin-mail', settings.signInMailsPerAddress, settings.signInMailWindowMinutes * 60, redis);
  const endpoints = Object.fromEntries(limitedEndpoints.map((endpoint) => [endpoint, limiter(`endpoint-${endpoint}`, settings.endpointsPerMinute[endpoint], 60, redis)])) as Record<LimitedEndpoint, RateLimiterAbstract>;
  const photoUploads = limiter('photo-uploads', settings.photoUploadsPerHour ?? 60, 3600, redis);
  return {
    consume: async ({ ip, email }) => {
      const client = clientKey(ip);
      const own = await take(byIp, client);
      if (!own.ok || !email) return own.ok ? { ok: true, release: nothingToRelease } : own;
      return takeAll([take(byEmail, hashed(mailboxOf(email)), { shared: true }), take(byClientDomain, `${hashed(recipientDomainOf(email))}:${client}`, { shared: true })]);
    },
    reserveSignInMail: ({ ip, email }) => take(signInMails, `${hashed(normalizeEmail(email))}:${clientKey(ip)}`, { shared: true }),
    consumeEndpoint: async (endpoint, ip) => {
      const outcome = await take(endpoints[endpoint], clientKey(ip));
      return outcome.ok ? { ok: true } : outcome;
    },
    consumePhotoUploads: async (userId, count) => {
      try {
        await photoUploads.consume(`user-${userId}`, count);
        return { ok: true };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) return { ok: true };
        // A refused batch stores nothing: its points go back, so the smaller batch after it can pass.
        await photoUploads.reward(`user-${userId}`, count).catch(() => undefined);
        return { ok: false, retryAfterMs: rejection.msBeforeNext };
      }
    },
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

/** Whole seconds to wait, at least one, for a Retry-After header (RFC 9110 §10.2.3). */
export function secondsToWait(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}
