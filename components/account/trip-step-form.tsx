'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { useFormAction } from '@/components/forms/use-form-action';
import type { ButtonVariant } from '@/components/ui/button';
import type { SubmitOutcome } from '@/lib/catalogue/publication';
import type { FormAction } from '@/lib/forms/errors';
import styles from './trip-editor.module.css';

export type TripStepFormProps = {
  tripId: number;
  label: string;
  /** What the page says once done (`doneLive` when the step put the trip live); `link` (with `{id}` for the trip answered) follows it. */
  done: string;
  doneLive?: string;
  link?: { href: string; label: string };
  variant?: ButtonVariant;
  testId: string;
  action: FormAction<{ ok: true; id: number; outcome?: SubmitOutcome }>;
};

/** One step of a trip's lifecycle (submit, unpublish, duplicate, approve) as a button; the page then shows where the trip stands. */
export function TripStepForm({ tripId, label, done, doneLive, link, variant = 'secondary', testId, action }: TripStepFormProps) {
  const router = useRouter();
  const form = useFormAction(action, {});
  const { state } = form;
  useEffect(() => {
    if (state.status === 'sent') router.refresh();
  }, [state, router]);
  return (
    <ActionForm form={form} testId={testId}>
      <input type="hidden" name="tripId" defaultValue={tripId} />
      {state.status === 'sent' && state.result ? (
        <p role="status" className={styles.saved}>
          {state.result.outcome === 'live' && doneLive ? doneLive : done} {link ? <a href={link.href.replace('{id}', String(state.result.id))}>{link.label}</a> : null}
        </p>
      ) : (
        <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={state.formError} label={label} variant={variant} />
      )}
    </ActionForm>
  );
}
