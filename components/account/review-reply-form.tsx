'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { Textarea } from '@/components/ui/input';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';
import { useThreadForm, type ThreadAction } from './use-thread-form';

/** The guide's one public answer to a review of their trip; once stored, the page shows it in place of the form. */
export function ReviewReplyForm({ review, action }: { review: string; action: ThreadAction }) {
  const t = useTranslations('GuideReviewReplies');
  const form = useThreadForm(action, { review, reply: '' });
  const { kit } = form;
  return (
    <ActionForm form={form} testId="review-reply-form">
      <input type="hidden" {...kit.register('review')} />
      <Textarea {...kit.register('reply')} label={t('reply')} rows={3} limit={MAX_MESSAGE_LENGTH} required error={kit.errorOf('reply')} />
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} label={t('submit')} variant="primary" />
    </ActionForm>
  );
}
