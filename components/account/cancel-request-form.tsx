'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { FormSubmit } from '@/components/forms/form-submit';
import { useActionForm } from '@/components/forms/use-action-form';
import type { ActionResult } from '@/lib/forms/errors';
import { cancelRequestSchema } from '@/lib/forms/account-schemas';
import type { z } from 'zod';

type Props = { requestId: number; action: (input: unknown) => Promise<ActionResult> };

/** issue 10: a traveller cancels a request from My trips; the page then shows it cancelled. */
export function CancelRequestForm({ requestId, action }: Props) {
  const t = useTranslations('Account.bookings');
  const router = useRouter();
  const { state, formError, onSubmit } = useActionForm<z.input<typeof cancelRequestSchema>>({ schema: cancelRequestSchema, action, defaultValues: { requestId } });

  useEffect(() => {
    if (state === 'sent') router.refresh();
  }, [state, router]);

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={state === 'sending'} data-testid="cancel-request">
      <FormSubmit state={state} formError={formError} label={t('cancel')} variant="secondary" />
    </form>
  );
}
