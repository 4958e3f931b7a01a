import 'server-only';
import { clientIpFromHeaders } from '../geo/geolocation';
import { geolocationSettings } from '../site-config';
import { rateLimiter } from './form-guard';
import { secondsToWait, type LimitedEndpoint } from './rate-limit';

/**
 * Counts one request of this client to a limited endpoint (docs/decisions/0274): null when it may
 * go on, else the answer to send, 429 with Retry-After (RFC 6585), kept by no cache.
 */
export async function refusedByLimit(endpoint: LimitedEndpoint, request: Request): Promise<Response | null> {
  const outcome = await rateLimiter().consumeEndpoint(endpoint, clientIpFromHeaders(request.headers, geolocationSettings()));
  if (outcome.ok) return null;
  return Response.json({ error: 'rateLimited' }, { status: 429, headers: { 'retry-after': String(secondsToWait(outcome.retryAfterMs)), 'cache-control': 'no-store' } });
}
