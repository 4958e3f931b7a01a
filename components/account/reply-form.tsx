'use client';

import { ActionForm } from '@/components/forms/action-form';
import { formFieldKit } from '@/components/forms/use-form-action';
import { initialFormState } from '@/lib/forms/form-state';
import { ReplyFields, replyDefaults, type ReplyFormProps } from './thread-form-fields';
import { useThreadForm } from './use-thread-form';

/** A message under a request, from its guide or its traveller; once stored, the page shows it in the conversation. */
export function ReplyForm(props: ReplyFormProps) {
  const defaults = replyDefaults(props);
  const form = useThreadForm(props.action, defaults);
  // Once a message is stored the box is empty again, with a key of its own for the next one.
  const sent = form.state.status === 'sent';
  const shown = sent ? { ...form, state: initialFormState, kit: formFieldKit(defaults, initialFormState) } : form;
  return (
    <ActionForm key={sent ? form.state.values.idempotencyKey : 'writing'} form={shown} testId="reply-form">
      <input type="hidden" {...shown.kit.register('threadKind')} />
      <input type="hidden" {...shown.kit.register('reference')} />
      <ReplyFields kit={shown.kit} side={props.side} state={form.pending ? 'sending' : 'idle'} formError={shown.state.formError} />
    </ActionForm>
  );
}
