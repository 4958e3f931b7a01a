'use client';

import { createContext, type ReactNode } from 'react';
import type { PhoneCountryOption } from '@/lib/forms/phone-countries';

/** The phone fields' country list below a PhoneCountries (phone-countries.tsx), drawn by the server; null above any. */
export const PhoneCountriesContext = createContext<readonly PhoneCountryOption[] | null>(null);

export function PhoneCountriesProvider({ countries, children }: { countries: readonly PhoneCountryOption[]; children: ReactNode }) {
  return <PhoneCountriesContext value={countries}>{children}</PhoneCountriesContext>;
}
