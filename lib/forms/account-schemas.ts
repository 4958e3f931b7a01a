import { z } from 'zod';
import { threadKinds } from '../booking/request-lifecycle';
import { formErrors } from './errors';
import { emailField, idempotencyKeyField, localeField, MAX_MESSAGE_LENGTH } from './fields';

/** issue 10: asking for a one-time sign-in link: an e-mail address, and the page to come back to. */
export const signInRequestSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  email: emailField(),
  next: z.string().max(512),
});
export type SignInRequestForm = z.input<typeof signInRequestSchema>;

/** A reply in the conversation under a request, question or join. */
export const threadReplySchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  threadKind: z.enum(threadKinds),
  threadId: z.number().int().positive(),
  message: z.string(formErrors.message).trim().min(1, formErrors.message).max(MAX_MESSAGE_LENGTH, formErrors.tooLong),
});
export type ThreadReplyForm = z.input<typeof threadReplySchema>;

/** A traveller cancelling one of their requests. */
export const cancelRequestSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  requestId: z.number().int().positive(),
});
