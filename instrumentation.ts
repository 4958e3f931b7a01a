import type { Instrumentation } from 'next';

/** Server-side Sentry: initialised only with SENTRY_DSN, so without it nothing is sent anywhere. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { env } = await import('./lib/env');
    if (!env.SENTRY_DSN) return;
    const Sentry = await import('@sentry/nextjs');
    const { sentrySampling } = await import('./lib/sentry-options');
    Sentry.init({
      dsn: env.SENTRY_DSN,
      environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
      tracesSampleRate: sentrySampling.tracesSampleRate,
    });
  }
}

/** spec §2: a rendering crash is reported to the error-reporting service. */
export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const Sentry = await import('@sentry/nextjs');
  Sentry.captureRequestError(...args);
};
