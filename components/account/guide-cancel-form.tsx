'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { Textarea } from '@/components/ui/input';
import { MAX_MESSAGE_LENGTH } from '@/lib/forms/text-limits';
import { useThreadForm, type ThreadAction } from './use-thread-form';

export type GuideCancelFormProps = { reference: string; action: ThreadAction };

/** A guide cancels a secured booking: the reason the traveller reads, then the button that refunds; the page then shows it cancelled. */
export function GuideCancelForm({ reference, action }: GuideCancelFormProps) {
  const t = useTranslations('Account.guide');
  const form = useThreadForm(action, { reference, reason: '' });
  const { kit } = form;
  return (
    <ActionForm form={form} testId="guide-cancel-form">
      <input type="hidden" {...kit.register('reference')} />
      <Textarea {...kit.register('reason')} label={t('cancelReason')} rows={3} limit={MAX_MESSAGE_LENGTH} required error={kit.errorOf('reason')} />
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={form.kit.errorOf('form') ?? form.state.formError} label={t('cancelSubmit')} variant="primary" />
    </ActionForm>
  );
}
