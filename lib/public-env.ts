/**
 * The few settings the browser bundle needs, inlined by Next.js at build time (NEXT_PUBLIC_*).
 * Server settings live in lib/env.ts; this file is the one other place that reads process.env.
 */
export const publicEnv = {
  /** Sentry DSN for browser errors; without it the browser never loads or calls Sentry. */
  sentryDsn: process.env.NEXT_PUBLIC_SENTRY_DSN || undefined,
  sentryEnvironment: process.env.NEXT_PUBLIC_SENTRY_ENVIRONMENT || undefined,
};
