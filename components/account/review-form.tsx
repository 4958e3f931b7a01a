'use client';

import { useRouter } from 'next/navigation';
import { clientFieldKit } from '@/components/forms/client-field-kit';
import type { TypedForm } from '@/components/forms/typed-form';
import { useActionForm } from '@/components/forms/use-action-form';
import formStyles from '@/components/forms/forms.module.css';
import type { ReviewForm as Values } from '@/lib/forms/account-schemas';
import type { Submitted } from '@/lib/forms/errors';
import { ReviewFields, reviewDefaults, type ReviewFormProps } from './thread-form-fields';

/** A traveller rates a confirmed trip that has ended (1 to 5 stars, an optional comment); shown as verified. */
export function ReviewForm({ typed, ...props }: ReviewFormProps & { typed?: TypedForm }) {
  const router = useRouter();
  const { form, state, formError, errorOf, onSubmit, prepare, formRef } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/account-schemas').then((schemas) => schemas.reviewSchema),
    action: props.action,
    defaultValues: reviewDefaults(props),
    onSuccess: () => router.refresh(),
    typed,
  });

  return (
    <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="review-form">
      <ReviewFields kit={clientFieldKit(form, errorOf, typed)} state={state} formError={formError} />
    </form>
  );
}
