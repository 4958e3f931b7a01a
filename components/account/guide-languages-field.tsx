import { FieldError, fieldStyles } from '@/components/ui/field';
import type { FormState } from '@/lib/forms/errors';
import styles from './guide-forms.module.css';

export type LanguageChoice = { value: string; label: string };

/**
 * The languages a guide works in: a checkbox each, named `languages.{i}` so the schema reads a
 * list and a refused form is drawn again with the boxes that were ticked.
 */
export function GuideLanguagesField({ legend, choices, chosen, state, error }: { legend: string; choices: readonly LanguageChoice[]; chosen: readonly string[]; state: FormState<unknown>; error?: string }) {
  return (
    <fieldset className={styles.checkGroup} data-testid="guide-languages">
      <legend className={fieldStyles.label}>{legend}</legend>
      <div className={styles.checkGrid}>
        {choices.map((choice, index) => (
          <label key={choice.value} className={styles.check}>
            <input
              type="checkbox"
              name={`languages.${index}`}
              value={choice.value}
              defaultChecked={state.status === 'idle' ? chosen.includes(choice.value) : state.values[`languages.${index}`] === choice.value}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={`languages-error`} error={error} />
    </fieldset>
  );
}
