'use client';

import { SeasonsFields, newSeason, seasonRow, type SeasonsFormProps } from './editor-fields';
import { EditorForm, useEditorForm } from './use-editor-form';

/** The periods of the year a trip runs (spec §4 calendar 'out of season' outside them), saved together. */
export function SeasonsForm({ tripId, seasons, months, action }: SeasonsFormProps) {
  const editor = useEditorForm({
    schema: () => import('@/lib/forms/guide-trip-schemas').then((schemas) => schemas.tripSeasonsSchema),
    action,
    list: 'seasons',
    rows: seasons.map(seasonRow),
    newRow: newSeason,
  });
  return (
    <EditorForm editor={editor} tripId={tripId} testId="seasons-form">
      <SeasonsFields {...editor.fieldsProps} months={months} />
    </EditorForm>
  );
}
