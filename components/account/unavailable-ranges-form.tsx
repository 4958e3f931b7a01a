'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormAlert } from '@/components/forms/form-alert';
import { EditorFooter, useEditorForm } from './use-editor-form';
import type { ActionResult } from '@/lib/forms/errors';
import { unavailableRangesSchema, type UnavailableRangesForm as Values } from '@/lib/forms/guide-trip-schemas';
import styles from './trip-editor.module.css';

type Range = { startsOn: string; endsOn: string };
type Props = { tripId: number; ranges: Range[]; today: string; action: (input: unknown) => Promise<ActionResult> };

/** issue 10: the days a guide cannot take a trip (spec §4 calendar 'guide unavailable'), saved together. */
export function UnavailableRangesForm({ tripId, ranges, today, action }: Props) {
  const t = useTranslations('Account.trips');
  const { form, state, formError, errorOf, onSubmit, saved, clearSaved, message } = useEditorForm<Values>({ schema: unavailableRangesSchema, action, defaultValues: { tripId, ranges } });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'ranges' });
  const rowErrors = form.formState.errors.ranges;

  return (
    <form className={styles.form} onSubmit={onSubmit} onChange={clearSaved} noValidate aria-busy={state === 'sending'} data-testid="unavailable-form">
      <FormAlert message={errorOf('ranges') ?? null} />
      {fields.length === 0 ? <p className={styles.muted}>{t('noRanges')}</p> : null}
      <ul className={styles.rows}>
        {fields.map((field, index) => (
          <li key={field.id} className={styles.row} data-testid="unavailable-row">
            <Input {...form.register(`ranges.${index}.startsOn`)} type="date" min={today} label={t('rangeStart')} error={message(rowErrors?.[index]?.startsOn?.message)} />
            <Input {...form.register(`ranges.${index}.endsOn`)} type="date" min={today} label={t('rangeEnd')} error={message(rowErrors?.[index]?.endsOn?.message)} />
            <Button type="button" variant="ghost" size="sm" onClick={() => remove(index)} className={styles.remove}>
              {t('remove')}
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => append({ startsOn: '', endsOn: '' })}>
          {t('addRange')}
        </Button>
      </div>
      <EditorFooter saved={saved} savedText={t('saved')} state={state} formError={formError} label={t('saveRanges')} />
    </form>
  );
}
