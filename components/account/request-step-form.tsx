'use client';

import { useRouter } from 'next/navigation';
import type { TypedForm } from '@/components/forms/typed-form';
import { useActionForm } from '@/components/forms/use-action-form';
import type { RequestStepForm as Values } from '@/lib/forms/account-schemas';
import type { Submitted } from '@/lib/forms/errors';
import { RequestStepFields, type RequestStepFormProps } from './thread-form-fields';

/** One step of a booking request (cancel, accept, confirm) as a button; the page then shows where it stands. */
export function RequestStepForm({ reference, label, variant, testId, action, typed }: RequestStepFormProps & { typed?: TypedForm }) {
  const router = useRouter();
  const { state, formError, onSubmit, prepare, formRef } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.requestStepSchema),
    action,
    defaultValues: { reference },
    onSuccess: () => router.refresh(),
    typed,
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid={testId}>
      <RequestStepFields label={label} variant={variant} state={state} formError={formError} />
    </form>
  );
}
