'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/forms/form-alert';
import { FormSubmit } from '@/components/forms/form-submit';
import { useActionForm, type SchemaLoader, type SubmitState } from '@/components/forms/use-action-form';
import type { ActionResult } from '@/lib/forms/errors';
import styles from './trip-editor.module.css';

type Options<TValues extends FieldValues> = { schema: SchemaLoader<TValues>; defaultValues: DefaultValues<TValues>; action: (input: unknown) => Promise<ActionResult> };

/**
 * A guide-area editor (prices, open groups, seasons, unavailable days): the shared action form, a
 * 'saved' note until the next change, the page refreshed from the server once saved, and row
 * errors translated like field errors.
 */
export function useEditorForm<TValues extends FieldValues>({ schema, defaultValues, action }: Options<TValues>) {
  const forms = useTranslations('Forms');
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const actionForm = useActionForm<TValues>({
    schema,
    action,
    defaultValues,
    onSuccess: () => {
      setSaved(true);
      router.refresh();
    },
  });
  /** A row field's error key (e.g. `priceInvalid`), as the traveller reads it. */
  const message = (key: string | undefined) => (key && forms.has(`errors.${key}` as never) ? forms(`errors.${key}` as never) : key);
  return { ...actionForm, saved, clearSaved: () => setSaved(false), message };
}

type EditorFormProps = {
  editor: {
    onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
    /** Starts loading the form's schema (on the first focus). */
    prepare: () => unknown;
    clearSaved: () => void;
    state: SubmitState;
    saved: boolean;
    formError: string | null;
  };
  /** The message about the whole list (e.g. 'a group size twice'). */
  alert: string | undefined;
  testId: string;
  savedText: string;
  label: string;
  children: ReactNode;
};

/** An editor's form: the list's message first, then its rows, the 'saved' note, the form-level message and the save button. */
export function EditorForm({ editor, alert, testId, savedText, label, children }: EditorFormProps) {
  const { onSubmit, prepare, clearSaved, state, saved, formError } = editor;
  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={prepare} onChange={clearSaved} noValidate aria-busy={state === 'sending'} data-testid={testId}>
      <FormAlert message={alert ?? null} />
      {children}
      <EditorFooter saved={saved} savedText={savedText} state={state} formError={formError} label={label} />
    </form>
  );
}

type EditorRowsProps = {
  fields: readonly { id: string }[];
  rowClassName: string | undefined;
  rowTestId: string;
  /** Said when the list is empty (what no row means), if anything. */
  emptyText?: string;
  removeLabel: string;
  onRemove: (index: number) => void;
  addLabel: string;
  onAdd: () => void;
  /** The fields of row `index`. */
  children: (index: number) => ReactNode;
};

/** An editor's rows, each with its Remove button, and the button that adds one. */
export function EditorRows({ fields, rowClassName, rowTestId, emptyText, removeLabel, onRemove, addLabel, onAdd, children }: EditorRowsProps) {
  return (
    <>
      {fields.length === 0 && emptyText ? <p className={styles.muted}>{emptyText}</p> : null}
      <ul className={styles.rows}>
        {fields.map((field, index) => (
          <li key={field.id} className={rowClassName} data-testid={rowTestId}>
            {children(index)}
            <Button type="button" variant="ghost" size="sm" onClick={() => onRemove(index)} className={styles.remove}>
              {removeLabel}
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={onAdd}>
          {addLabel}
        </Button>
      </div>
    </>
  );
}

/** An editor's last lines: the 'saved' note, the form-level message and the save button. */
function EditorFooter({ saved, savedText, state, formError, label }: { saved: boolean; savedText: string; state: SubmitState; formError: string | null; label: string }) {
  return (
    <>
      {saved ? (
        <p role="status" className={styles.saved}>
          {savedText}
        </p>
      ) : null}
      <FormSubmit state={state} formError={formError} label={label} variant="primary" />
    </>
  );
}
