import 'server-only';
import { SIGN_IN_LINK_TTL_MS } from '../auth/tokens';
import { env } from '../env';
import { createRateLimiter, type RateLimiter } from './rate-limit';

// One limiter per process (on globalThis: Server Actions and route handlers may be bundled more than once).
const globalForLimiter = globalThis as unknown as { cordeeRateLimiter?: RateLimiter };

/** The rate limiter of forms and limited endpoints, configured from env (Redis with REDIS_URL, else memory). */
export function rateLimiter(): RateLimiter {
  globalForLimiter.cordeeRateLimiter ??= createRateLimiter({
    perIp: env.RATE_LIMIT_PER_IP,
    perEmail: env.RATE_LIMIT_PER_EMAIL,
    windowMinutes: env.RATE_LIMIT_WINDOW_MINUTES,
    perClientDomainPerHour: env.RATE_LIMIT_PER_CLIENT_DOMAIN,
    // Past it a request sends nothing (the links already sent still open the account), and it counts
    // per requesting client, so requests for someone else's address never lock them out.
    signInMailsPerAddress: env.RATE_LIMIT_SIGN_IN_MAILS,
    signInMailWindowMinutes: SIGN_IN_LINK_TTL_MS / 60_000,
    endpointsPerMinute: { suggest: env.RATE_LIMIT_SUGGEST_PER_MINUTE, socialImage: env.RATE_LIMIT_SOCIAL_IMAGES_PER_MINUTE, search: env.RATE_LIMIT_SEARCH_PER_MINUTE },
    photoUploadsPerHour: env.RATE_LIMIT_PHOTO_UPLOADS_PER_HOUR,
    redisUrl: env.REDIS_URL,
  });
  return globalForLimiter.cordeeRateLimiter;
}

/** The minimum fill time of a form, from env. */
export const formMinFillMs = (): number => env.FORM_MIN_FILL_MS;
