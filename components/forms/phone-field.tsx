'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useSyncExternalStore } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldStyles } from '@/components/ui/field';
import { callingCodes } from '@/lib/forms/calling-codes';
import styles from './forms.module.css';

const noSubscription = () => () => undefined;

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
        <select {...country} aria-label={t('labels.phoneCountry')} className={`${fieldStyles.control} ${styles.phoneCountry}`} autoComplete="tel-country-code">
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
