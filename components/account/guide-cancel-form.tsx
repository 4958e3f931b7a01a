'use client';

import { useRouter } from 'next/navigation';
import { clientFieldKit } from '@/components/forms/client-field-kit';
import type { TypedForm } from '@/components/forms/typed-form';
import { useActionForm } from '@/components/forms/use-action-form';
import styles from '@/components/forms/forms.module.css';
import type { GuideCancelForm as Values } from '@/lib/forms/account-schemas';
import type { Submitted } from '@/lib/forms/errors';
import { GuideCancelFields, guideCancelDefaults, type GuideCancelFormProps } from './thread-form-fields';

/** A guide cancels a secured booking with a reason; the page then shows it cancelled. */
export function GuideCancelForm({ typed, ...props }: GuideCancelFormProps & { typed?: TypedForm }) {
  const router = useRouter();
  const { form, state, formError, errorOf, onSubmit, prepare, formRef } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.guideCancelSchema),
    action: props.action,
    defaultValues: guideCancelDefaults(props),
    onSuccess: () => router.refresh(),
    typed,
  });
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="guide-cancel-form">
      <GuideCancelFields kit={clientFieldKit(form, errorOf, typed)} state={state} formError={formError} />
    </form>
  );
}
