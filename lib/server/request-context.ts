import 'server-only';
import { headers } from 'next/headers';
import { isTokenShape, SESSION_COOKIE } from '../auth/tokens';
import { env } from '../env';
import { clientIpFromHeaders } from '../geo/geolocation';
import { REQUEST_ID_HEADER, requestIdOf } from '../log';
import type { RequestOrigin } from '../security/submission-guard';
import { geolocationSettings } from '../site-config';

export type RequestContext = RequestOrigin & { ip: string | null; requestId: string; sessionToken: string | null };

/** The session cookie's token as the request carries it (shape checked), else null. */
function sessionTokenOf(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index !== -1 && part.slice(0, index).trim() === SESSION_COOKIE) {
      const value = part.slice(index + 1).trim();
      return isTokenShape(value) ? value : null;
    }
  }
  return null;
}

/** What a Server Action needs to know of its request: origin headers, client address, request id, session token. */
export async function requestContext(): Promise<RequestContext> {
  const list = await headers();
  return {
    origin: list.get('origin'),
    secFetchSite: list.get('sec-fetch-site'),
    host: list.get('x-forwarded-host') ?? list.get('host'),
    siteUrl: env.SITE_URL,
    ip: clientIpFromHeaders(list, geolocationSettings()),
    requestId: list.get(REQUEST_ID_HEADER) ?? requestIdOf(list),
    sessionToken: sessionTokenOf(list.get('cookie')),
  };
}
