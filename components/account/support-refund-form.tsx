'use client';

import { useRouter } from 'next/navigation';
import { clientFieldKit } from '@/components/forms/client-field-kit';
import type { TypedForm } from '@/components/forms/typed-form';
import { useActionForm } from '@/components/forms/use-action-form';
import styles from '@/components/forms/forms.module.css';
import type { SupportRefundForm as Values } from '@/lib/forms/account-schemas';
import type { Submitted } from '@/lib/forms/errors';
import { SupportRefundFields, supportRefundDefaults, type SupportRefundFormProps } from './thread-form-fields';

/** Support refunds part or all of a late cancellation; the list then shows what is still held. */
export function SupportRefundForm({ typed, ...props }: SupportRefundFormProps & { typed?: TypedForm }) {
  const router = useRouter();
  const { form, state, formError, errorOf, onSubmit, prepare, formRef } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.supportRefundSchema),
    action: props.action,
    defaultValues: supportRefundDefaults(props),
    onSuccess: () => router.refresh(),
    typed,
  });
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="support-refund-form">
      <SupportRefundFields kit={clientFieldKit(form, errorOf, typed)} currency={props.currency} state={state} formError={formError} />
    </form>
  );
}
