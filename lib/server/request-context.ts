import 'server-only';
import { headers } from 'next/headers';
import { env } from '../env';
import { clientIpFromHeaders } from '../geo/geolocation';
import { REQUEST_ID_HEADER, requestIdOf } from '../log';
import type { RequestOrigin } from '../security/submission-guard';
import { geolocationSettings } from '../site-config';

export type RequestContext = RequestOrigin & { ip: string | null; requestId: string };

/** What a Server Action needs to know of its request: origin headers, client address, request id. */
export async function requestContext(): Promise<RequestContext> {
  const list = await headers();
  return {
    origin: list.get('origin'),
    secFetchSite: list.get('sec-fetch-site'),
    host: list.get('x-forwarded-host') ?? list.get('host'),
    siteUrl: env.SITE_URL,
    ip: clientIpFromHeaders(list, geolocationSettings()),
    requestId: list.get(REQUEST_ID_HEADER) ?? requestIdOf(list),
  };
}
