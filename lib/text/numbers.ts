/**
 * Numbers written in a sentence, in the reader's locale (Intl): "4,5" in French and Spanish,
 * "4.5" in English. ICU's bare `{rating}` does not localise a number, so pages pass these.
 */
export function formatDecimal(value: number, locale: string, fractionDigits = 1): string {
  return numberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: fractionDigits }).format(value);
}

/**
 * Number formats per locale and options, made once per process: a list page formats a number (a
 * price, a rating, a distance) on every card. Bounded: locales × currencies × a few option sets.
 */
const formats = new Map<string, Intl.NumberFormat>();
const MAX_FORMATS = 1024;

/** An Intl.NumberFormat for the locale and options, made once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    if (formats.size < MAX_FORMATS) formats.set(key, format);
  }
  return format;
}

/** An average rating out of 5, one decimal at most: "4,5". */
export const formatRating = (value: number, locale: string) => formatDecimal(value, locale, 1);
