'use client';

import { useLocale } from 'next-intl';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { callingCodes } from '@/lib/forms/calling-codes';
import type { PhoneFieldProps } from './field-kit';
import { PhoneFieldView, phoneCountryOptions } from './phone-field-view';

const noSubscription = () => () => undefined;

// Asked once per page, by the first phone field that appears (app/api/visitor-country).
let visitorCountry: Promise<string | null> | null = null;
function fetchVisitorCountry(): Promise<string | null> {
  visitorCountry ??= fetch('/api/visitor-country', { headers: { accept: 'application/json' } })
    .then(async (response) => (response.ok ? ((await response.json()) as { countryCode?: unknown }).countryCode : null))
    .then((code) => (typeof code === 'string' && code in callingCodes ? code : null))
    .catch(() => null);
  return visitorCountry;
}

type Props = PhoneFieldProps & {
  /** The visitor already picked the country (before the form's code arrived): the visitor's country does not replace it. */
  chosen?: boolean;
};

/** spec §5 "valid phone number": the country's calling code and the number, checked with libphonenumber-js (in the form's schema, loaded on demand). */
export function PhoneField({ country, chosen: chosenBefore = false, ...props }: Props) {
  const locale = useLocale();
  // Country names come from the browser's ICU data, which differs from the server's: the server
  // HTML (and hydration) lists codes, the names arrive right after.
  const named = useSyncExternalStore(noSubscription, () => true, () => false);
  const options = useMemo(() => phoneCountryOptions(locale, named ? new Intl.DisplayNames([locale], { type: 'region' }) : null), [locale, named]);
  const select = useRef<HTMLSelectElement | null>(null);
  const chosen = useRef(chosenBefore);
  // Pages cached whole are the same for every visitor: the field moves to the visitor's own country
  // once the server tells it (spec §7 geolocation), unless they already picked one.
  useEffect(() => {
    let current = true;
    void fetchVisitorCountry().then((code) => {
      const element = select.current;
      if (!current || !code || !element || chosen.current || element.value === code) return;
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
