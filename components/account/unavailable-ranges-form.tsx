'use client';

import { UnavailableRangesFields, newRange, type UnavailableRangesFormProps } from './editor-fields';
import { EditorForm, useEditorForm } from './use-editor-form';

/** The days a guide cannot take a trip (spec §4 calendar 'guide unavailable'), saved together. */
export function UnavailableRangesForm({ tripId, ranges, today, action }: UnavailableRangesFormProps) {
  const editor = useEditorForm({
    schema: () => import('@/lib/forms/guide-trip-schemas').then((schemas) => schemas.unavailableRangesSchema),
    action,
    list: 'ranges',
    rows: ranges,
    newRow: newRange,
  });
  return (
    <EditorForm editor={editor} tripId={tripId} testId="unavailable-form">
      <UnavailableRangesFields {...editor.fieldsProps} today={today} />
    </EditorForm>
  );
}
