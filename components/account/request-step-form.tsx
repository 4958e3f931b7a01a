'use client';

import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import type { ButtonVariant } from '@/components/ui/button';
import { useThreadForm, type ThreadAction } from './use-thread-form';

export type RequestStepFormProps = { reference: string; label: string; variant?: ButtonVariant; testId: string; action: ThreadAction };

/** One step of a booking request (cancel, accept, confirm) as a button; the page then shows where it stands. */
export function RequestStepForm({ reference, label, variant = 'secondary', testId, action }: RequestStepFormProps) {
  const form = useThreadForm(action, { reference });
  return (
    <ActionForm form={form} testId={testId}>
      <input type="hidden" {...form.kit.register('reference')} />
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={form.kit.errorOf('form') ?? form.state.formError} label={label} variant={variant} />
    </ActionForm>
  );
}
