'use client';

import { ActionForm } from '@/components/forms/action-form';
import { ReassignFields, reassignDefaults, type ReassignFormProps } from './thread-form-fields';
import { useThreadForm } from './use-thread-form';

/** Support hands an overdue request to another guide of the same area. */
export function ReassignForm(props: ReassignFormProps) {
  const form = useThreadForm(props.action, reassignDefaults(props));
  return (
    <ActionForm form={form} testId="reassign-form">
      <input type="hidden" {...form.kit.register('reference')} />
      <ReassignFields kit={form.kit} candidates={props.candidates} state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} />
    </ActionForm>
  );
}
