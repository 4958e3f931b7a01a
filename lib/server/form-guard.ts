import 'server-only';
import { SIGN_IN_LINK_TTL_MS } from '../auth/tokens';
import { env } from '../env';
import { createFormRateLimiter, type FormRateLimiter } from './rate-limit';

// One limiter per process (on globalThis: Server Actions may be bundled more than once).
const globalForLimiter = globalThis as unknown as { cordeeFormRateLimiter?: FormRateLimiter };

/** The form submissions' rate limiter, configured from env (Redis with REDIS_URL, else memory). */
export function formRateLimiter(): FormRateLimiter {
  globalForLimiter.cordeeFormRateLimiter ??= createFormRateLimiter({
    perIp: env.RATE_LIMIT_PER_IP,
    perEmail: env.RATE_LIMIT_PER_EMAIL,
    windowMinutes: env.RATE_LIMIT_WINDOW_MINUTES,
    perRecipientDomainPerHour: env.RATE_LIMIT_PER_RECIPIENT_DOMAIN,
    // Past it a request sends nothing (the links already sent still open the account), so requests
    // for someone else's address never lock them out.
    signInMailsPerMailbox: env.RATE_LIMIT_SIGN_IN_MAILS,
    signInMailWindowMinutes: SIGN_IN_LINK_TTL_MS / 60_000,
    redisUrl: env.REDIS_URL,
  });
  return globalForLimiter.cordeeFormRateLimiter;
}

/** The minimum fill time of a form, from env. */
export const formMinFillMs = (): number => env.FORM_MIN_FILL_MS;
