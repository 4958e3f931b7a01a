import { getVisitorCountry } from '@/lib/server/visitor-country';

/**
 * The visitor's country (spec §7 geolocation), asked by a phone field when its form appears: pages
 * are cached for every visitor, so their forms start on the locale's country. Unlike
 * `/api/v3/geolocation`, an unknown country is an ordinary answer (null), not an error. Never cached.
 */
export async function GET() {
  return Response.json({ countryCode: await getVisitorCountry() }, { headers: { 'cache-control': 'private, no-store' } });
}
