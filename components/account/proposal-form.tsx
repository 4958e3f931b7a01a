'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import styles from '@/components/forms/forms.module.css';
import { Input, Textarea } from '@/components/ui/input';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';
import { useThreadForm, type ThreadAction } from './use-thread-form';

export type ProposalFormProps = {
  reference: string;
  /** The trip's currency: the proposal is priced in it. */
  currency: string;
  /** What the traveller asked for, to start from. */
  initial: { start: string | null; end: string | null; total: number | null };
  action: ThreadAction;
};

/** A guide proposes exact dates and a price for the whole group. */
export function ProposalForm({ reference, currency, initial, action }: ProposalFormProps) {
  const t = useTranslations('Account.proposal');
  const form = useThreadForm(action, { reference, dates: { start: initial.start ?? '', end: initial.end ?? '' }, total: initial.total ?? '', message: '' });
  const { kit } = form;
  return (
    <ActionForm form={form} testId="proposal-form">
      <input type="hidden" {...kit.register('reference')} />
      <div className={styles.row}>
        <Input {...kit.register('dates.start')} type="date" label={t('start')} required error={kit.errorOf('dates')} />
        <Input {...kit.register('dates.end')} type="date" label={t('end')} required />
      </div>
      <Input {...kit.register('total')} type="number" inputMode="numeric" min={1} step={1} label={t('total', { currency })} required error={kit.errorOf('total')} />
      <Textarea {...kit.register('message')} label={t('message')} rows={3} limit={MAX_MESSAGE_LENGTH} error={kit.errorOf('message')} />
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} label={t('submit')} variant="accent" />
    </ActionForm>
  );
}
