'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { Select } from '@/components/ui/select';
import { useThreadForm, type ThreadAction } from './use-thread-form';

export type ReassignFormProps = { reference: string; candidates: Array<{ id: number; name: string }>; action: ThreadAction };

/** Support hands an overdue request to another guide of the same area. */
export function ReassignForm({ reference, candidates, action }: ReassignFormProps) {
  const t = useTranslations('Account.support');
  const form = useThreadForm(action, { reference, guideId: candidates[0]?.id });
  const { kit } = form;
  return (
    <ActionForm form={form} testId="reassign-form">
      <input type="hidden" {...kit.register('reference')} />
      <Select
        {...kit.register('guideId')}
        label={t('reassignTo')}
        options={candidates.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
        error={kit.errorOf('guideId')}
      />
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} label={t('reassign')} variant="primary" />
    </ActionForm>
  );
}
