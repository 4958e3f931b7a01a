import { z } from 'zod';
import { LEAD_DAYS_RANGE } from '../booking/lead-time';
import { formErrors, limitMessage } from './errors';
import { MAX_PAYMENT_INSTRUCTIONS_LENGTH } from './guide-field-limits';
import { cleanString, formNumber, idempotencyKeyField, localeField, tooLong } from './fields';

export { MAX_PAYMENT_INSTRUCTIONS_LENGTH };

const leadDaysMessage = limitMessage(formErrors.leadDaysInvalid, LEAD_DAYS_RANGE);

/**
 * A guide's booking terms (spec §9): the lead time a request's departure needs, and how travellers
 * pay them when payments are not taken online (free text; empty clears it).
 */
export const guideTermsSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  leadDays: formNumber(z.number(leadDaysMessage).int(leadDaysMessage).min(LEAD_DAYS_RANGE.min, leadDaysMessage).max(LEAD_DAYS_RANGE.max, leadDaysMessage)),
  paymentInstructions: cleanString(formErrors.checkData, { multiline: true }).pipe(
    z
      .string()
      .trim()
      .max(MAX_PAYMENT_INSTRUCTIONS_LENGTH, tooLong(MAX_PAYMENT_INSTRUCTIONS_LENGTH))
      .transform((text) => (text === '' ? null : text)),
  ),
});
export type GuideTermsForm = z.input<typeof guideTermsSchema>;
