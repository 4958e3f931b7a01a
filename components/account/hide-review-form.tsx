'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { Textarea } from '@/components/ui/input';
import { useThreadForm, type ThreadAction } from './use-thread-form';

/** Support hides a review that breaks the rules, with the reason kept. */
export function HideReviewForm({ review, action }: { review: string; action: ThreadAction }) {
  const t = useTranslations('ReviewModeration');
  const form = useThreadForm(action, { review, reason: '' });
  const { kit } = form;
  return (
    <ActionForm form={form} testId="hide-review-form">
      <input type="hidden" {...kit.register('review')} />
      <Textarea {...kit.register('reason')} label={t('reason')} rows={2} limit={500} required error={kit.errorOf('reason')} />
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} label={t('submit')} variant="secondary" />
    </ActionForm>
  );
}
