'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { useFormAction } from '@/components/forms/use-form-action';
import { Textarea } from '@/components/ui/input';
import type { FormAction } from '@/lib/forms/errors';
import styles from './trip-editor.module.css';

export type TripReturnFormProps = {
  tripId: number;
  labels: { reason: string; hint: string; submit: string; done: string };
  action: FormAction<{ ok: true; id: number }>;
};

/** Support sends a submitted trip back to its guide: the reason is required and goes to the guide in their e-mail. */
export function TripReturnForm({ tripId, labels, action }: TripReturnFormProps) {
  const router = useRouter();
  const form = useFormAction(action, { reason: '' });
  const { state, kit } = form;
  useEffect(() => {
    if (state.status === 'sent') router.refresh();
  }, [state, router]);
  return (
    <ActionForm form={form} testId="return-trip">
      <input type="hidden" name="tripId" defaultValue={tripId} />
      {state.status === 'sent' ? (
        <p role="status" className={styles.saved}>
          {labels.done}
        </p>
      ) : (
        <>
          <Textarea {...kit.register('reason')} label={labels.reason} hint={labels.hint} rows={3} error={kit.errorOf('reason')} />
          <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={state.formError} label={labels.submit} variant="secondary" />
        </>
      )}
    </ActionForm>
  );
}
