'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { Select } from '@/components/ui/select';
import { FormSubmit } from '@/components/forms/form-submit';
import { useActionForm } from '@/components/forms/use-action-form';
import styles from '@/components/forms/forms.module.css';
import type { ActionResult } from '@/lib/forms/errors';
import type { ReassignForm as Values } from '@/lib/forms/account-schemas';

type Props = { requestId: number; candidates: Array<{ id: number; name: string }>; action: (input: unknown) => Promise<ActionResult> };

/** issue 10: support hands an overdue request to another guide of the same area. */
export function ReassignForm({ requestId, candidates, action }: Props) {
  const t = useTranslations('Account.support');
  const router = useRouter();
  const { form, state, formError, errorOf, onSubmit, prepare } = useActionForm<Values>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.reassignSchema),
    action,
    defaultValues: { requestId, guideId: candidates[0]?.id },
    onSuccess: () => router.refresh(),
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="reassign-form">
      <Select
        {...form.register('guideId', { valueAsNumber: true })}
        label={t('reassignTo')}
        options={candidates.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
        error={errorOf('guideId')}
      />
      <FormSubmit state={state} formError={formError} label={t('reassign')} variant="primary" />
    </form>
  );
}
