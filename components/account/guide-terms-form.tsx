'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { useFormAction } from '@/components/forms/use-form-action';
import { Input, Textarea } from '@/components/ui/input';
import { LEAD_DAYS_RANGE } from '@/lib/booking/lead-days';
import type { FormAction } from '@/lib/forms/errors';
import { MAX_PAYMENT_INSTRUCTIONS_LENGTH } from '@/lib/forms/guide-field-limits';
import styles from './trip-editor.module.css';

export type GuideTermsFormProps = {
  leadDays: number;
  paymentInstructions: string | null;
  /** Payments off: travellers pay the guide, who says how here; the hint states the amounts' rule. */
  instructions: { hint: string } | null;
  action: FormAction<{ ok: true }>;
};

/** A guide's booking terms: the lead time a request needs, and (payments off) how travellers pay them. */
export function GuideTermsForm({ leadDays, paymentInstructions, instructions, action }: GuideTermsFormProps) {
  const t = useTranslations('GuideTerms');
  const form = useFormAction(action, { leadDays, paymentInstructions: paymentInstructions ?? '' }, { schema: () => import('@/lib/forms/guide-terms-schema').then((schemas) => schemas.guideTermsSchema) });
  const { state, kit } = form;
  return (
    <ActionForm form={form} testId="guide-terms-form" className={styles.form}>
      <Input {...kit.register('leadDays')} type="number" inputMode="numeric" min={LEAD_DAYS_RANGE.min} max={LEAD_DAYS_RANGE.max} step={1} label={t('leadDays')} hint={t('leadDaysHint')} error={kit.errorOf('leadDays')} />
      {instructions ? (
        <Textarea {...kit.register('paymentInstructions')} label={t('paymentInstructions')} hint={instructions.hint} rows={5} limit={MAX_PAYMENT_INSTRUCTIONS_LENGTH} error={kit.errorOf('paymentInstructions')} />
      ) : (
        <input type="hidden" {...kit.register('paymentInstructions')} />
      )}
      {state.status === 'sent' ? (
        <p role="status" className={styles.saved}>
          {t('saved')}
        </p>
      ) : null}
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={state.formError} label={t('save')} variant="primary" />
    </ActionForm>
  );
}
