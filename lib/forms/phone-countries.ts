import { collator, displayNames } from '../text/intl-cache';
import { callingCodes } from './calling-codes';

/** A phone field's country choice: its region code and what the list shows ("France (+33)"). */
export type PhoneCountryOption = { code: string; label: string };

/**
 * Every country with its calling code, by name in the locale's language and order. Made on the
 * server at build time (app/api/phone-countries/[locale]/route.ts): the phone fields load it as
 * data, and its names do not depend on the browser's ICU data.
 */
export function phoneCountryOptions(locale: string): PhoneCountryOption[] {
  const names = displayNames(locale, 'region');
  const compare = collator(locale).compare;
  return Object.entries(callingCodes)
    .map(([code, callingCode]) => ({ code, label: `${names.of(code) ?? code} (+${callingCode})` }))
    .sort((a, b) => compare(a.label, b.label));
}

/** Where the phone fields load the locale's list from. */
export const phoneCountriesPath = (locale: string) => `/api/phone-countries/${locale}`;
