import 'server-only';
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
    redisUrl: env.REDIS_URL,
  });
  return globalForLimiter.cordeeFormRateLimiter;
}

/** The minimum fill time of a form, from env. */
export const formMinFillMs = (): number => env.FORM_MIN_FILL_MS;
