'use client';

import { FormProvider, useController } from 'react-hook-form';
import type { TripSeasonsForm as Values } from '@/lib/forms/guide-trip-schemas';
import { MonthDayView, SeasonsFields, newSeason, type MonthDayProps, type SeasonsFormProps } from './editor-fields';
import { EditorForm, useEditorForm } from './use-editor-form';

/** A season's end (`MM-DD`) as react-hook-form holds it, changed through its two lists. */
function ControlledMonthDay(props: Omit<MonthDayProps, 'day' | 'month'>) {
  const { field } = useController({ name: props.name });
  const value = typeof field.value === 'string' ? field.value : '';
  const [month = '01', day = '01'] = value.split('-');
  return (
    <MonthDayView
      {...props}
      day={{ value: day, onChange: (event) => field.onChange(`${month}-${event.target.value}`), onBlur: field.onBlur }}
      month={{ value: month, onChange: (event) => field.onChange(`${event.target.value}-${day}`), onBlur: field.onBlur }}
    />
  );
}

/** The periods of the year a trip runs (spec §4 calendar 'out of season' outside them), saved together. */
export function SeasonsForm({ tripId, seasons, months, action }: SeasonsFormProps) {
  const editor = useEditorForm<Values>({
    schema: () => import('@/lib/forms/guide-trip-schemas').then((schemas) => schemas.tripSeasonsSchema),
    action,
    defaultValues: { tripId, seasons },
    list: 'seasons',
    newRow: newSeason,
  });
  return (
    <FormProvider {...editor.form}>
      <EditorForm editor={editor} testId="seasons-form">
        <SeasonsFields {...editor.fieldsProps} months={months} MonthDay={ControlledMonthDay} />
      </EditorForm>
    </FormProvider>
  );
}
