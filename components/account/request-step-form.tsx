'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import type { ButtonVariant } from '@/components/ui/button';
import { FormSubmit } from '@/components/forms/form-submit';
import { useActionForm } from '@/components/forms/use-action-form';
import type { ActionResult } from '@/lib/forms/errors';
import { requestStepSchema, type RequestStepForm as Values } from '@/lib/forms/account-schemas';

type Props = { requestId: number; label: string; variant?: ButtonVariant; testId: string; action: (input: unknown) => Promise<ActionResult> };

/** issue 10: one step of a booking request (cancel, accept, confirm) as a button; the page then shows where it stands. */
export function RequestStepForm({ requestId, label, variant = 'secondary', testId, action }: Props) {
  const router = useRouter();
  const { state, formError, onSubmit } = useActionForm<Values>({ schema: requestStepSchema, action, defaultValues: { requestId } });

  useEffect(() => {
    if (state === 'sent') router.refresh();
  }, [state, router]);

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={state === 'sending'} data-testid={testId}>
      <FormSubmit state={state} formError={formError} label={label} variant={variant} />
    </form>
  );
}
