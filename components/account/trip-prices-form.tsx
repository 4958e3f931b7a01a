'use client';

import { TripPricesFields, newPrice, type TripPricesFormProps } from './editor-fields';
import { EditorForm, useEditorForm } from './use-editor-form';

/** A trip's price entries by group size (spec §3), added, changed and removed in one save. */
export function TripPricesForm({ tripId, currency, entries, action }: TripPricesFormProps) {
  const editor = useEditorForm({
    schema: () => import('@/lib/forms/guide-trip-schemas').then((schemas) => schemas.tripPricesSchema),
    action,
    list: 'entries',
    rows: entries,
    newRow: newPrice,
  });
  return (
    <EditorForm editor={editor} tripId={tripId} testId="prices-form">
      <TripPricesFields {...editor.fieldsProps} currency={currency} />
    </EditorForm>
  );
}
