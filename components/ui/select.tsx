import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx';
import { FieldShell, fieldStyles as styles, useField, type FieldProps } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'className'> &
  FieldProps & {
    /** Options to render; alternatively pass <option>/<optgroup> children (rendered after these). */
    options?: readonly SelectOption[];
    /** Text of a first empty option (value ""), e.g. "Any difficulty". */
    placeholder?: string;
    /** Class for the outer field wrapper. */
    className?: string;
    /** Class for the <select> itself. */
    selectClassName?: string;
  };

/** Native <select>, styled, with label / hint / error like Input. */
export function Select({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  selectClassName,
  required,
  options,
  placeholder,
  children,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...rest
}: SelectProps) {
  const field = useField({ id, hint, error, describedBy, invalid });
  // With a placeholder and no value given, start on the placeholder rather than the first real option.
  const uncontrolledDefault =
    placeholder !== undefined && rest.value === undefined && rest.defaultValue === undefined ? { defaultValue: '' } : {};
  return (
    <FieldShell {...field} label={label} hideLabel={hideLabel} required={required} hint={hint} error={error} className={className}>
      <span className={styles.selectWrap}>
        <select
          id={field.controlId}
          required={required}
          aria-describedby={field.ariaDescribedBy}
          aria-invalid={field.ariaInvalid}
          className={cx(styles.control, styles.select, selectClassName)}
          {...uncontrolledDefault}
          {...rest}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
      </span>
    </FieldShell>
  );
}
