import { countryCurrency } from '@/lib/money/country-currency';
import { geolocateRequest } from '@/lib/site-config';

export const dynamic = 'force-dynamic';

/**
 * spec §7 `GET /api/v3/geolocation`: `{ countryCode, countryName, currencyCode }` for the caller's
 * country (trusted CDN header, else the client address in the shipped GeoIP database). When the
 * country cannot be found the answer is a 404 with an error shape, which callers treat as spec §8's
 * geolocation failure (currency USD).
 */
export function GET(request: Request) {
  const location = geolocateRequest(request.headers);
  const country = location.ok ? countryCurrency(location.countryCode) : null;
  const noStore = { 'Cache-Control': 'private, no-store', Vary: '*' };
  if (!country) {
    const reason = location.ok ? 'unknown-country' : location.reason;
    return Response.json(
      { error: { code: 'GEOLOCATION_FAILED', reason, message: 'The country of this request could not be determined.' } },
      { status: 404, headers: noStore },
    );
  }
  return Response.json(country, { headers: noStore });
}
