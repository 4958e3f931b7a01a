import { displayNames, numberFormat } from '../text/intl-cache';
import { minorUnitDigits, type Money } from './currency';

/**
 * A money amount written for the page's locale by Intl (fr `1 234 €`, en `€1,234`, es `1234 €`):
 * whole amounts without decimals, others with the currency's minor digits. The only place money
 * becomes text (conventions §7); the locale is always explicit.
 */
export function formatMoney(money: Money, locale: string): string {
  const digits = minorUnitDigits(money.currency);
  const unit = 10 ** digits;
  const whole = money.amountMinor % unit === 0;
  const fractionDigits = whole ? 0 : digits;
  return numberFormat(locale, { style: 'currency', currency: money.currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(money.amountMinor / unit);
}

/**
 * An amount as a person would type it in the locale, without the currency (fr `1 234,50`, en
 * `1,234.50`, es `1234,50`): what a money field starts from, and what lib/money/typed-amount.ts reads back.
 */
export function formatTypedAmount(money: Money, locale: string): string {
  const digits = minorUnitDigits(money.currency);
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(money.amountMinor / 10 ** digits);
}

/** Symbols per locale and currency, read once (the header's picker lists every currency on each page it renders). */
const symbols = new Map<string, string>();
const MAX_SYMBOLS = 4096;

/** The currency's symbol in the locale (`€`, `CHF`, `£`, `US$` in fr), as Intl writes it in prices. */
export function currencySymbol(currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let symbol = symbols.get(key);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'symbol' }).formatToParts(0);
    symbol = parts.find((part) => part.type === 'currency')?.value ?? currency;
    if (symbols.size < MAX_SYMBOLS) symbols.set(key, symbol);
  }
  return symbol;
}

/** The currency's name in the locale ("euro", "Schweizer Franken"…), the code when Intl has none. */
export function currencyName(currency: string, locale: string): string {
  try {
    return displayNames(locale, 'currency').of(currency) ?? currency;
  } catch {
    return currency;
  }
}
