'use client';

import { useRouter } from 'next/navigation';
import type { ButtonVariant } from '@/components/ui/button';
import { FormSubmit } from '@/components/forms/form-submit';
import { useActionForm } from '@/components/forms/use-action-form';
import type { ActionResult } from '@/lib/forms/errors';
import type { RequestStepForm as Values } from '@/lib/forms/account-schemas';

type Props = { requestId: number; label: string; variant?: ButtonVariant; testId: string; action: (input: unknown) => Promise<ActionResult> };

/** issue 10: one step of a booking request (cancel, accept, confirm) as a button; the page then shows where it stands. */
export function RequestStepForm({ requestId, label, variant = 'secondary', testId, action }: Props) {
  const router = useRouter();
  const { state, formError, onSubmit, prepare } = useActionForm<Values>({ schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.requestStepSchema), action, defaultValues: { requestId }, onSuccess: () => router.refresh() });

  return (
    <form onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid={testId}>
      <FormSubmit state={state} formError={formError} label={label} variant={variant} />
    </form>
  );
}
