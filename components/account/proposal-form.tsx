'use client';

import { useRouter } from 'next/navigation';
import { clientFieldKit } from '@/components/forms/client-field-kit';
import type { TypedForm } from '@/components/forms/typed-form';
import { useActionForm } from '@/components/forms/use-action-form';
import styles from '@/components/forms/forms.module.css';
import type { ProposalForm as Values } from '@/lib/forms/account-schemas';
import type { Submitted } from '@/lib/forms/errors';
import { ProposalFields, proposalDefaults, type ProposalFormProps } from './thread-form-fields';

/** A guide proposes exact dates and a price for the whole group. */
export function ProposalForm({ typed, ...props }: ProposalFormProps & { typed?: TypedForm }) {
  const router = useRouter();
  const { form, state, formError, errorOf, onSubmit, prepare, formRef } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.proposalSchema),
    action: props.action,
    defaultValues: proposalDefaults(props),
    onSuccess: () => router.refresh(),
    typed,
  });

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="proposal-form">
      <ProposalFields kit={clientFieldKit(form, errorOf, typed)} currency={props.currency} state={state} formError={formError} />
    </form>
  );
}
