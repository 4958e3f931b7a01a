'use client';

import { ActionForm } from '@/components/forms/action-form';
import { ReviewFields, reviewDefaults, type ReviewFormProps } from './thread-form-fields';
import { useThreadForm } from './use-thread-form';

/** A traveller rates a confirmed trip that has ended (1 to 5 stars, an optional comment); shown as verified. */
export function ReviewForm(props: ReviewFormProps) {
  const form = useThreadForm(props.action, reviewDefaults(props));
  return (
    <ActionForm form={form} testId="review-form">
      <input type="hidden" {...form.kit.register('reference')} />
      <ReviewFields kit={form.kit} state={form.pending ? 'sending' : 'idle'} formError={form.state.formError} />
    </ActionForm>
  );
}
