import { z } from 'zod';
import type { JoinStatus } from '../booking/join-holds';
import { formErrors, limitMessage, type Submitted } from './errors';
import {
  acceptTermsField,
  adIdentifiersField,
  campaignDataField,
  dateRangeField,
  daysInRange,
  detailedText,
  emailField,
  emptyAsNull,
  formBoolean,
  formNumber,
  idempotencyKeyField,
  localeField,
  messageText,
  optionalPhoneField,
  phoneField,
  requiredText,
  senderFields,
} from './fields';

/** The same schemas validate the form in the browser (zodResolver) and again in the Server Action. */

/** What a trip allows: the minimum and usual duration in days, and the largest group. */
export type BookingLimits = { minDays: number; maxDays: number; maxTravellers: number };

/** Limits that hold for any trip; the trip's own limits are checked again once the trip is read. */
export const ANY_TRIP: BookingLimits = { minDays: 1, maxDays: 60, maxTravellers: 50 };

/** A whole number from `min` to `max`, its message stating both ('Please enter between 1 and 12 travellers.'). */
const count = (key: typeof formErrors.travellers | typeof formErrors.days, min: number, max: number) => {
  const message = limitMessage(key, { min, max });
  return formNumber(z.number(message).int(message).min(min, message).max(max, message));
};

/**
 * spec §3 booking request form (first name, last name, email, phone, travellers, days, date range,
 * comment or questions, selected open group), with spec §3 form field keys and spec §5 messages.
 */
export const bookingRequestSchema = (limits: BookingLimits = ANY_TRIP) =>
  z
    .object({
      idempotencyKey: idempotencyKeyField,
      locale: localeField,
      tripId: formNumber(z.number().int().positive()),
      firstName: requiredText(formErrors.firstName),
      lastName: requiredText(formErrors.lastName),
      email: emailField(),
      phone: phoneField(),
      travellers: count(formErrors.travellers, 1, limits.maxTravellers),
      days: count(formErrors.days, limits.minDays, Math.max(limits.minDays, limits.maxDays)),
      dates: dateRangeField(),
      comment: detailedText(),
      openGroupId: emptyAsNull(formNumber(z.number().int().positive().nullable())),
      acceptTerms: acceptTermsField,
      campaignData: campaignDataField,
      adIdentifiers: adIdentifiersField,
    })
    // The dates are the traveller's available range: the trip's days must fit in it.
    .refine((request) => request.dates.start === null || request.dates.end === null || daysInRange(request.dates.start, request.dates.end) >= request.days, {
      path: ['dates'],
      message: formErrors.dateRange,
    });

/** The trip's own limits, checked again on the server once the trip is read (same rules as the form's schema). */
export function bookingLimitErrors(request: { travellers: number; days: number }, limits: BookingLimits): Partial<Record<'travellers' | 'days', string>> {
  const errors: Partial<Record<'travellers' | 'days', string>> = {};
  const maxDays = Math.max(limits.minDays, limits.maxDays);
  if (request.travellers > limits.maxTravellers) errors.travellers = limitMessage(formErrors.travellers, { min: 1, max: limits.maxTravellers });
  if (request.days < limits.minDays || request.days > maxDays) errors.days = limitMessage(formErrors.days, { min: limits.minDays, max: maxDays });
  return errors;
}

export type BookingRequestForm = z.input<ReturnType<typeof bookingRequestSchema>>;
export type BookingRequest = z.output<ReturnType<typeof bookingRequestSchema>>;

/** The travellers of a join: more than the group's open spots → 'Only 7 spots are left in this group.'. */
const joinTravellers = (openSpots: number | null) => {
  if (!openSpots) return count(formErrors.travellers, 1, ANY_TRIP.maxTravellers);
  const message = limitMessage(formErrors.travellers, { min: 1, max: ANY_TRIP.maxTravellers });
  return formNumber(z.number(message).int(message).min(1, message).max(openSpots, limitMessage(formErrors.spotsLeft, { count: openSpots })));
};

const joinShape = (openSpots: number | null) => ({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  openGroupId: formNumber(z.number().int().positive()),
  email: z.string(formErrors.fillEmail).trim().min(1, formErrors.fillEmail).pipe(emailField()),
  travellers: joinTravellers(openSpots),
  /** The group was full when the form opened: the traveller asks for the waitlist. */
  waitlist: formBoolean(),
  acceptTerms: acceptTermsField,
  campaignData: campaignDataField,
  adIdentifiers: adIdentifiersField,
});

/** spec §3 open-group join: email and number of travellers (spec §5 'Fill email' when missing). The server's: open spots are checked in the join's transaction. */
export const openGroupJoinSchema = z.object(joinShape(null));

/** The join form's schema for a group with `openSpots` left (0: the waitlist, any count). */
export const openGroupJoinSchemaFor = (openSpots: number) => z.object(joinShape(openSpots));

export type OpenGroupJoinForm = z.input<typeof openGroupJoinSchema>;
export type OpenGroupJoin = z.output<typeof openGroupJoinSchema>;

/** What a join answers: its status, travellers, an unconfirmed join's deadline (ISO) and the hold's length, and whether it was the address's earlier join. */
export type OpenGroupJoinAnswer = Submitted & { status: JoinStatus; holdUntil: string | null; holdMinutes: number; travellers: number; existing: boolean };

/** The more-information form (spec §4): first name, last name, email, phone, questions. */
export const guideQuestionSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  guideId: formNumber(z.number().int().positive()),
  tripId: emptyAsNull(formNumber(z.number().int().positive().nullable())),
  firstName: requiredText(formErrors.firstName),
  lastName: requiredText(formErrors.lastName),
  email: emailField(),
  phone: optionalPhoneField(),
  questions: detailedText(),
  acceptTerms: acceptTermsField,
  campaignData: campaignDataField,
  adIdentifiers: adIdentifiersField,
});

export type GuideQuestionForm = z.input<typeof guideQuestionSchema>;
export type GuideQuestion = z.output<typeof guideQuestionSchema>;

/** spec §3 need-help form: phone, name (one field: full name, spec §5), email, message. */
export const helpMessageSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  ...senderFields(),
  message: messageText(),
  /** The page the visitor asked from: kept only when it is a plain path of this site (it goes into an e-mail). */
  pageUrl: emptyAsNull(z.string().max(2000).nullable()).transform((url) => (url !== null && /^\/(?!\/)[^\s\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\\]*$/.test(url) ? url : null)),
  acceptTerms: acceptTermsField,
});

export type HelpMessageForm = z.input<typeof helpMessageSchema>;
export type HelpMessage = z.output<typeof helpMessageSchema>;
