import type { Instrumentation } from 'next';

/**
 * Server start: the exchange-rates schedule (with RATES_URL), the e-mail outbox worker (with
 * SMTP_URL), the scheduled checks (reply promise, lapsed open-group holds, photo files left by a failed delete, payments), and
 * server-side Sentry, initialised only with SENTRY_DSN, so without it nothing is sent anywhere.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { env } = await import('./lib/env');
    // Exchange rates from RATES_URL on a schedule, while serving (never during `next build`).
    if (env.RATES_URL && env.DATABASE_URL && env.NEXT_PHASE !== 'phase-production-build') {
      const { scheduleExchangeRatesRefresh } = await import('./lib/db/exchange-rates');
      const { getDb } = await import('./lib/db/client');
      scheduleExchangeRatesRefresh(getDb(), env.RATES_URL, { intervalMs: env.RATES_REFRESH_MINUTES * 60_000, timeoutMs: env.RATES_TIMEOUT_MS });
    }
    // The e-mail outbox: sent through SMTP_URL while serving; without it, e-mails wait in the outbox.
    if (env.DATABASE_URL && env.NEXT_PHASE !== 'phase-production-build') {
      const { getDb } = await import('./lib/db/client');
      const outbox = await import('./lib/mail/worker');
      if (env.SMTP_URL) {
        const { createMailSender } = await import('./lib/mail/transport');
        const sender = createMailSender(env.SMTP_URL, { from: env.MAIL_FROM });
        outbox.startOutboxWorker(getDb(), { pollMs: env.OUTBOX_POLL_MS, send: sender.send });
        outbox.stopOutboxWorkerOnSignals();
        outbox.logJsonLine({ level: 'info', msg: 'outbox worker started', smtpHost: new URL(env.SMTP_URL).host, pollMs: env.OUTBOX_POLL_MS });
      } else {
        void outbox.logOutboxKept(getDb());
      }
      // The guides' 24-hour reply promise (reminders, escalation to support).
      const { scheduleReplyPromise } = await import('./lib/server/reply-promise');
      scheduleReplyPromise(getDb());
      // Open-group joins whose address was not confirmed in time: their seats go back, the waitlist moves up.
      const { scheduleJoinHolds } = await import('./lib/server/join-holds');
      scheduleJoinHolds(getDb());
      // Files of deleted photos whose delete failed: retried until the store deletes them.
      const { scheduleMediaOrphanSweep } = await import('./lib/media/orphan-sweep');
      scheduleMediaOrphanSweep(getDb());
      // Online payment (with STRIPE_SECRET_KEY): lapsed deposits, due remainders, reconciliation, refunds.
      if (env.STRIPE_SECRET_KEY) {
        const { schedulePayments } = await import('./lib/payments/online-payments');
        schedulePayments(getDb());
      }
    }
    if (!env.SENTRY_DSN) return;
    const Sentry = await import('@sentry/nextjs');
    const { sentryPrivacy, sentrySampling } = await import('./lib/sentry-options');
    Sentry.init({
      dsn: env.SENTRY_DSN,
      environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
      tracesSampleRate: sentrySampling.tracesSampleRate,
      ...sentryPrivacy,
    });
  }
}

/** spec §2: a rendering crash is reported to the error-reporting service. */
export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [error, request, context] = args;
  const { errorFields, REQUEST_ID_HEADER, requestLogger } = await import('./lib/log');
  const requestId = request.headers[REQUEST_ID_HEADER];
  requestLogger(typeof requestId === 'string' ? requestId : 'none').error(
    { ...errorFields(error), path: request.path, method: request.method, route: context.routePath, routeType: context.routeType },
    'request failed',
  );
  const Sentry = await import('@sentry/nextjs');
  Sentry.captureRequestError(...args);
};
