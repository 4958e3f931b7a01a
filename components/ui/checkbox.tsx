import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx';
import { fieldStyles as styles, useField, type FieldProps } from './field';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'className'> &
  Omit<FieldProps, 'hideLabel'> & {
    /** Class for the outer wrapper. */
    className?: string;
  };

/** Native checkbox; the whole label row is the (44px high) click target. */
export function Checkbox({
  label,
  hint,
  error,
  id,
  className,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...rest
}: CheckboxProps) {
  const field = useField({ id, hint, error, describedBy, invalid });
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={field.controlId} className={styles.checkRow}>
        <input
          id={field.controlId}
          type="checkbox"
          aria-describedby={field.ariaDescribedBy}
          aria-invalid={field.ariaInvalid}
          className={styles.checkbox}
          {...rest}
        />
        <span className={styles.checkText}>{label}</span>
      </label>
      {field.hintId ? (
        <p id={field.hintId} className={cx(styles.hint, styles.checkMessages)}>
          {hint}
        </p>
      ) : null}
      {field.errorId ? (
        <p id={field.errorId} className={cx(styles.error, styles.checkMessages)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
