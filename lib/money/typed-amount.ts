import type { Locale } from '../locales';
import { minorUnitDigits } from './currency';

/** How each locale writes an amount: its decimal mark, and the marks that may group its thousands. */
const MARKS: Record<Locale, { decimal: string; groups: string }> = {
  en: { decimal: '.', groups: ',' },
  // A space, a no-break space or a narrow no-break space (what Intl writes in French).
  fr: { decimal: ',', groups: ' \u00a0\u202f' },
  es: { decimal: ',', groups: '.' },
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** Per locale: digits grouped by three with its marks (or not grouped at all), then its decimal mark and the decimals. */
const patterns = Object.fromEntries(
  Object.entries(MARKS).map(([locale, { decimal, groups }]) => {
    const group = `[${escaped(groups)}]`;
    return [locale, new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${escaped(decimal)}(\\d+))?$`, 'u')];
  }),
) as Record<Locale, RegExp>;

/**
 * An amount as a person types it in their locale ("1,234.56" in en; "1 234,56" in fr, with normal,
 * no-break or narrow no-break spaces; "1.234,56" in es), as a plain decimal text ("1234.56"); null for
 * anything else: a sign, an exponent, hex, another locale's marks, thousands grouped wrongly.
 */
export function readTypedAmount(text: string, locale: Locale): string | null {
  const match = patterns[locale].exec(text.trim());
  if (!match) return null;
  const whole = match[1]!.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return match[2] === undefined ? whole : `${whole}.${match[2]}`;
}

/**
 * A plain decimal text of major units ("1234.56") to integer minor units of `currency`, exactly:
 * null when it has more decimals than the currency has (0.005 EUR, 10.5 JPY) or is too large, so
 * nothing ever acts on a rounded amount nobody typed.
 */
export function typedMinorUnits(decimal: string, currency: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal);
  const digits = minorUnitDigits(currency);
  if (!match || (match[2] ?? '').length > digits) return null;
  const minor = Number(`${match[1]}${(match[2] ?? '').padEnd(digits, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}
