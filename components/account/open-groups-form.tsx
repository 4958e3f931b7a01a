'use client';

import type { OpenGroupsForm as Values } from '@/lib/forms/guide-trip-schemas';
import { OpenGroupsFields, newGroup, type OpenGroupsFormProps } from './editor-fields';
import { EditorForm, useEditorForm } from './use-editor-form';

/** A trip's upcoming open groups (spec §3: date, open spots, price per person, confirmed), saved together. */
export function OpenGroupsForm({ tripId, currency, groups, action }: OpenGroupsFormProps) {
  const editor = useEditorForm<Values>({
    schema: () => import('@/lib/forms/guide-trip-schemas').then((schemas) => schemas.openGroupsSchema),
    action,
    defaultValues: { tripId, groups },
    list: 'groups',
    newRow: newGroup,
  });
  return (
    <EditorForm editor={editor} testId="open-groups-form">
      <OpenGroupsFields {...editor.fieldsProps} currency={currency} />
    </EditorForm>
  );
}
