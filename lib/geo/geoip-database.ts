import { Reader, type CountryResponse } from 'mmdb-lib';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IpCountryLookup } from './geolocation';
import { logger } from '../log';

/**
 * The GeoIP country database shipped inside the `@ip-location-db/geo-whois-asn-country-mmdb` npm
 * package (CC0, IPv4 and IPv6, MaxMind DB format): nothing is downloaded at run time.
 */
export const defaultGeoIpDatabasePath = path.join(process.cwd(), 'node_modules', '@ip-location-db', 'geo-whois-asn-country-mmdb', 'geo-whois-asn-country.mmdb');

// The ip-location-db files hold a flat `{ country_code }` record rather than MaxMind's nested one.
type CountryRecord = { country_code?: string };
const readers = new Map<string, Reader<CountryResponse> | null>();

function openReader(file: string): Reader<CountryResponse> | null {
  if (!readers.has(file)) {
    try {
      readers.set(file, new Reader<CountryResponse>(readFileSync(file)));
    } catch (error) {
      logger().warn({ file, error }, 'GeoIP database unavailable; IP geolocation is off');
      readers.set(file, null);
    }
  }
  return readers.get(file) ?? null;
}

/** A lookup over the database file, opened once on first use; a missing file finds nothing. */
export function geoIpLookup(file: string = defaultGeoIpDatabasePath): IpCountryLookup {
  return (ip) => {
    try {
      const record = openReader(file)?.get(ip) as CountryRecord | null | undefined;
      return record?.country_code ?? null;
    } catch {
      return null;
    }
  };
}
