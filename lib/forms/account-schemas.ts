import { z } from 'zod';
import { threadKinds } from '../booking/request-lifecycle';
import { readTypedAmount } from '../money/typed-amount';
import { formErrors } from './errors';
import { cleanString, dateRangeField, emailField, formNumber, idempotencyKeyField, localeField, MAX_MESSAGE_LENGTH, referenceField, tooLong } from './fields';

/** Asking for a one-time sign-in link: an e-mail address, and the page to come back to. */
export const signInRequestSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  email: emailField(),
  next: cleanString(formErrors.checkData).pipe(z.string().max(512, formErrors.checkData)),
});
export type SignInRequestForm = z.input<typeof signInRequestSchema>;

/** A reply in the conversation under a request, question or join. */
export const threadReplySchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  threadKind: z.enum(threadKinds),
  reference: referenceField,
  message: cleanString(formErrors.message, { multiline: true }).pipe(z.string().trim().min(1, formErrors.message).max(MAX_MESSAGE_LENGTH, tooLong(MAX_MESSAGE_LENGTH))),
});
export type ThreadReplyForm = z.input<typeof threadReplySchema>;

/** One step of a booking request that needs nothing but the request: cancel, accept, confirm. */
export const requestStepSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  reference: referenceField,
});
export type RequestStepForm = z.input<typeof requestStepSchema>;

/** The most a proposal may ask for the whole group, in whole units of the trip's currency. */
export const MAX_PROPOSAL_TOTAL = 10_000_000;

/** A guide proposes exact dates and a price for the whole group, in whole units of the trip's currency. */
export const proposalSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  reference: referenceField,
  dates: dateRangeField(),
  total: formNumber(z.number(formErrors.proposalPrice).int(formErrors.proposalPrice).min(1, formErrors.proposalPrice).max(MAX_PROPOSAL_TOTAL, formErrors.proposalPrice)),
  message: cleanString(formErrors.checkData, { multiline: true }).pipe(z.string().trim().max(MAX_MESSAGE_LENGTH, tooLong(MAX_MESSAGE_LENGTH))),
});
export type ProposalForm = z.input<typeof proposalSchema>;

/** A guide cancels a secured booking: the reason goes to the traveller, who is refunded everything paid. */
export const guideCancelSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  reference: referenceField,
  reason: cleanString(formErrors.message, { multiline: true }).pipe(z.string().trim().min(1, formErrors.message).max(MAX_MESSAGE_LENGTH, tooLong(MAX_MESSAGE_LENGTH))),
});
export type GuideCancelForm = z.input<typeof guideCancelSchema>;

/**
 * Support refunds part or all of a cancelled booking, in the booking's currency: the amount as
 * written in the form's language ("1,234.56", "1 234,56", "1.234,56"), read strictly into a plain
 * decimal text ("1234.56"); its decimals are checked against the currency by the refund itself.
 */
export const supportRefundSchema = z
  .object({
    idempotencyKey: idempotencyKeyField,
    locale: localeField,
    reference: referenceField,
    amount: cleanString(formErrors.amountFormat).pipe(z.string().trim().min(1, formErrors.refundAmount).max(32, formErrors.amountFormat)),
  })
  .transform((form, context) => {
    const amount = readTypedAmount(form.amount, form.locale);
    if (amount === null || !/[1-9]/.test(amount)) {
      context.addIssue({ code: 'custom', message: amount === null ? formErrors.amountFormat : formErrors.refundAmount, path: ['amount'] });
      return z.NEVER;
    }
    return { ...form, amount };
  });
export type SupportRefundForm = z.input<typeof supportRefundSchema>;

/** Support gives a waiting request to another guide of the same area. */
export const reassignSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  reference: referenceField,
  guideId: formNumber(z.number(formErrors.checkData).int(formErrors.checkData).positive(formErrors.checkData)),
});
export type ReassignForm = z.input<typeof reassignSchema>;

const stars = (message: string) => formNumber(z.number(message).int(message).min(1, message).max(5, message));

/**
 * A traveller's review of a confirmed trip that has ended (shown as verified): an overall
 * rating and one for the guide, the organisation and the value, each 1 to 5 (a radio group
 * sends the stars as text), and an optional comment (spec §8: a review without one says so).
 */
export const reviewSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  reference: referenceField,
  rating: stars(formErrors.reviewRating),
  guideRating: stars(formErrors.reviewAspect),
  organisationRating: stars(formErrors.reviewAspect),
  valueRating: stars(formErrors.reviewAspect),
  comment: cleanString(formErrors.checkData, { multiline: true }).pipe(z.string().trim().max(MAX_MESSAGE_LENGTH, tooLong(MAX_MESSAGE_LENGTH))),
});
export type ReviewForm = z.input<typeof reviewSchema>;

/** spec §9: which payment of which booking the traveller pays on Stripe's page (the amount is the server's). */
export const paymentRequestSchema = z.object({
  locale: localeField,
  reference: referenceField,
  kind: z.enum(['deposit', 'remainder']),
});

/** A review as the guide, support and translate forms name it: its stored key (seeded ones are readable words, new ones opaque references). */
const reviewKeyField = cleanString(formErrors.checkData).pipe(z.string().trim().min(1, formErrors.checkData).max(64, formErrors.checkData));

/** The guide of a reviewed trip answers the review once, in public. */
export const reviewReplySchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  review: reviewKeyField,
  reply: cleanString(formErrors.message, { multiline: true }).pipe(z.string().trim().min(1, formErrors.message).max(MAX_MESSAGE_LENGTH, tooLong(MAX_MESSAGE_LENGTH))),
});
export type ReviewReplyForm = z.input<typeof reviewReplySchema>;

/** Support hides a review that breaks the rules; the reason is kept. */
export const hideReviewSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  review: reviewKeyField,
  reason: cleanString(formErrors.hideReason, { multiline: true }).pipe(z.string().trim().min(3, formErrors.hideReason).max(500, tooLong(500))),
});
export type HideReviewForm = z.input<typeof hideReviewSchema>;

/** A reader asks for a review's machine translation into the page's language. */
export const translateReviewSchema = z.object({
  locale: localeField,
  review: reviewKeyField,
});
