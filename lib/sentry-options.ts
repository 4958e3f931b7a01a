import type { Breadcrumb, Event } from '@sentry/nextjs';
import { isSecretKey, REDACTED, scrubText, scrubUrl, scrubValue } from './security/redact';

/** spec §9 "Error reporting": all traces sampled, session replays 10 %, error replays 100 %, text masked. */
export const sentrySampling = {
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;

export const sentryReplayOptions = { maskAllText: true, blockAllMedia: true } as const;

/**
 * An error report without secrets (sign-in tokens in the page URL, session cookies, authorization
 * headers, e-mail bodies), for Sentry's `beforeSend` on the server and in the browser: the request's
 * URL and query are scrubbed, cookies and secret headers dropped, every string scrubbed.
 */
export function scrubEvent<E extends Event>(event: E): E {
  const request = event.request;
  if (request) {
    delete request.cookies;
    if (request.url) request.url = scrubUrl(request.url);
    if (typeof request.query_string === 'string') request.query_string = scrubUrl(`?${request.query_string}`).slice(1);
    else if (request.query_string) request.query_string = scrubValue(request.query_string);
    if (request.headers) {
      request.headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, isSecretKey(name) || name.toLowerCase() === 'x-forwarded-for' ? REDACTED : scrubText(String(value))]),
      );
    }
    if (request.data !== undefined) request.data = REDACTED;
  }
  return scrubValue(event);
}

/** A breadcrumb (navigation, fetch, console line) without secrets: URLs and messages scrubbed. */
export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  return scrubValue(breadcrumb);
}

/** The privacy hooks every Sentry.init receives. */
export const sentryPrivacy = {
  sendDefaultPii: false,
  beforeSend: <E extends Event>(event: E) => scrubEvent(event),
  beforeSendTransaction: <E extends Event>(event: E) => scrubEvent(event),
  beforeBreadcrumb: (breadcrumb: Breadcrumb) => scrubBreadcrumb(breadcrumb),
} as const;
