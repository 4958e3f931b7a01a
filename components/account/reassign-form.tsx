'use client';

import { useRouter } from 'next/navigation';
import { clientFieldKit } from '@/components/forms/client-field-kit';
import type { TypedForm } from '@/components/forms/typed-form';
import { useActionForm } from '@/components/forms/use-action-form';
import styles from '@/components/forms/forms.module.css';
import type { ReassignForm as Values } from '@/lib/forms/account-schemas';
import type { Submitted } from '@/lib/forms/errors';
import { ReassignFields, reassignDefaults, type ReassignFormProps } from './thread-form-fields';

/** Support hands an overdue request to another guide of the same area. */
export function ReassignForm({ typed, ...props }: ReassignFormProps & { typed?: TypedForm }) {
  const router = useRouter();
  const { form, state, formError, errorOf, onSubmit, prepare, formRef } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.reassignSchema),
    action: props.action,
    defaultValues: reassignDefaults(props),
    onSuccess: () => router.refresh(),
    typed,
  });
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="reassign-form">
      <ReassignFields kit={clientFieldKit(form, errorOf, typed)} candidates={props.candidates} state={state} formError={formError} />
    </form>
  );
}
