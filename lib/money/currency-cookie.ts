// The one reader of the `currency` cookie (spec §4), shared by the front of scripts/serve.ts, the
// proxy and the currency picker: when they read a Cookie header differently (the first value, or
// the last), one visitor's page can be filed under another's currency. The front loads it outside
// the app's bundles (Node strips its types).

export const CURRENCY_COOKIE = 'currency' as const;

/** spec §4: stored values that mean "no choice" (the currency then comes from the country). */
export const NO_CURRENCY_VALUES = Object.freeze(['null', 'undefined', 'local', '']);

/**
 * The closed list of currency codes a visitor may choose: ISO 4217 as the runtime's Intl knows it
 * (a browser without `Intl.supportedValuesOf` checks the code's shape only: it only mirrors the cookie).
 */
const KNOWN_CURRENCIES = typeof Intl.supportedValuesOf === 'function' ? new Set(Intl.supportedValuesOf('currency')) : null;

/** At most this many cookie pairs are read from one header (a browser sends far fewer). */
const MAX_COOKIE_PAIRS = 200;

/** Every value of the cookie `name` in a Cookie header, in order (trimmed). */
export function cookieValues(header: string | null | undefined, name: string): string[] {
  if (typeof header !== 'string' || header === '') return [];
  const values = [];
  const parts = header.split(';', MAX_COOKIE_PAIRS);
  for (const part of parts) {
    const index = part.indexOf('=');
    if (index !== -1 && part.slice(0, index).trim() === name) values.push(part.slice(index + 1).trim());
  }
  return values;
}

/**
 * spec §4: a stored currency choice (cookie or local storage): an ISO 4217 code of the closed list,
 * upper-cased; `null`, `undefined`, `local`, empty, absent or anything else is no choice (null).
 */
export function currencyChoiceOf(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const unquoted = value.trim().replace(/^"(.*)"$/, '$1').trim();
  if (NO_CURRENCY_VALUES.includes(unquoted.toLowerCase())) return null;
  const code = unquoted.toUpperCase();
  return /^[A-Z]{3}$/.test(code) && (KNOWN_CURRENCIES?.has(code) ?? true) ? code : null;
}

/**
 * The visitor's currency choice from a Cookie header. A cookie sent twice with different choices
 * (`currency=; currency=JPY`, `currency=EUR; currency=JPY`) is ambiguous: no choice, and such a
 * request is never stored in nor answered from a shared cache (parsers disagree on which one wins).
 */
export function readCurrencyCookie(header: string | null | undefined): { present: boolean; ambiguous: boolean; choice: string | null } {
  const values = cookieValues(header, CURRENCY_COOKIE);
  if (values.length === 0) return { present: false, ambiguous: false, choice: null };
  const choices = new Set(values.map(currencyChoiceOf));
  if (choices.size > 1) return { present: true, ambiguous: true, choice: null };
  return { present: true, ambiguous: false, choice: [...choices][0] ?? null };
}
