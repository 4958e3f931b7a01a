import 'server-only';
import { clientIpFromHeaders } from '../geo/geolocation';
import { geolocationSettings } from '../site-config';
import { rateLimiter } from './form-guard';
import { secondsToWait, type LimitedEndpoint } from './rate-limit';

/**
 * Counts one request of this client to a limited endpoint (docs/decisions/0274): null when it may
 * go on, else the answer to send, 429 with Retry-After (RFC 6585), kept by no cache; `message`
 * adds the sentence a page shows its visitor, in their language.
 */
export async function refusedByLimit(endpoint: LimitedEndpoint, request: Request, message?: (seconds: number) => Promise<string>): Promise<Response | null> {
  const outcome = await rateLimiter().consumeEndpoint(endpoint, clientIpFromHeaders(request.headers, geolocationSettings()));
  if (outcome.ok) return null;
  const seconds = secondsToWait(outcome.retryAfterMs);
  const body = message ? { error: 'rateLimited', message: await message(seconds) } : { error: 'rateLimited' };
  return Response.json(body, { status: 429, headers: { 'retry-after': String(seconds), 'cache-control': 'no-store' } });
}
