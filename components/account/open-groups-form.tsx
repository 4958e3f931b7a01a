'use client';

import { OpenGroupsFields, newGroup, type OpenGroupsFormProps } from './editor-fields';
import { EditorForm, useEditorForm } from './use-editor-form';

/** A trip's upcoming open groups (spec §3: date, open spots, price per person, confirmed), saved together. */
export function OpenGroupsForm({ tripId, currency, groups, action }: OpenGroupsFormProps) {
  const editor = useEditorForm({
    schema: () => import('@/lib/forms/guide-trip-schemas').then((schemas) => schemas.openGroupsSchema),
    action,
    list: 'groups',
    rows: groups,
    newRow: newGroup,
  });
  return (
    <EditorForm editor={editor} tripId={tripId} testId="open-groups-form">
      <OpenGroupsFields {...editor.fieldsProps} currency={currency} />
    </EditorForm>
  );
}
