import { countries } from 'countries-list';

/** spec §3 country–currency table row, as `GET /api/v3/geolocation` answers it (spec §7). */
export type CountryCurrency = { countryCode: string; countryName: string; currencyCode: string };

const table = countries as Record<string, { name: string; currency: string[] }>;

/**
 * spec §3 country–currency table: the country's name (English) and main currency, or null for a
 * code that is not an ISO 3166 country. The same table is seeded into the database.
 */
export function countryCurrency(countryCode: string): CountryCurrency | null {
  const code = countryCode.trim().toUpperCase();
  const country = Object.hasOwn(table, code) ? table[code] : undefined;
  const currencyCode = country?.currency[0];
  if (!country || !currencyCode) return null;
  return { countryCode: code, countryName: country.name, currencyCode };
}
