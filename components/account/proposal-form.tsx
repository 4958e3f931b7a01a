'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { Input, Textarea } from '@/components/ui/input';
import { FormSubmit } from '@/components/forms/form-submit';
import { useActionForm } from '@/components/forms/use-action-form';
import styles from '@/components/forms/forms.module.css';
import type { ActionResult } from '@/lib/forms/errors';
import type { ProposalForm as Values } from '@/lib/forms/account-schemas';

type Props = {
  requestId: number;
  /** The trip's currency: the proposal is priced in it. */
  currency: string;
  /** What the traveller asked for, to start from. */
  initial: { start: string | null; end: string | null; total: number | null };
  action: (input: unknown) => Promise<ActionResult>;
};

/** issue 10: a guide proposes exact dates and a price for the whole group. */
export function ProposalForm({ requestId, currency, initial, action }: Props) {
  const t = useTranslations('Account.proposal');
  const router = useRouter();
  const { form, state, formError, errorOf, onSubmit, prepare } = useActionForm<Values>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.proposalSchema),
    action,
    defaultValues: { requestId, dates: { start: initial.start, end: initial.end }, total: initial.total ?? undefined, message: '' },
    onSuccess: () => router.refresh(),
  });
  const { register } = form;

  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="proposal-form">
      <div className={styles.row}>
        <Input {...register('dates.start', { setValueAs: (value: string) => value || null })} type="date" label={t('start')} required error={errorOf('dates')} />
        <Input {...register('dates.end', { setValueAs: (value: string) => value || null })} type="date" label={t('end')} required />
      </div>
      <Input {...register('total', { valueAsNumber: true })} type="number" inputMode="numeric" min={1} step={1} label={t('total', { currency })} required error={errorOf('total')} />
      <Textarea {...register('message')} label={t('message')} rows={3} error={errorOf('message')} />
      <FormSubmit state={state} formError={formError} label={t('submit')} variant="accent" />
    </form>
  );
}
