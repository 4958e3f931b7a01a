'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { Input } from '@/components/ui/input';
import { useThreadForm, type ThreadAction } from './use-thread-form';

export type SupportRefundFormProps = { reference: string; currency: string; /** What is still held, written in the page's locale: the full refund, to start from. */ held: string; action: ThreadAction };

/**
 * Support refunds part or all of a late cancellation: the amount as written in the page's language
 * (all that is held, to start from; read strictly on the server), then the button; the list then
 * shows what is still held. A refusal (another refund came first, a badly written amount) shows here.
 */
export function SupportRefundForm({ reference, currency, held, action }: SupportRefundFormProps) {
  const t = useTranslations('Account.support');
  const form = useThreadForm(action, { reference, amount: held });
  const { kit } = form;
  return (
    <ActionForm form={form} testId="support-refund-form">
      <input type="hidden" {...kit.register('reference')} />
      <Input {...kit.register('amount')} type="text" inputMode="decimal" autoComplete="off" label={t('refundAmount', { currency })} required error={kit.errorOf('amount')} />
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={kit.errorOf('form') ?? form.state.formError} label={t('refundSubmit')} variant="primary" />
    </ActionForm>
  );
}
