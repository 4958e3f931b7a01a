import { minorUnitDigits, type Money } from './currency';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * A money amount written for the page's locale by Intl (fr `1 234 €`, en `€1,234`, es `1234 €`):
 * whole amounts without decimals, others with the currency's minor digits. The only place money
 * becomes text (conventions §7); the locale is always explicit.
 */
export function formatMoney(money: Money, locale: string): string {
  const digits = minorUnitDigits(money.currency);
  const unit = 10 ** digits;
  const whole = money.amountMinor % unit === 0;
  return formatter(locale, money.currency, whole ? 0 : digits).format(money.amountMinor / unit);
}

/** The currency's symbol in the locale (`€`, `CHF`, `£`, `US$` in fr), as Intl writes it in prices. */
export function currencySymbol(currency: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'symbol' }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** The currency's name in the locale ("euro", "Schweizer Franken"…), the code when Intl has none. */
export function currencyName(currency: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}
