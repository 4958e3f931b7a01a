import { numberFormat } from './intl-cache';

/**
 * Numbers written in a sentence, in the reader's locale (Intl): "4,5" in French and Spanish,
 * "4.5" in English. ICU's bare `{rating}` does not localise a number, so pages pass these.
 */
export function formatDecimal(value: number, locale: string, fractionDigits = 1): string {
  return numberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: fractionDigits }).format(value);
}

/** An average rating out of 5, one decimal at most: "4,5". */
export const formatRating = (value: number, locale: string) => formatDecimal(value, locale, 1);
