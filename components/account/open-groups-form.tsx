'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { EditorForm, EditorRows, useEditorForm } from './use-editor-form';
import type { ActionResult } from '@/lib/forms/errors';
import type { OpenGroupsForm as Values } from '@/lib/forms/guide-trip-schemas';
import styles from './trip-editor.module.css';

type Group = { id: number | null; startsOn: string; totalSpots: number; openSpots: number; price: number; confirmed: boolean };
type Props = { tripId: number; currency: string; groups: Group[]; action: (input: unknown) => Promise<ActionResult> };

/** issue 10: a trip's upcoming open groups (spec §3: date, open spots, price per person, confirmed), saved together. */
export function OpenGroupsForm({ tripId, currency, groups, action }: Props) {
  const t = useTranslations('Account.trips');
  const editor = useEditorForm<Values>({ schema: () => import('@/lib/forms/guide-trip-schemas').then((schemas) => schemas.openGroupsSchema), action, defaultValues: { tripId, groups } });
  const { form, message } = editor;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'groups' });
  const rowErrors = form.formState.errors.groups;

  return (
    <EditorForm editor={editor} alert={editor.errorOf('groups')} testId="open-groups-form" savedText={t('saved')} label={t('saveGroups')}>
      <EditorRows
        fields={fields}
        rowClassName={styles.groupRow}
        rowTestId="group-row"
        emptyText={t('noGroups')}
        removeLabel={t('remove')}
        onRemove={remove}
        addLabel={t('addGroup')}
        onAdd={() => append({ id: null, startsOn: '', totalSpots: 8, openSpots: 8, price: 0, confirmed: false })}
      >
        {(index) => {
          const errors = rowErrors?.[index];
          return (
            <>
              <Input {...form.register(`groups.${index}.startsOn`)} type="date" label={t('startsOn')} error={message(errors?.startsOn?.message)} />
              <Input {...form.register(`groups.${index}.totalSpots`, { valueAsNumber: true })} type="number" min={1} max={50} label={t('totalSpots')} error={message(errors?.totalSpots?.message)} />
              <Input {...form.register(`groups.${index}.openSpots`, { valueAsNumber: true })} type="number" min={0} max={50} label={t('openSpots')} error={message(errors?.openSpots?.message)} />
              <Input {...form.register(`groups.${index}.price`, { valueAsNumber: true })} type="number" min={0} step="0.01" label={t('groupPrice', { currency })} error={message(errors?.price?.message)} />
              <Checkbox {...form.register(`groups.${index}.confirmed`)} label={t('confirmed')} />
            </>
          );
        }}
      </EditorRows>
    </EditorForm>
  );
}
