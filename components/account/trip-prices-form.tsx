'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormAlert } from '@/components/forms/form-alert';
import { EditorFooter, useEditorForm } from './use-editor-form';
import type { ActionResult } from '@/lib/forms/errors';
import { tripPricesSchema, type TripPricesForm as Values } from '@/lib/forms/guide-trip-schemas';
import styles from './trip-editor.module.css';

type Props = { tripId: number; currency: string; entries: Array<{ people: number; price: number }>; action: (input: unknown) => Promise<ActionResult> };

/** issue 10: a trip's price entries by group size (spec §3), added, changed and removed in one save. */
export function TripPricesForm({ tripId, currency, entries, action }: Props) {
  const t = useTranslations('Account.trips');
  const { form, state, formError, errorOf, onSubmit, saved, clearSaved, message } = useEditorForm<Values>({ schema: tripPricesSchema, action, defaultValues: { tripId, entries } });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'entries' });
  const rowErrors = form.formState.errors.entries;

  return (
    <form className={styles.form} onSubmit={onSubmit} onChange={clearSaved} noValidate aria-busy={state === 'sending'} data-testid="prices-form">
      <FormAlert message={errorOf('entries') ?? null} />
      <ul className={styles.rows}>
        {fields.map((field, index) => (
          <li key={field.id} className={styles.row} data-testid="price-row">
            <Input {...form.register(`entries.${index}.people`, { valueAsNumber: true })} type="number" min={1} max={50} step={1} label={t('people')} error={message(rowErrors?.[index]?.people?.message)} />
            <Input {...form.register(`entries.${index}.price`, { valueAsNumber: true })} type="number" min={0} step="0.01" label={t('price', { currency })} error={message(rowErrors?.[index]?.price?.message)} />
            <Button type="button" variant="ghost" size="sm" onClick={() => remove(index)} className={styles.remove}>
              {t('remove')}
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => append({ people: Math.max(0, ...fields.map((_, index) => Number(form.getValues(`entries.${index}.people`)) || 0)) + 1, price: 0 })}>
          {t('addPrice')}
        </Button>
      </div>
      <EditorFooter saved={saved} savedText={t('saved')} state={state} formError={formError} label={t('savePrices')} />
    </form>
  );
}
