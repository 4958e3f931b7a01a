import { getLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { phoneCountryOptions } from '@/lib/forms/phone-countries';
import { PhoneCountriesProvider } from './phone-countries-context';

/**
 * The country list of the phone fields below it, named in the page's language: the server draws
 * it once for the page's forms, so neither the list nor the names weigh on the page's scripts, and
 * the field shows the same names with JavaScript or without.
 */
export async function PhoneCountries({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return <PhoneCountriesProvider countries={phoneCountryOptions(locale)}>{children}</PhoneCountriesProvider>;
}
