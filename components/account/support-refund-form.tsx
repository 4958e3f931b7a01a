'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { Input } from '@/components/ui/input';
import { minorUnitDigits } from '@/lib/money/currency';
import { useThreadForm, type ThreadAction } from './use-thread-form';

export type SupportRefundFormProps = { reference: string; currency: string; /** What is still held, in major units: the full refund, to start from. */ held: number; action: ThreadAction };

/**
 * Support refunds part or all of a late cancellation: the amount (all that is held, to start
 * from; steps of the currency's minor unit), then the button; the list then shows what is still held.
 */
export function SupportRefundForm({ reference, currency, held, action }: SupportRefundFormProps) {
  const t = useTranslations('Account.support');
  const form = useThreadForm(action, { reference, amount: held });
  const { kit } = form;
  return (
    <ActionForm form={form} testId="support-refund-form">
      <input type="hidden" {...kit.register('reference')} />
      <Input {...kit.register('amount')} type="number" inputMode="decimal" min={0} step={10 ** -minorUnitDigits(currency)} label={t('refundAmount', { currency })} required error={kit.errorOf('amount')} />
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} label={t('refundSubmit')} variant="primary" />
    </ActionForm>
  );
}
