import { currencyChoiceOf, NO_CURRENCY_VALUES } from './currency-cookie';

/** Digits per currency code, read from Intl once (a NumberFormat per call cost every price tens of µs). */
const minorDigits = new Map<string, number>();
const MAX_CURRENCIES = 1024;

/**
 * Digits of a currency's minor unit (2 for EUR, 0 for JPY), from ISO 4217 as Intl knows it.
 * Money is stored and compared as integer minor units plus an ISO code (conventions §7).
 */
export function minorUnitDigits(currency: string): number {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    if (minorDigits.size < MAX_CURRENCIES) minorDigits.set(currency, digits);
  }
  return digits;
}

/** Major units (as written in data files) to integer minor units, rounding half up. */
export function toMinorUnits(amount: number, currency: string): number {
  const factor = 10 ** minorUnitDigits(currency);
  return Math.round(amount * factor);
}

/** An amount of money: integer minor units of an ISO 4217 currency (conventions §7). */
export type Money = { amountMinor: number; currency: string };

/** The currency every price falls back to (spec §8: geolocation failure, unsupported currency). */
export const FALLBACK_CURRENCY = 'USD';

/** spec §4: stored currency values that mean "no choice" (the currency then comes from the country). */
export { NO_CURRENCY_VALUES };

/** An ISO 4217 code (three letters), upper-cased, or null when the value is not one. */
export function normalizeCurrency(value: string): string | null {
  const code = value.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

/**
 * spec §4: a stored currency choice (cookie or local storage). `null`, `undefined`, `local`, empty
 * or absent mean no choice (null); so does anything that is not an ISO 4217 code of the closed list
 * (lib/money/currency-cookie.ts, the one rule the proxy, the front and the picker share).
 */
export function parseCurrencyChoice(value: string | null | undefined): string | null {
  return currencyChoiceOf(value);
}
