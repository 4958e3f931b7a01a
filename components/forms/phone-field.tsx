'use client';

import { useLocale } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { phoneCountriesPath, type PhoneCountryOption } from '@/lib/forms/phone-countries';
import { fetchBuildJson } from './build-json';
import type { PhoneFieldProps } from './field-kit';
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

// The country list per locale, loaded once per page (app/api/phone-countries, made at build time).
const fetchCountries = (locale: string) => fetchBuildJson(phoneCountriesPath(locale), (list) => (Array.isArray(list) ? (list as PhoneCountryOption[]) : null));

/** The region code a typed country stands for: `fr` → `FR`, `+41` → `CH`; null when it names none. */
function typedRegion(typed: string, options: readonly PhoneCountryOption[]): string | null {
  const text = typed.trim().toUpperCase();
  if (options.some((option) => option.code === text)) return text;
  const calling = /^\+?(\d{1,4})$/.exec(text)?.[1];
  return calling ? (options.find((option) => option.label.endsWith(`(+${calling})`))?.code ?? null) : null;
}

type Props = PhoneFieldProps & {
  /** The visitor already picked the country (before the form's code arrived): the visitor's country does not replace it. */
  chosen?: boolean;
};

/**
 * spec §5 "valid phone number": the country's calling code and the number, checked with
 * libphonenumber-js (in the form's schema, loaded on demand). The country list loads with the
 * field; until then (and without JavaScript) the country's code is typed.
 */
export function PhoneField({ country, chosen: chosenBefore = false, ...props }: Props) {
  const locale = useLocale();
  const [options, setOptions] = useState<readonly PhoneCountryOption[] | null>(null);
  const control = useRef<HTMLSelectElement | HTMLInputElement | null>(null);
  const chosen = useRef(chosenBefore);
  // What was typed before the list came stays chosen (a server-drawn form's first value otherwise).
  const [typed, setTyped] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void fetchCountries(locale).then(
      (list) => {
        if (!current) return;
        setTyped(control.current?.value ?? null);
        setOptions(list);
      },
      // Offline or refused: the field stays a text box, which the server reads as well.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [locale]);

  // Pages cached whole are the same for every visitor: the list moves to the visitor's own country
  // once the server tells it (spec §7 geolocation), unless they already picked one.
  useEffect(() => {
    if (!options) return;
    let current = true;
    void fetchVisitorCountry().then((code) => {
      const element = control.current;
      if (!current || !code || !(element instanceof HTMLSelectElement) || chosen.current || element.value === code) return;
      if (![...element.options].some((option) => option.value === code)) return;
      element.value = code;
      void country.onChange?.({ target: element, type: 'change' });
    });
    return () => {
      current = false;
    };
    // Once the list is there: `country` is a new object at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options]);

  const region = options && typed !== null ? typedRegion(typed, options) : null;
  return (
    <PhoneFieldView
      {...props}
      country={region && 'defaultValue' in country ? { ...country, defaultValue: region } : country}
      options={options}
      countryRef={(element) => {
        country.ref?.(element);
        control.current = element;
      }}
      onCountryChange={(event) => {
        chosen.current = true;
        return country.onChange?.(event);
      }}
    />
  );
}
