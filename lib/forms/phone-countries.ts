import { callingCodes } from './calling-codes';

/** A phone field's country choice: its region code and what the list shows ("France (+33)"). */
export type PhoneCountryOption = { code: string; label: string };

/**
 * Every country with its calling code, by name in the locale's language and order. Drawn on the
 * server only: the list reaches the browser as the page's data, and its names do not depend on the
 * browser's ICU data.
 */
export function phoneCountryOptions(locale: string): PhoneCountryOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  return Object.entries(callingCodes)
    .map(([code, callingCode]) => ({ code, label: `${names.of(code) ?? code} (+${callingCode})` }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
