'use client';

import { ActionForm } from '@/components/forms/action-form';
import { SupportRefundFields, supportRefundDefaults, type SupportRefundFormProps } from './thread-form-fields';
import { useThreadForm } from './use-thread-form';

/** Support refunds part or all of a late cancellation; the list then shows what is still held. */
export function SupportRefundForm(props: SupportRefundFormProps) {
  const form = useThreadForm(props.action, supportRefundDefaults(props));
  return (
    <ActionForm form={form} testId="support-refund-form">
      <input type="hidden" {...form.kit.register('reference')} />
      <SupportRefundFields kit={form.kit} currency={props.currency} state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} />
    </ActionForm>
  );
}
