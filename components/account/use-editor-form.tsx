'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { ActionForm } from '@/components/forms/action-form';
import type { FieldRegistration } from '@/components/forms/field-kit';
import { useFormAction, type SchemaLoader, type ServerForm } from '@/components/forms/use-form-action';
import type { FormAction, FormState } from '@/lib/forms/errors';
import { readFormData } from '@/lib/forms/form-data';
import type { EditorFieldsProps } from './editor-fields';
import styles from './trip-editor.module.css';

/** A row's values by field, dotted below the row (`people`, `from.month`); a boolean makes a checkbox. */
export type RowValues = Record<string, string | number | boolean | null>;
type Row = { key: number; values: RowValues };
type Result = { ok: true; id: number };

type Options = {
  action: FormAction<Result>;
  /** Once refused, the errors follow the corrections, checked by this schema in the browser. */
  schema: SchemaLoader;
  /** The list the editor edits (`entries`, `groups`…): its fields are named `entries.0.price`. */
  list: string;
  /** The saved rows. */
  rows: readonly RowValues[];
  /** The row the Add button appends, given the rows as they are in the form. */
  newRow: (rows: readonly Record<string, unknown>[]) => RowValues;
};

/** The rows a form sent (its state's text), with the fields of `previous` rows (a checkbox not sent is unticked). */
function rowsSent(state: FormState<Result>, list: string, previous: readonly Row[], template: RowValues): Row[] {
  const indexes = new Set<number>();
  for (const name of Object.keys(state.values)) {
    const index = new RegExp(`^${list}\\.(\\d+)\\.`).exec(name)?.[1];
    if (index !== undefined) indexes.add(Number(index));
  }
  let key = Math.max(-1, ...previous.map((row) => row.key));
  return [...indexes]
    .sort((a, b) => a - b)
    .map((index, position) => {
      const fields = previous[position]?.values ?? template;
      const values = Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, typeof value === 'boolean' ? state.values[`${list}.${index}.${field}`] === 'on' : (state.values[`${list}.${index}.${field}`] ?? '')]));
      return { key: previous[position]?.key ?? ++key, values };
    });
}

/**
 * A guide-area editor (prices, open groups, seasons, unavailable days) on the server-drawn form
 * core (use-form-action.tsx): its rows are React state, each control names its row's value, so
 * the form saves with or without JavaScript; Add and Remove change the rows once hydrated. A
 * 'saved' note shows until the next change, and the page is refreshed from the server once saved.
 */
export function useEditorForm({ action, schema, list, rows: saved, newRow }: Options) {
  const router = useRouter();
  const form = useFormAction(action, {}, { schema });
  const { state } = form;
  const template = newRow([]);
  const [rows, setRows] = useState<Row[]>(() => {
    const initial = saved.map((values, key) => ({ key, values }));
    return state.status === 'idle' ? initial : rowsSent(state, list, initial, template);
  });
  const [answered, setAnswered] = useState(state);
  const [edited, setEdited] = useState(false);
  // Each answer draws the rows as they were sent (React resets the form to them after the action).
  if (answered !== state) {
    setAnswered(state);
    setEdited(false);
    setRows(rowsSent(state, list, rows, template));
  }
  useEffect(() => {
    if (state.status === 'sent') router.refresh();
  }, [state, router]);

  const rowField = new RegExp(`^${list}\\.(\\d+)\\.(.+)$`);
  const register = (name: string): FieldRegistration => {
    const [, index, field] = rowField.exec(name) ?? [];
    const value = index === undefined || field === undefined ? undefined : rows[Number(index)]?.values[field];
    if (typeof value === 'boolean') return { name, defaultChecked: value };
    return typeof value === 'string' || typeof value === 'number' ? { name, defaultValue: value } : { name };
  };
  let key = Math.max(-1, ...rows.map((row) => row.key));
  const fieldsProps: EditorFieldsProps = {
    kit: { register, errorOf: form.kit.errorOf },
    rowsKit: {
      rows: rows.map((row) => ({ id: String(row.key) })),
      onAdd: (element) => {
        const current = element ? readFormData(new FormData(element))[list] : undefined;
        const values = newRow(Array.isArray(current) ? (current as Record<string, unknown>[]) : rows.map((row) => row.values));
        setRows((before) => [...before, { key: ++key, values }]);
        setEdited(true);
      },
      onRemove: (index) => {
        setRows((before) => before.filter((_, position) => position !== index));
        setEdited(true);
      },
    },
    alert: form.kit.errorOf(list),
    saved: state.status === 'sent' && !edited,
    state: form.pending ? 'sending' : 'idle',
    formError: state.formError,
  };
  return { form, fieldsProps, onEdit: () => setEdited(true) };
}

/** An editor's form element: its Server Action, the trip it edits, and its fields (editor-fields.tsx) inside. */
export function EditorForm({ editor, tripId, testId, children }: { editor: { form: ServerForm<Result>; onEdit: () => void }; tripId: number; testId: string; children: ReactNode }) {
  return (
    <ActionForm form={editor.form} testId={testId} className={styles.form} onEdit={editor.onEdit}>
      <input type="hidden" name="tripId" defaultValue={tripId} />
      {children}
    </ActionForm>
  );
}
