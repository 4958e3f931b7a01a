'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useSyncExternalStore, type BaseSyntheticEvent, type ReactNode, type RefObject } from 'react';
import { get, useFieldArray, type ArrayPath, type DefaultValues, type FieldValues, type Path, type RegisterOptions } from 'react-hook-form';
import { useActionForm, type SchemaLoader, type SubmitState } from '@/components/forms/use-action-form';
import { readFormMessage, type FormAction } from '@/lib/forms/errors';
import type { EditorFieldsProps } from './editor-fields';
import styles from './trip-editor.module.css';

type Options<TValues extends FieldValues> = {
  schema: SchemaLoader<TValues>;
  defaultValues: DefaultValues<TValues>;
  action: FormAction<{ ok: true; id: number }>;
  /** The list the editor edits (`entries`, `groups`…). */
  list: ArrayPath<TValues>;
  /** The row the Add button appends to the rows listed. */
  newRow: (rows: unknown[]) => unknown;
};

/**
 * A guide-area editor (prices, open groups, seasons, unavailable days): the shared action form
 * over one list of rows, a 'saved' note until the next change, the page refreshed from the server
 * once saved, and row errors translated like field errors.
 */
export function useEditorForm<TValues extends FieldValues>({ schema, defaultValues, action, list, newRow }: Options<TValues>) {
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
  const { form } = actionForm;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: list });

  /** A row field's error key (e.g. `priceInvalid`), as the guide reads it. */
  const errors = form.formState.errors;
  const errorOf = (name: string) => {
    const key: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
    if (typeof key !== 'string' || !key) return undefined;
    const { key: messageKey, values } = readFormMessage(key);
    return forms.has(`errors.${messageKey}` as never) ? forms(`errors.${messageKey}` as never, values as never) : key;
  };
  // Each control also names its current value: react-hook-form sets values in the browser only,
  // and the server's HTML shows the saved rows.
  const register: EditorFieldsProps['kit']['register'] = (name, options) => {
    const value: unknown = form.getValues(name as Path<TValues>);
    const current = typeof value === 'boolean' ? { defaultChecked: value } : typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? { defaultValue: value } : {};
    return { ...current, ...form.register(name as Path<TValues>, options as RegisterOptions<TValues>) };
  };
  const fieldsProps: EditorFieldsProps = {
    kit: { register, errorOf },
    rowsKit: { rows: fields, onAdd: () => append(newRow((form.getValues() as Record<string, unknown[] | undefined>)[list] ?? []) as never), onRemove: remove },
    alert: actionForm.errorOf(list),
    saved,
    state: actionForm.state,
    formError: actionForm.formError,
  };
  return { ...actionForm, fieldsProps, clearSaved: () => setSaved(false) };
}

const noSubscription = () => () => undefined;

/**
 * An editor's form element, with its fields (editor-fields.tsx) inside. Its schema downloads on
 * the form's first focus, not with the page. The server's HTML shows the saved rows, disabled until
 * the code holds them: what is typed before would be overwritten, a row added would be lost.
 */
export function EditorForm({ editor, testId, children }: { editor: { formRef: RefObject<HTMLFormElement | null>; onSubmit: (event?: BaseSyntheticEvent) => Promise<void>; prepare: () => unknown; clearSaved: () => void; state: SubmitState }; testId: string; children: ReactNode }) {
  const { formRef, onSubmit, prepare, clearSaved, state } = editor;
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocus={prepare} onChange={clearSaved} noValidate aria-busy={state === 'sending'} data-testid={testId}>
      <fieldset className={styles.controls} disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  );
}
