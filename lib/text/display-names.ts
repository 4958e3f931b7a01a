/**
 * Intl.DisplayNames per locale and type, made once per process: each construction costs tens of
 * microseconds, and a list page names a country on every card. Bounded: only a few locales exist.
 */
const namers = new Map<string, Intl.DisplayNames>();
const MAX_NAMERS = 64;

export function displayNames(locale: string, type: Intl.DisplayNamesType): Intl.DisplayNames {
  const key = `${locale}|${type}`;
  let namer = namers.get(key);
  if (!namer) {
    namer = new Intl.DisplayNames([locale], { type });
    if (namers.size < MAX_NAMERS) namers.set(key, namer);
  }
  return namer;
}

/** A country's name in the locale (ISO 3166 alpha-2), the code when Intl has none. */
export function regionName(code: string, locale: string): string {
  return displayNames(locale, 'region').of(code) ?? code;
}
