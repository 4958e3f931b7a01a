'use client';

import { ActionForm } from '@/components/forms/action-form';
import { RequestStepFields, type RequestStepFormProps } from './thread-form-fields';
import { useThreadForm } from './use-thread-form';

/** One step of a booking request (cancel, accept, confirm) as a button; the page then shows where it stands. */
export function RequestStepForm({ reference, label, variant, testId, action }: RequestStepFormProps) {
  const form = useThreadForm(action, { reference });
  return (
    <ActionForm form={form} testId={testId}>
      <input type="hidden" {...form.kit.register('reference')} />
      <RequestStepFields label={label} variant={variant} state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} />
    </ActionForm>
  );
}
