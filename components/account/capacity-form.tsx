'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { useFormAction } from '@/components/forms/use-form-action';
import { Input } from '@/components/ui/input';
import type { FormAction } from '@/lib/forms/errors';
import { MAX_MONTHLY_CAPACITY } from '@/lib/forms/guide-field-limits';
import styles from './trip-editor.module.css';

export type CapacityFormProps = { tripId: number; monthlyCapacity: number; action: FormAction<{ ok: true; id: number }> };

/** How many departures of a trip the guide takes per month: past it, the calendar shows the month sold out. */
export function CapacityForm({ tripId, monthlyCapacity, action }: CapacityFormProps) {
  const t = useTranslations('Account.trips');
  const router = useRouter();
  const form = useFormAction(action, { monthlyCapacity }, { schema: () => import('@/lib/forms/guide-trip-schemas').then((schemas) => schemas.tripCapacitySchema) });
  const { state, kit } = form;
  // The month table beside it is the server's: drawn again once saved.
  useEffect(() => {
    if (state.status === 'sent') router.refresh();
  }, [state, router]);
  return (
    <ActionForm form={form} testId="capacity-form" className={styles.form}>
      <input type="hidden" name="tripId" defaultValue={tripId} />
      <Input {...kit.register('monthlyCapacity')} type="number" inputMode="numeric" min={1} max={MAX_MONTHLY_CAPACITY} step={1} label={t('capacity')} error={kit.errorOf('monthlyCapacity')} />
      {state.status === 'sent' ? (
        <p role="status" className={styles.saved}>
          {t('saved')}
        </p>
      ) : null}
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={state.formError} label={t('saveCapacity')} variant="primary" />
    </ActionForm>
  );
}
