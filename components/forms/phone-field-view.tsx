import { useTranslations } from 'next-intl';
import { useId, type ChangeEventHandler, type Ref } from 'react';
import { FieldError, fieldStyles } from '@/components/ui/field';
import type { PhoneCountryOption } from '@/lib/forms/phone-countries';
import type { PhoneFieldProps } from './field-kit';
import styles from './forms.module.css';

type Props = PhoneFieldProps & {
  options: readonly PhoneCountryOption[];
  countryRef?: Ref<HTMLSelectElement>;
  onCountryChange?: ChangeEventHandler<HTMLSelectElement>;
};

/** The phone field's markup: the country's calling code and the number, in one fieldset. */
export function PhoneFieldView({ country, number, error, optional, options, countryRef, onCountryChange }: Props) {
  const t = useTranslations('Forms');
  const errorId = `${useId()}-error`;
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
          ref={countryRef ?? country.ref}
          onChange={onCountryChange ?? country.onChange}
          aria-label={t('labels.phoneCountry')}
          className={`${fieldStyles.control} ${styles.phoneCountry}`}
          autoComplete="tel-country-code"
        >
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
