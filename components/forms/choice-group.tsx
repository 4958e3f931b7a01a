import { useId, type ReactNode } from 'react';
import { FieldError, fieldStyles } from '@/components/ui/field';
import type { FieldRegistration } from './field-kit';
import styles from './choice-group.module.css';

export type Choice = { value: string; label: ReactNode };

type Props = {
  legend: string;
  registration: FieldRegistration;
  choices: readonly Choice[];
  error?: string;
  /** Tiles per row from 600 px wide: 2 (one per row below), or 5 (two per row below). */
  columns?: 2 | 5;
  testId?: string;
};

/** A required single choice shown as tiles (radio buttons in a fieldset), with the field's error under it. */
export function ChoiceGroup({ legend, registration, choices, error, columns = 2, testId }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined} data-testid={testId}>
      <legend className={`${fieldStyles.label} ${styles.legend}`}>
        {legend}
        <span aria-hidden="true" className={fieldStyles.required}>
          *
        </span>
      </legend>
      <div className={`${columns === 5 ? styles.tiles5 : styles.tiles2} ${error ? styles.invalid : ''}`}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.tile}>
            <input {...registration} defaultValue={undefined} defaultChecked={registration.defaultValue === choice.value || undefined} type="radio" value={choice.value} className={styles.radio} />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
