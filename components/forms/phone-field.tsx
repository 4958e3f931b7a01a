'use client';

import { use, useEffect, useRef } from 'react';
import type { PhoneFieldProps } from './field-kit';
import { PhoneCountriesContext } from './phone-countries-context';
import { PhoneFieldView } from './phone-field-view';

// Asked once per page, by the first phone field that appears (app/api/visitor-country).
let visitorCountry: Promise<string | null> | null = null;
function fetchVisitorCountry(): Promise<string | null> {
  visitorCountry ??= fetch('/api/visitor-country', { headers: { accept: 'application/json' } })
    .then(async (response) => (response.ok ? ((await response.json()) as { countryCode?: unknown }).countryCode : null))
    .then((code) => (typeof code === 'string' ? code : null))
    .catch(() => null);
  return visitorCountry;
}

type Props = PhoneFieldProps & {
  /** The visitor already picked the country (before the form's code arrived): the visitor's country does not replace it. */
  chosen?: boolean;
};

/** spec §5 "valid phone number": the country's calling code and the number, checked with libphonenumber-js (in the form's schema, loaded on demand). */
export function PhoneField({ country, chosen: chosenBefore = false, ...props }: Props) {
  // The countries come from the server (phone-countries.tsx), named in the page's language.
  const options = use(PhoneCountriesContext);
  // Fails loudly (every form's tests draw it) rather than offering an empty list of countries.
  if (!options) throw new Error('A PhoneField is drawn under <PhoneCountries> (components/forms/phone-countries.tsx).');
  const select = useRef<HTMLSelectElement | null>(null);
  const chosen = useRef(chosenBefore);
  // Pages cached whole are the same for every visitor: the field moves to the visitor's own country
  // once the server tells it (spec §7 geolocation), unless they already picked one.
  useEffect(() => {
    let current = true;
    void fetchVisitorCountry().then((code) => {
      const element = select.current;
      if (!current || !code || !element || chosen.current || element.value === code) return;
      if (![...element.options].some((option) => option.value === code)) return;
      element.value = code;
      void country.onChange?.({ target: element, type: 'change' });
    });
    return () => {
      current = false;
    };
    // Once per field: `country` is a new object at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <PhoneFieldView
      {...props}
      country={country}
      options={options}
      countryRef={(element) => {
        country.ref?.(element);
        select.current = element;
      }}
      onCountryChange={(event) => {
        chosen.current = true;
        return country.onChange?.(event);
      }}
    />
  );
}
