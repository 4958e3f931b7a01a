'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { clientFieldKit } from '@/components/forms/client-field-kit';
import type { TypedForm } from '@/components/forms/typed-form';
import { useActionForm } from '@/components/forms/use-action-form';
import styles from '@/components/forms/forms.module.css';
import type { ThreadReplyForm as Values } from '@/lib/forms/account-schemas';
import type { Submitted } from '@/lib/forms/errors';
import { ReplyFields, replyDefaults, type ReplyFormProps } from './thread-form-fields';

/** A message under a request, from its guide or its traveller; once stored, the page shows it in the conversation. */
export function ReplyForm({ typed, ...props }: ReplyFormProps & { typed?: TypedForm }) {
  const router = useRouter();
  const { form, state, formError, errorOf, onSubmit, restart, prepare, formRef } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.threadReplySchema),
    action: props.action,
    defaultValues: replyDefaults(props),
    typed,
  });

  useEffect(() => {
    if (state !== 'sent') return;
    router.refresh();
    restart();
  }, [state, router, restart]);

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="reply-form">
      <ReplyFields kit={clientFieldKit(form, errorOf, typed)} side={props.side} state={state} formError={formError} />
    </form>
  );
}
