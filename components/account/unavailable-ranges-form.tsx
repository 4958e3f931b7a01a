'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { EditorForm, EditorRows, useEditorForm } from './use-editor-form';
import type { ActionResult } from '@/lib/forms/errors';
import type { UnavailableRangesForm as Values } from '@/lib/forms/guide-trip-schemas';
import styles from './trip-editor.module.css';

type Range = { startsOn: string; endsOn: string };
type Props = { tripId: number; ranges: Range[]; today: string; action: (input: unknown) => Promise<ActionResult> };

/** issue 10: the days a guide cannot take a trip (spec §4 calendar 'guide unavailable'), saved together. */
export function UnavailableRangesForm({ tripId, ranges, today, action }: Props) {
  const t = useTranslations('Account.trips');
  const editor = useEditorForm<Values>({ schema: () => import('@/lib/forms/guide-trip-schemas').then((schemas) => schemas.unavailableRangesSchema), action, defaultValues: { tripId, ranges } });
  const { form, message } = editor;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'ranges' });
  const rowErrors = form.formState.errors.ranges;

  return (
    <EditorForm editor={editor} alert={editor.errorOf('ranges')} testId="unavailable-form" savedText={t('saved')} label={t('saveRanges')}>
      <EditorRows
        fields={fields}
        rowClassName={styles.row}
        rowTestId="unavailable-row"
        emptyText={t('noRanges')}
        removeLabel={t('remove')}
        onRemove={remove}
        addLabel={t('addRange')}
        onAdd={() => append({ startsOn: '', endsOn: '' })}
      >
        {(index) => (
          <>
            <Input {...form.register(`ranges.${index}.startsOn`)} type="date" min={today} label={t('rangeStart')} error={message(rowErrors?.[index]?.startsOn?.message)} />
            <Input {...form.register(`ranges.${index}.endsOn`)} type="date" min={today} label={t('rangeEnd')} error={message(rowErrors?.[index]?.endsOn?.message)} />
          </>
        )}
      </EditorRows>
    </EditorForm>
  );
}
