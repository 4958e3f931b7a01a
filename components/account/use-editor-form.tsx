'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useLayoutEffect, useState, type BaseSyntheticEvent, type ReactNode, type RefObject } from 'react';
import { get, useFieldArray, type ArrayPath, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { TypedForm } from '@/components/forms/typed-form';
import { withTyped } from '@/components/forms/typed-form-restore';
import { useActionForm, type SchemaLoader, type SubmitState } from '@/components/forms/use-action-form';
import { readFormMessage, type FormAction } from '@/lib/forms/errors';
import type { EditorFieldsProps } from './editor-fields';
import styles from './trip-editor.module.css';

type Options<TValues extends FieldValues> = {
  schema: SchemaLoader<TValues>;
  defaultValues: DefaultValues<TValues>;
  action: FormAction<{ ok: true; id: number }>;
  /** What the server's HTML held when this form took its place (deferred-form.tsx). */
  typed?: TypedForm;
  /** The list the editor edits (`entries`, `groups`…). */
  list: ArrayPath<TValues>;
  /** The row the Add button appends to the rows listed. */
  newRow: (rows: unknown[]) => unknown;
};

/**
 * The values a form starts from once its code has arrived: the server's, with what was typed in
 * its HTML, then its rows removed and added by the clicks meanwhile, in order. The focus stays
 * where it was unless rows moved.
 */
export function startingPoint<TValues extends FieldValues>(defaultValues: DefaultValues<TValues>, typed: TypedForm | undefined, list: string, newRow: (rows: unknown[]) => unknown) {
  if (!typed?.rowActions.length) return { defaultValues, typed };
  const values = withTyped(defaultValues, typed) as Record<string, unknown>;
  let rows = [...((values[list] as unknown[] | undefined) ?? [])];
  for (const rowAction of typed.rowActions) rows = rowAction.kind === 'add' ? [...rows, newRow(rows)] : rows.filter((_, index) => index !== rowAction.index);
  return { defaultValues: { ...values, [list]: rows } as DefaultValues<TValues>, typed: { ...typed, values: {}, focus: null, rowActions: [] } };
}

/**
 * A guide-area editor (prices, open groups, seasons, unavailable days): the shared action form
 * over one list of rows, a 'saved' note until the next change, the page refreshed from the server
 * once saved, row errors translated like field errors, and the rows added or removed before the
 * code arrived added or removed first.
 */
export function useEditorForm<TValues extends FieldValues>({ schema, defaultValues, action, typed, list, newRow }: Options<TValues>) {
  const forms = useTranslations('Forms');
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  // What the server's HTML held, its rows' Add and Remove clicks made: the form starts there.
  const [start] = useState(() => startingPoint(defaultValues, typed, list, newRow));
  const actionForm = useActionForm<TValues>({
    schema,
    action,
    ...start,
    onSuccess: () => {
      setSaved(true);
      router.refresh();
    },
  });
  const { form, formRef } = actionForm;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: list });

  // A row added before the code arrived takes the focus, as one added since does.
  useLayoutEffect(() => {
    if (typed?.rowActions.at(-1)?.kind === 'add') formRef.current?.querySelector<HTMLElement>('li:last-child :is(input, select)')?.focus();
    // Mount only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** A row field's error key (e.g. `priceInvalid`), as the guide reads it. */
  const errors = form.formState.errors;
  const errorOf = (name: string) => {
    const key: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
    if (typeof key !== 'string' || !key) return undefined;
    const { key: messageKey, values } = readFormMessage(key);
    return forms.has(`errors.${messageKey}` as never) ? forms(`errors.${messageKey}` as never, values as never) : key;
  };
  const fieldsProps: EditorFieldsProps = {
    kit: { register: form.register as EditorFieldsProps['kit']['register'], errorOf },
    rowsKit: { rows: fields, onAdd: () => append(newRow((form.getValues() as Record<string, unknown[] | undefined>)[list] ?? []) as never), onRemove: remove },
    alert: actionForm.errorOf(list),
    saved,
    state: actionForm.state,
    formError: actionForm.formError,
  };
  return { ...actionForm, fieldsProps, clearSaved: () => setSaved(false) };
}

/** An editor's form element, with its fields (editor-fields.tsx) inside. */
export function EditorForm({ editor, testId, children }: { editor: { formRef: RefObject<HTMLFormElement | null>; onSubmit: (event?: BaseSyntheticEvent) => Promise<void>; prepare: () => unknown; clearSaved: () => void; state: SubmitState }; testId: string; children: ReactNode }) {
  const { formRef, onSubmit, prepare, clearSaved, state } = editor;
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocus={prepare} onChange={clearSaved} noValidate aria-busy={state === 'sending'} data-testid={testId}>
      {children}
    </form>
  );
}
