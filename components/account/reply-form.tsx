'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { Textarea } from '@/components/ui/input';
import { FormSubmit } from '@/components/forms/form-submit';
import { useActionForm } from '@/components/forms/use-action-form';
import styles from '@/components/forms/forms.module.css';
import type { ThreadKind } from '@/lib/booking/request-lifecycle';
import type { ActionResult } from '@/lib/forms/errors';
import type { ThreadReplyForm as Values } from '@/lib/forms/account-schemas';

type Props = { threadKind: ThreadKind; threadId: number; action: (input: unknown) => Promise<ActionResult>; side?: 'guide' | 'traveller' };

/** issue 10: a message under a request, from its guide or its traveller; once stored, the page shows it in the conversation. */
export function ReplyForm({ threadKind, threadId, action, side = 'guide' }: Props) {
  const t = useTranslations(side === 'guide' ? 'Account.guide' : 'Account.bookings');
  const router = useRouter();
  const { form, state, formError, errorOf, onSubmit, restart, prepare } = useActionForm<Values>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.threadReplySchema),
    action,
    defaultValues: { threadKind, threadId, message: '' },
  });

  useEffect(() => {
    if (state !== 'sent') return;
    router.refresh();
    restart();
  }, [state, router, restart]);

  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="reply-form">
      <Textarea {...form.register('message')} label={t('replyLabel')} rows={4} required error={errorOf('message')} />
      <FormSubmit state={state} formError={formError} label={t('replySubmit')} variant="primary" />
    </form>
  );
}
