'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useSyncExternalStore } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldStyles } from '@/components/ui/field';
import { callingCodes } from '@/lib/forms/calling-codes';
import styles from './forms.module.css';

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

type Props = { country: UseFormRegisterReturn; number: UseFormRegisterReturn; error?: string; optional?: boolean };

/** spec §5 "valid phone number": the country's calling code and the number, checked with libphonenumber-js (in the form's schema, loaded on demand). */
export function PhoneField({ country, number, error, optional }: Props) {
  const t = useTranslations('Forms');
  const locale = useLocale();
  const id = useId();
  // Country names come from the browser's ICU data, which differs from the server's: the server
  // HTML (and hydration) lists codes, the names arrive right after.
  const named = useSyncExternalStore(noSubscription, () => true, () => false);
  const options = useMemo(() => {
    const names = named ? new Intl.DisplayNames([locale], { type: 'region' }) : null;
    const list = Object.entries(callingCodes).map(([code, callingCode]) => ({ code, label: `${names?.of(code) ?? code} (+${callingCode})` }));
    return names ? list.sort((a, b) => a.label.localeCompare(b.label, locale)) : list;
  }, [locale, named]);
  const errorId = `${id}-error`;
  const select = useRef<HTMLSelectElement | null>(null);
  const chosen = useRef(false);
  // Pages cached whole are the same for every visitor: the field moves to the visitor's own country
  // once the server tells it (spec §7 geolocation), unless they already picked one.
  useEffect(() => {
    let current = true;
    void fetchVisitorCountry().then((code) => {
      const element = select.current;
      if (!current || !code || !element || chosen.current || element.value === code) return;
      element.value = code;
      void country.onChange({ target: element, type: 'change' });
    });
    return () => {
      current = false;
    };
    // Once per field: `country` is a new object at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <fieldset className={styles.phone} aria-describedby={error ? errorId : undefined}>
      <legend className={`${fieldStyles.label} ${styles.legend}`}>
        {t('labels.phone')}
        {optional ? (
          <span className={styles.optional}> ({t('labels.optional')})</span>
        ) : (
          <span aria-hidden="true" className={fieldStyles.required}>
            *
          </span>
        )}
      </legend>
      <div className={styles.phoneRow}>
        <select
          {...country}
          ref={(element) => {
            country.ref(element);
            select.current = element;
          }}
          onChange={(event) => {
            chosen.current = true;
            return country.onChange(event);
          }}
          aria-label={t('labels.phoneCountry')} className={`${fieldStyles.control} ${styles.phoneCountry}`} autoComplete="tel-country-code">
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
        <input
          {...number}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          aria-label={t('labels.phone')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={fieldStyles.control}
        />
      </div>
      {error ? (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
