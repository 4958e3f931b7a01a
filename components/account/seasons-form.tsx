'use client';

import { useTranslations } from 'next-intl';
import { Controller, useFieldArray } from 'react-hook-form';
import { Select } from '@/components/ui/select';
import { EditorForm, EditorRows, useEditorForm } from './use-editor-form';
import type { ActionResult } from '@/lib/forms/errors';
import type { TripSeasonsForm as Values } from '@/lib/forms/guide-trip-schemas';
import styles from './trip-editor.module.css';

type Season = { from: string; to: string };
type Props = { tripId: number; seasons: Season[]; months: string[]; action: (input: unknown) => Promise<ActionResult> };

const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1).padStart(2, '0'));

/** One end of a season, `MM-DD`, as a month and a day picked from lists (no free text to mistype). */
function MonthDay({ value, onChange, label, months, error }: { value: string; onChange: (value: string) => void; label: string; months: string[]; error?: string }) {
  const t = useTranslations('Account.trips');
  const [month = '01', day = '01'] = value.split('-');
  return (
    <fieldset className={styles.monthDay}>
      <legend>{label}</legend>
      <Select label={t('day')} value={day} onChange={(event) => onChange(`${month}-${event.target.value}`)} options={DAYS.map((d) => ({ value: d, label: String(Number(d)) }))} error={error} />
      <Select label={t('month')} value={month} onChange={(event) => onChange(`${event.target.value}-${day}`)} options={months.map((name, index) => ({ value: String(index + 1).padStart(2, '0'), label: name }))} />
    </fieldset>
  );
}

/** issue 10: the periods of the year a trip runs (spec §4 calendar 'out of season' outside them), saved together. */
export function SeasonsForm({ tripId, seasons, months, action }: Props) {
  const t = useTranslations('Account.trips');
  const editor = useEditorForm<Values>({ schema: () => import('@/lib/forms/guide-trip-schemas').then((schemas) => schemas.tripSeasonsSchema), action, defaultValues: { tripId, seasons } });
  const { form, message } = editor;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'seasons' });
  const rowErrors = form.formState.errors.seasons;

  return (
    <EditorForm editor={editor} alert={editor.errorOf('seasons')} testId="seasons-form" savedText={t('saved')} label={t('saveSeasons')}>
      <EditorRows
        fields={fields}
        rowClassName={styles.seasonRow}
        rowTestId="season-row"
        emptyText={t('allYear')}
        removeLabel={t('remove')}
        onRemove={remove}
        addLabel={t('addSeason')}
        onAdd={() => append({ from: '06-01', to: '09-30' })}
      >
        {(index) =>
          (['from', 'to'] as const).map((end) => (
            <Controller
              key={end}
              control={form.control}
              name={`seasons.${index}.${end}`}
              render={({ field: { value, onChange } }) => (
                <MonthDay label={t(end === 'from' ? 'seasonFrom' : 'seasonTo')} months={months} value={value} onChange={onChange} error={message(rowErrors?.[index]?.[end]?.message)} />
              )}
            />
          ))
        }
      </EditorRows>
    </EditorForm>
  );
}
