/**
 * The few settings the browser bundle needs, inlined by Next.js at build time (NEXT_PUBLIC_*).
 * Server settings live in lib/env.ts; this file is the one other place that reads process.env.
 * The analytics, experiment, chatbot and Speed Insights settings (NEXT_PUBLIC_AMPLITUDE_*,
 * NEXT_PUBLIC_EXPERIMENT_*, NEXT_PUBLIC_DEPOSIT_BANNER_*, NEXT_PUBLIC_CHATBOT_SCRIPT_URL,
 * NEXT_PUBLIC_SPEED_INSIGHTS) are not inlined here: lib/env.ts reads them when a page is served and
 * the page hands them to the browser, so changing them needs no rebuild.
 */
export const publicEnv = {
  /** Sentry DSN for browser errors; without it the browser never loads or calls Sentry. */
  sentryDsn: process.env.NEXT_PUBLIC_SENTRY_DSN || undefined,
  sentryEnvironment: process.env.NEXT_PUBLIC_SENTRY_ENVIRONMENT || undefined,
};
