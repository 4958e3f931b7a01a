'use client';

import { FormProvider, useController } from 'react-hook-form';
import type { TypedForm } from '@/components/forms/typed-form';
import type { TripSeasonsForm as Values } from '@/lib/forms/guide-trip-schemas';
import { MonthDayView, SeasonsFields, newSeason, type MonthDayProps, type Season, type SeasonsFormProps } from './editor-fields';
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

/**
 * What the server's HTML held, with each season end's two lists (`seasons.0.from.month`, `….day`)
 * back as the one `MM-DD` value the form keeps (`seasons.0.from`).
 */
export function seasonsTyped(typed: TypedForm | undefined, seasons: Season[]): TypedForm | undefined {
  if (!typed) return typed;
  const values: Record<string, unknown> = {};
  const ends: Record<string, { month?: string; day?: string }> = {};
  for (const [name, value] of Object.entries(typed.values)) {
    const match = /^(seasons\.(\d+)\.(from|to))\.(day|month)$/.exec(name);
    if (match) (ends[match[1]!] ??= {})[match[4] as 'day' | 'month'] = String(value);
    else values[name] = value;
  }
  for (const [name, changed] of Object.entries(ends)) {
    const [, index, end] = name.split('.') as [string, string, 'from' | 'to'];
    const [month = '01', day = '01'] = (seasons[Number(index)]?.[end] ?? '01-01').split('-');
    values[name] = `${changed.month ?? month}-${changed.day ?? day}`;
  }
  return { ...typed, values };
}

/** The periods of the year a trip runs (spec §4 calendar 'out of season' outside them), saved together. */
export function SeasonsForm({ tripId, seasons, months, action, typed }: SeasonsFormProps & { typed?: TypedForm }) {
  const editor = useEditorForm<Values>({
    schema: () => import('@/lib/forms/guide-trip-schemas').then((schemas) => schemas.tripSeasonsSchema),
    action,
    defaultValues: { tripId, seasons },
    typed: seasonsTyped(typed, seasons),
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
