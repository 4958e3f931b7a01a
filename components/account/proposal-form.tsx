'use client';

import { ActionForm } from '@/components/forms/action-form';
import { ProposalFields, proposalDefaults, type ProposalFormProps } from './thread-form-fields';
import { useThreadForm } from './use-thread-form';

/** A guide proposes exact dates and a price for the whole group. */
export function ProposalForm(props: ProposalFormProps) {
  const form = useThreadForm(props.action, proposalDefaults(props));
  return (
    <ActionForm form={form} testId="proposal-form">
      <input type="hidden" {...form.kit.register('reference')} />
      <ProposalFields kit={form.kit} currency={props.currency} state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} />
    </ActionForm>
  );
}
