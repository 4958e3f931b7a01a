import { useId, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './field.module.css';
import { visuallyHiddenClassName as visuallyHiddenClass } from './visually-hidden';

/** Props shared by every labelled form control (Input, Textarea, Select, Checkbox). */
export interface FieldProps {
  /** Visible label (already translated by the caller). */
  label: ReactNode;
  /** Help text under the label, wired with aria-describedby. */
  hint?: ReactNode;
  /** Error message; sets aria-invalid and is wired with aria-describedby. */
  error?: ReactNode;
  /** Keeps the label for assistive tech only (use sparingly, e.g. a search box with a visible button). */
  hideLabel?: boolean;
}

export function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

interface UseFieldOptions {
  id: string | undefined;
  hint: ReactNode;
  error: ReactNode;
  describedBy: string | undefined;
  invalid: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined;
}

/** Ids and ARIA wiring for a labelled control. Server-safe (useId only). */
export function useField({ id, hint, error, describedBy, invalid }: UseFieldOptions) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hasContent(hint) ? `${controlId}-hint` : undefined;
  const errorId = hasContent(error) ? `${controlId}-error` : undefined;
  const ariaDescribedBy = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return {
    controlId,
    hintId,
    errorId,
    ariaDescribedBy,
    ariaInvalid: errorId ? true : invalid,
  };
}

interface FieldShellProps extends FieldProps {
  controlId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label, hint, control and error laid out in a column. */
export function FieldShell({
  controlId,
  label,
  hideLabel,
  required,
  hint,
  hintId,
  error,
  errorId,
  className,
  children,
}: FieldShellProps) {
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={controlId} className={cx(styles.label, hideLabel && visuallyHiddenClass)}>
        {label}
        {required ? (
          <span aria-hidden="true" className={styles.required}>
            *
          </span>
        ) : null}
      </label>
      {hintId ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error under it, once there is one, with the id its control's aria-describedby names. */
export function FieldError({ id, error }: { id: string | undefined; error: ReactNode }) {
  return id && hasContent(error) ? (
    <p id={id} className={styles.error}>
      {error}
    </p>
  ) : null;
}

export { styles as fieldStyles };
