/** The base currency of the ECB euro reference rates. */
export const RATES_BASE = 'EUR';

/**
 * Exchange rates: units of each currency for one euro, as exact decimal text (never floats),
 * with the day they were published.
 */
export type ExchangeRates = {
  readonly base: typeof RATES_BASE;
  readonly date: string;
  readonly rates: Readonly<Record<string, string>>;
};

/** Supported currencies: every currency that has a rate, and the base (issue: money). Sorted. */
export function supportedCurrencies(rates: ExchangeRates): string[] {
  return [RATES_BASE, ...Object.keys(rates.rates)].sort();
}

/** Whether an amount in this currency can be converted with these rates. */
export function hasRate(rates: ExchangeRates, currency: string): boolean {
  return currency === RATES_BASE || rates.rates[currency] !== undefined;
}
