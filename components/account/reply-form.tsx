'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { formFieldKit } from '@/components/forms/use-form-action';
import { Textarea } from '@/components/ui/input';
import type { ThreadKind } from '@/lib/booking/request-lifecycle';
import { initialFormState } from '@/lib/forms/form-state';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';
import { useThreadForm, type ThreadAction } from './use-thread-form';

export type ReplyFormProps = { threadKind: ThreadKind; reference: string; action: ThreadAction; side?: 'guide' | 'traveller' };

/** A message under a request, from its guide or its traveller; once stored, the page shows it in the conversation. */
export function ReplyForm({ threadKind, reference, action, side = 'guide' }: ReplyFormProps) {
  const t = useTranslations(side === 'guide' ? 'Account.guide' : 'Account.bookings');
  const defaults = { threadKind, reference, message: '' };
  const form = useThreadForm(action, defaults);
  // Once a message is stored the box is empty again, with a key of its own for the next one.
  const sent = form.state.status === 'sent';
  const shown = sent ? { ...form, state: initialFormState, kit: formFieldKit(defaults, initialFormState) } : form;
  const { kit } = shown;
  return (
    <ActionForm key={sent ? form.state.values.idempotencyKey : 'writing'} form={shown} testId="reply-form">
      <input type="hidden" {...kit.register('threadKind')} />
      <input type="hidden" {...kit.register('reference')} />
      <Textarea {...kit.register('message')} label={t('replyLabel')} rows={4} limit={MAX_MESSAGE_LENGTH} required error={kit.errorOf('message')} />
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={shown.state.formError} label={t('replySubmit')} variant="primary" />
    </ActionForm>
  );
}
