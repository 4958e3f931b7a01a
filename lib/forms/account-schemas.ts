import { z } from 'zod';
import { threadKinds } from '../booking/request-lifecycle';
import { formErrors } from './errors';
import { dateRangeField, emailField, idempotencyKeyField, localeField, MAX_MESSAGE_LENGTH } from './fields';

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

/** One step of a booking request that needs nothing but the request: cancel, accept, confirm. */
export const requestStepSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  requestId: z.number().int().positive(),
});
export type RequestStepForm = z.input<typeof requestStepSchema>;

/** The most a proposal may ask for the whole group, in whole units of the trip's currency. */
export const MAX_PROPOSAL_TOTAL = 10_000_000;

/** issue 10: a guide proposes exact dates and a price for the whole group, in whole units of the trip's currency. */
export const proposalSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  requestId: z.number().int().positive(),
  dates: dateRangeField(),
  total: z.number(formErrors.proposalPrice).int(formErrors.proposalPrice).min(1, formErrors.proposalPrice).max(MAX_PROPOSAL_TOTAL, formErrors.proposalPrice),
  message: z.string().trim().max(MAX_MESSAGE_LENGTH, formErrors.tooLong),
});
export type ProposalForm = z.input<typeof proposalSchema>;
