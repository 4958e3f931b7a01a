import type { ComponentPropsWithRef } from 'react';
import { CharacterCount } from './character-count';
import { cx } from './cx';
import { FieldShell, fieldStyles as styles, useField, type FieldProps } from './field';

export type InputProps = Omit<ComponentPropsWithRef<'input'>, 'className'> &
  FieldProps & {
    /** Class for the outer field wrapper (label + control + messages). */
    className?: string;
    /** Class for the <input> itself. */
    inputClassName?: string;
  };

/** Labelled text input with optional hint and error, wired with aria-describedby / aria-invalid. */
export function Input({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  inputClassName,
  required,
  type = 'text',
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...rest
}: InputProps) {
  const field = useField({ id, hint, error, describedBy, invalid });
  return (
    <FieldShell {...field} label={label} hideLabel={hideLabel} required={required} hint={hint} error={error} className={className}>
      <input
        id={field.controlId}
        type={type}
        required={required}
        aria-describedby={field.ariaDescribedBy}
        aria-invalid={field.ariaInvalid}
        className={cx(styles.control, inputClassName)}
        {...rest}
      />
    </FieldShell>
  );
}

export type TextareaProps = Omit<ComponentPropsWithRef<'textarea'>, 'className'> &
  FieldProps & {
    /** Class for the outer field wrapper. */
    className?: string;
    /** Class for the <textarea> itself. */
    textareaClassName?: string;
    /** The most characters its form accepts: a live count shows under it (the text is never cut). */
    limit?: number;
  };

/** Labelled multi-line text input; same API as Input. */
export function Textarea({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  textareaClassName,
  required,
  rows = 4,
  limit,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...rest
}: TextareaProps) {
  const field = useField({ id, hint, error, describedBy, invalid });
  const countId = limit === undefined ? undefined : `${field.controlId}-count`;
  return (
    <FieldShell {...field} label={label} hideLabel={hideLabel} required={required} hint={hint} error={error} className={className}>
      <textarea
        id={field.controlId}
        rows={rows}
        required={required}
        aria-describedby={[field.ariaDescribedBy, countId].filter(Boolean).join(' ') || undefined}
        aria-invalid={field.ariaInvalid}
        className={cx(styles.control, styles.textarea, textareaClassName)}
        {...rest}
      />
      {countId && limit !== undefined ? <CharacterCount id={countId} controlId={field.controlId} limit={limit} initialLength={String(rest.value ?? rest.defaultValue ?? '').length} /> : null}
    </FieldShell>
  );
}
