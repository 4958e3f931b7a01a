'use client';

import { ActionForm } from '@/components/forms/action-form';
import { GuideCancelFields, guideCancelDefaults, type GuideCancelFormProps } from './thread-form-fields';
import { useThreadForm } from './use-thread-form';

/** A guide cancels a secured booking with a reason; the page then shows it cancelled. */
export function GuideCancelForm(props: GuideCancelFormProps) {
  const form = useThreadForm(props.action, guideCancelDefaults(props));
  return (
    <ActionForm form={form} testId="guide-cancel-form">
      <input type="hidden" {...form.kit.register('reference')} />
      <GuideCancelFields kit={form.kit} state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} />
    </ActionForm>
  );
}
