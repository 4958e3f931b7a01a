'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { EditorForm, EditorRows, useEditorForm } from './use-editor-form';
import type { ActionResult } from '@/lib/forms/errors';
import type { TripPricesForm as Values } from '@/lib/forms/guide-trip-schemas';
import styles from './trip-editor.module.css';

type Props = { tripId: number; currency: string; entries: Array<{ people: number; price: number }>; action: (input: unknown) => Promise<ActionResult> };

/** issue 10: a trip's price entries by group size (spec §3), added, changed and removed in one save. */
export function TripPricesForm({ tripId, currency, entries, action }: Props) {
  const t = useTranslations('Account.trips');
  const editor = useEditorForm<Values>({ schema: () => import('@/lib/forms/guide-trip-schemas').then((schemas) => schemas.tripPricesSchema), action, defaultValues: { tripId, entries } });
  const { form, message } = editor;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'entries' });
  const rowErrors = form.formState.errors.entries;
  // A new row takes the next group size after the largest one listed.
  const nextPeople = () => Math.max(0, ...fields.map((_, index) => Number(form.getValues(`entries.${index}.people`)) || 0)) + 1;

  return (
    <EditorForm editor={editor} alert={editor.errorOf('entries')} testId="prices-form" savedText={t('saved')} label={t('savePrices')}>
      <EditorRows fields={fields} rowClassName={styles.row} rowTestId="price-row" removeLabel={t('remove')} onRemove={remove} addLabel={t('addPrice')} onAdd={() => append({ people: nextPeople(), price: 0 })}>
        {(index) => (
          <>
            <Input {...form.register(`entries.${index}.people`, { valueAsNumber: true })} type="number" min={1} max={50} step={1} label={t('people')} error={message(rowErrors?.[index]?.people?.message)} />
            <Input {...form.register(`entries.${index}.price`, { valueAsNumber: true })} type="number" min={0} step="0.01" label={t('price', { currency })} error={message(rowErrors?.[index]?.price?.message)} />
          </>
        )}
      </EditorRows>
    </EditorForm>
  );
}
