import { z } from 'zod';
import { activities } from '../catalogue/vocabulary';
import { isoDayOf } from '../iso-day';
import { formErrors, limitMessage } from './errors';
import {
  cleanString,
  acceptTermsField,
  campaignDataField,
  detailedText,
  formNumber,
  idempotencyKeyField,
  localeField,
  MAX_MESSAGE_LENGTH,
  MIN_DETAIL_LENGTH,
  requiredText,
  senderFields,
  tooLong,
  tooShort,
} from './fields';
import { parseWholeAmount } from '../gift-cards/amounts';
import { GIFT_CARD_MESSAGE_LENGTH } from './text-limits';
import { contactAudiences, CONCIERGE_MAX_TRAVELLERS, CUSTOM_AMOUNT } from './request-options';

/**
 * The request forms of the need-help, gift cards and concierge pages: one schema each, used by the
 * form (zodResolver) and again by its Server Action.
 */

export { contactAudiences, CONCIERGE_MAX_TRAVELLERS, CUSTOM_AMOUNT, type ContactAudience } from './request-options';

/** An optional text (one line unless `multiline`): cleaned, trimmed, empty → null, at most `max` characters. */
const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  cleanString(formErrors.checkData, options).pipe(
    z
      .string()
      .trim()
      .max(max, tooLong(max))
      .transform((text) => text || null),
  );

/** An optional e-mail address: empty → null, anything typed must be valid (spec §5). */
const optionalEmail = () =>
  z
    .string(formErrors.email)
    .trim()
    .max(254, formErrors.email)
    .refine((text) => text === '' || z.email().safeParse(text).success, formErrors.email)
    .transform((text) => text || null);

/** A message to the team: required, and long enough to act on (spec §5 'Could you please provide a bit more detail?'). */
const teamMessage = () =>
  cleanString(formErrors.message, { multiline: true }).pipe(
    z.string().trim().min(1, formErrors.message).min(MIN_DETAIL_LENGTH, tooShort()).max(MAX_MESSAGE_LENGTH, tooLong(MAX_MESSAGE_LENGTH)),
  );

/** The contact form on the need-help page: who is writing (spec §3 audience), full name, e-mail, optional phone, message. */
export const contactMessageSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  audience: z.enum(contactAudiences, formErrors.audience),
  ...senderFields(),
  message: teamMessage(),
  acceptTerms: acceptTermsField,
  campaignData: campaignDataField,
});

export type ContactMessageForm = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** The bounds of a custom gift card amount, in whole units of the page's currency. */
export type GiftCardLimits = { min: number; max: number };

/** Limits that hold for any currency; the server checks the visitor's own (lib/gift-cards/amounts.ts). */
export const ANY_GIFT_CARD: GiftCardLimits = { min: 1, max: 1_000_000_000 };


const giftCardAmount = (limits: GiftCardLimits) =>
  // The other amount's field is not in the form while a preset is chosen: missing reads as empty.
  z.object({ choice: z.string().max(20), custom: z.string().max(40).default('') }, formErrors.giftCardAmount).transform((amount, context) => {
    const units = parseWholeAmount(amount.choice === CUSTOM_AMOUNT ? amount.custom : amount.choice);
    if (units !== null && units >= limits.min && units <= limits.max) return units;
    context.addIssue({ code: 'custom', message: formErrors.giftCardAmount, path: [amount.choice === CUSTOM_AMOUNT ? 'custom' : 'choice'] });
    return z.NEVER;
  });

/**
 * A gift card request: an amount in whole units of the currency the page showed (a preset or one
 * typed within the bounds), the buyer, an optional recipient and message for the card.
 */
export const giftCardRequestSchema = (limits: GiftCardLimits = ANY_GIFT_CARD) =>
  z.object({
    idempotencyKey: idempotencyKeyField,
    locale: localeField,
    /** The currency the amounts were shown in; the server accepts only the visitor's own. */
    currency: z.string().regex(/^[A-Z]{3}$/),
    amount: giftCardAmount(limits),
    ...senderFields(),
    recipientName: optionalText(150),
    recipientEmail: optionalEmail(),
    message: optionalText(GIFT_CARD_MESSAGE_LENGTH, { multiline: true }),
    acceptTerms: acceptTermsField,
    campaignData: campaignDataField,
  });

export type GiftCardRequestForm = z.input<ReturnType<typeof giftCardRequestSchema>>;
export type GiftCardRequest = z.output<ReturnType<typeof giftCardRequestSchema>>;

/** How many months ahead a concierge request can name. */
export const CONCIERGE_MONTHS = 18;

const monthOffset = (month: string, offset: number) => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1 + offset, 1));
  return date.toISOString().slice(0, 7);
};

/** The months a traveller can pick, `YYYY-MM`: this month and the 17 after it. */
export function conciergeMonths(today: string, count = CONCIERGE_MONTHS): string[] {
  const current = today.slice(0, 7);
  return Array.from({ length: count }, (_, offset) => monthOffset(current, offset));
}

const travellerCount = (max: number) => {
  const message = limitMessage(formErrors.travellers, { min: 1, max });
  return formNumber(z.number(message).int(message).min(1, message).max(max, message));
};

/** A concierge request: who, what, where, when, how many, the budget and the wishes, for a tailor-made trip. */
export const conciergeRequestSchema = (today: () => string = () => isoDayOf(new Date())) =>
  z.object({
    idempotencyKey: idempotencyKeyField,
    locale: localeField,
    ...senderFields(),
    activity: z
      .enum(activities)
      .or(z.literal(''))
      .transform((activity) => activity || null),
    destination: requiredText(formErrors.destination, 200),
    // A month from the list; last month too, for a page opened before the month changed.
    month: z
      .string()
      .refine((month) => month === '' || (/^\d{4}-\d{2}$/.test(month) && [monthOffset(today().slice(0, 7), -1), ...conciergeMonths(today())].includes(month)), formErrors.checkData)
      .transform((month) => month || null),
    travellers: travellerCount(CONCIERGE_MAX_TRAVELLERS),
    budget: optionalText(200),
    message: detailedText(),
    acceptTerms: acceptTermsField,
    campaignData: campaignDataField,
  });

export type ConciergeRequestForm = z.input<ReturnType<typeof conciergeRequestSchema>>;
export type ConciergeRequest = z.output<ReturnType<typeof conciergeRequestSchema>>;
