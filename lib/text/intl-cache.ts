/**
 * Intl objects per locale and options, made once per process: each construction costs tens of
 * microseconds, and a page formats or names something on every card or row. Bounded: locales ×
 * a few option sets (and currencies, for numbers); past the bound an object is made and not kept.
 */
const MAX_PER_KIND = 1024;
const caches = new Map<string, Map<string, unknown>>();

function cached<T>(kind: string, key: string, make: () => T): T {
  let cache = caches.get(kind);
  if (!cache) caches.set(kind, (cache = new Map()));
  let value = cache.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    if (cache.size < MAX_PER_KIND) cache.set(key, value);
  }
  return value;
}

/** An Intl.NumberFormat for the locale and options, made once. */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  cached('number', `${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

/** An Intl.DateTimeFormat for the locale and options, made once. */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached('dateTime', `${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

/** An Intl.DisplayNames for the locale and type, made once. */
export const displayNames = (locale: string, type: Intl.DisplayNamesType): Intl.DisplayNames =>
  cached('displayNames', `${locale}|${type}`, () => new Intl.DisplayNames([locale], { type }));

/** An Intl.Collator for the locale, made once (String#localeCompare with a locale makes one per call). */
export const collator = (locale: string): Intl.Collator => cached('collator', locale, () => new Intl.Collator(locale));
