import { FALLBACK_CURRENCY, parseCurrencyChoice } from './currency';
import { countryCurrency } from './country-currency';

/** Where the visitor's currency came from. */
export type CurrencySource = 'cookie' | 'country' | 'fallback';
export type VisitorCurrency = { code: string; source: CurrencySource };

/**
 * spec §4/§8: the currency the visitor asked for, before knowing the rates: the `currency` cookie
 * when it holds a choice (null, undefined, local or empty are no choice), else the currency of the
 * visitor's country, else USD (geolocation failed). `country` is only called when needed.
 */
export function requestedCurrency(cookie: string | null | undefined, country: () => string | null): VisitorCurrency {
  const chosen = parseCurrencyChoice(cookie);
  if (chosen) return { code: chosen, source: 'cookie' };
  const countryCode = country();
  const fromCountry = countryCode ? countryCurrency(countryCode)?.currencyCode : undefined;
  return fromCountry ? { code: fromCountry, source: 'country' } : { code: FALLBACK_CURRENCY, source: 'fallback' };
}

/**
 * spec §8 "Country's currency unsupported → USD": a currency detected from the country that has no
 * rate becomes USD. A currency the visitor chose stays, even without a rate: prices then show in each
 * trip's original currency (spec §4).
 */
export function visitorCurrency(requested: VisitorCurrency, supported: readonly string[]): VisitorCurrency {
  if (requested.source === 'country' && !supported.includes(requested.code)) return { code: FALLBACK_CURRENCY, source: 'fallback' };
  return requested;
}

const HEADER_SEPARATOR = ';';

/** The request header value proxy.ts passes to server components: `CHF;country`. */
export function encodeVisitorCurrency(currency: VisitorCurrency): string {
  return `${currency.code}${HEADER_SEPARATOR}${currency.source}`;
}

/** Reads {@link encodeVisitorCurrency}'s value; USD/fallback when absent or malformed. */
export function decodeVisitorCurrency(value: string | null | undefined): VisitorCurrency {
  const [code, source] = (value ?? '').split(HEADER_SEPARATOR);
  const parsed = parseCurrencyChoice(code);
  if (parsed && (source === 'cookie' || source === 'country' || source === 'fallback')) return { code: parsed, source };
  return { code: FALLBACK_CURRENCY, source: 'fallback' };
}

/** Request header through which proxy.ts hands the visitor's currency to pages (always overwritten, never trusted from the client). */
export const VISITOR_CURRENCY_HEADER = 'x-visitor-currency';
