// `npm run gazetteer:generate`: writes lib/search/data/countries.json, the countries of the search's
// bundled gazetteer (places are resolved without a third-party geocoder), from the
// `world-countries` package (ODbL). Run again after upgrading that package; the output is committed.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import countries from 'world-countries';
import { letterCount, normalizePlaceText } from '../lib/search/place-text';

const MIN_RADIUS_METERS = 30_000;
const MAX_RADIUS_METERS = 2_000_000;
// The package gives no area for these (area -1); figures in km² from the national statistics.
const MISSING_AREAS_KM2: Readonly<Record<string, number>> = { SJ: 61_022 };

// Native names that are also everyday words in English, French or Spanish ('Ísland' would turn
// 'island' into Iceland).
const COMMON_WORDS = new Set(['island', 'mann', 'salvador']);

const isLatinScript = (text: string) => /\p{Script=Latin}/u.test(text) && !/[^\p{Script=Latin}\p{Script=Common}\p{M}]/u.test(text);

type CountryRow = {
  id: string;
  kind: 'country';
  names: { en: string; fr: string; es: string };
  aliases: string[];
  countryCode: string;
  lat: number;
  lng: number;
  radiusMeters: number;
};

function radiusOf(code: string, areaKm2: number): number {
  const area = areaKm2 > 0 ? areaKm2 : (MISSING_AREAS_KM2[code] ?? 0);
  const radius = Math.sqrt(area / Math.PI) * 1000;
  return Math.round(Math.min(MAX_RADIUS_METERS, Math.max(MIN_RADIUS_METERS, radius)));
}

const rows: CountryRow[] = countries
  .map((country) => {
    const names = {
      en: country.name.common,
      fr: country.translations.fra?.common ?? country.name.common,
      es: country.translations.spa?.common ?? country.name.common,
    };
    const candidates = [
      country.name.official,
      ...country.altSpellings,
      ...Object.values(country.name.native ?? {}).map((native) => native.common),
    ];
    const seen = new Set(Object.values(names).map(normalizePlaceText));
    const aliases: string[] = [];
    for (const candidate of candidates) {
      const key = normalizePlaceText(candidate);
      if (letterCount(key) < 3 || !isLatinScript(candidate) || COMMON_WORDS.has(key) || seen.has(key)) continue;
      seen.add(key);
      aliases.push(candidate);
    }
    const [lat, lng] = country.latlng;
    return {
      id: `country-${country.cca2.toLowerCase()}`,
      kind: 'country' as const,
      names,
      aliases,
      countryCode: country.cca2,
      lat,
      lng,
      radiusMeters: radiusOf(country.cca2, country.area),
    };
  })
  .sort((a, b) => a.countryCode.localeCompare(b.countryCode));

// An alias shared by two countries (the Congos' "Congo") would resolve at random: drop it from both.
const owners = new Map<string, Set<string>>();
for (const row of rows) {
  for (const text of [...Object.values(row.names), ...row.aliases]) {
    const key = normalizePlaceText(text);
    owners.set(key, (owners.get(key) ?? new Set()).add(row.countryCode));
  }
}
for (const row of rows) row.aliases = row.aliases.filter((alias) => owners.get(normalizePlaceText(alias))!.size === 1);

const target = fileURLToPath(new URL('../lib/search/data/countries.json', import.meta.url));
writeFileSync(target, `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`);
console.log(`Wrote ${rows.length} countries to ${target}.`);
