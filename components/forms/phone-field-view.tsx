import { useTranslations } from 'next-intl';
import { useId, type ChangeEventHandler } from 'react';
import { FieldError, fieldStyles } from '@/components/ui/field';
import type { PhoneCountryOption } from '@/lib/forms/phone-countries';
import type { PhoneFieldProps } from './field-kit';
import styles from './forms.module.css';

type Props = PhoneFieldProps & {
  /** The countries once loaded (phone-field.tsx); until then, and without JavaScript, the country is typed. */
  options: readonly PhoneCountryOption[] | null;
  countryRef?: (element: HTMLSelectElement | HTMLInputElement | null) => void;
  onCountryChange?: ChangeEventHandler<HTMLSelectElement | HTMLInputElement>;
};

/**
 * The phone field's markup: the country and the number, in one fieldset. The country is a list once
 * its options are loaded; before, a short text box for its code (`FR`, or the calling code `+33`,
 * both read by the server's schema), so the page's HTML does not carry 245 options.
 */
export function PhoneFieldView({ country, number, error, optional, options, countryRef, onCountryChange }: Props) {
  const t = useTranslations('Forms');
  const errorId = `${useId()}-error`;
  const countryProps = { ...country, ref: countryRef ?? country.ref, onChange: onCountryChange ?? country.onChange, autoComplete: 'tel-country-code' } as const;
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
        {options ? (
          <select {...countryProps} aria-label={t('labels.phoneCountry')} className={`${fieldStyles.control} ${styles.phoneCountry}`}>
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
        ) : (
          <input {...countryProps} type="text" size={4} maxLength={4} spellCheck={false} autoCapitalize="characters" aria-label={t('labels.phoneCountryCode')} className={`${fieldStyles.control} ${styles.phoneCountryCode}`} />
        )}
        <input
          {...number}
          type="tel"
          inputMode="tel"
          // "tel": a full number autofilled here keeps its calling code, which the server reads first (lib/forms/fields.ts).
          autoComplete="tel"
          aria-label={t('labels.phone')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={fieldStyles.control}
        />
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
