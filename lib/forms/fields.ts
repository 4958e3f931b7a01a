import { parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';
import { isoDayOf } from '../iso-day';
import { locales } from '../locales';
import { parseReference } from '../booking/reference';
import { cleanText } from '../security/clean-text';
import { formErrors, limitMessage } from './errors';

import { MAX_MESSAGE_LENGTH, MIN_DETAIL_LENGTH } from './text-limits';

export { MAX_MESSAGE_LENGTH, MIN_DETAIL_LENGTH } from './text-limits';

/** 'At most {max} characters.': the message of a text's upper bound, with the bound. */
export const tooLong = (max: number) => limitMessage(formErrors.tooLong, { max });

/** 'Could you please provide a bit more detail? (at least {min} characters)'. */
export const tooShort = (min: number = MIN_DETAIL_LENGTH) => limitMessage(formErrors.comment, { min });

/** Untrusted text, cleaned before it is checked (lib/security/clean-text): what is stored and mailed has no control characters. */
export const cleanString = (message: string, options: { multiline?: boolean } = {}) => z.string(message).transform((text) => cleanText(text, options));

/** A required single-line text (a name): one line, trimmed, not empty, at most `max` characters. */
export const requiredText = (message: string, max = 100) => cleanString(message).pipe(z.string().trim().min(1, message).max(max, tooLong(max)));

/** spec §5 "valid email address". */
export const emailField = (message: string = formErrors.email) => z.string(message).trim().min(1, message).max(254, message).pipe(z.email(message));

/** spec §5 questions and comments: empty → 'Please describe…', too short → 'Could you please provide a bit more detail?'. */
export const detailedText = () =>
  cleanString(formErrors.questions, { multiline: true }).pipe(
    z
      .string()
      .trim()
      .min(1, formErrors.questions)
      .min(MIN_DETAIL_LENGTH, tooShort())
      .max(MAX_MESSAGE_LENGTH, tooLong(MAX_MESSAGE_LENGTH)),
  );

/** A free message (need-help form): required, any length up to the maximum. */
export const messageText = () =>
  cleanString(formErrors.questions, { multiline: true }).pipe(z.string().trim().min(1, formErrors.questions).max(MAX_MESSAGE_LENGTH, tooLong(MAX_MESSAGE_LENGTH)));

/*
 * A form sends text (lib/forms/form-data.ts): these read a number, a checkbox and an empty field
 * from it, and take the same values as a client island's object holds them, so one schema checks
 * both the browser's values and the server's FormData. Their input types are the island's (what
 * react-hook-form holds); the text of a FormData is read at run time.
 */

/** A number typed in a field: its text read as a number (an empty field is missing), or a number as is. */
export const formNumber = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value: z.input<S>) => {
    const sent: unknown = value;
    return typeof sent === 'string' ? (sent.trim() === '' ? undefined : Number(sent.trim())) : sent;
  }, schema);

/** A checkbox: checked ('on', or true) or not (left out of the form, or false). */
export const formBoolean = () =>
  z.preprocess((value: boolean) => {
    const sent: unknown = value;
    return sent === 'on' || sent === 'true' ? true : sent === undefined || sent === '' || sent === 'false' ? false : sent;
  }, z.boolean());

/** An optional field left empty is null. */
export const emptyAsNull = <S extends z.ZodType>(schema: S) => z.preprocess((value: z.input<S>) => ((value as unknown) === '' ? null : value), schema);

/** A list of rows: none sent is an empty list. */
export const formList = <S extends z.ZodType>(schema: S) => z.preprocess((value: z.input<S>) => (value as unknown) ?? [], schema);

/** A value a form's script puts in one hidden field as JSON (campaign data, advertising identifiers); anything unreadable is null. */
const jsonField = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value: z.input<S>) => {
    const sent: unknown = value;
    if (typeof sent !== 'string') return sent;
    if (sent === '') return null;
    try {
      return JSON.parse(sent) as unknown;
    } catch {
      return null;
    }
  }, schema);

/** Every form sends the page's locale, kept with what is stored (e-mails go out in it). */
export const localeField = z.enum(locales);

/** A key the form makes once per submission attempt, so a double click or a retry stores one row. */
/** A request's, question's or join's opaque reference as a form posts it ("K7Q4-MZ2T"): stored form out, checkData for anything else. */
export const referenceField = z.string(formErrors.checkData).transform((text, context) => {
  const reference = parseReference(text);
  if (reference === null) context.addIssue({ code: 'custom', message: formErrors.checkData });
  return reference ?? z.NEVER;
});

export const idempotencyKeyField = z.string().regex(/^[A-Za-z0-9-]{16,64}$/);

/** spec: every form asks to accept the terms and the privacy policy. */
export const acceptTermsField = z.preprocess((value: boolean) => {
  const sent: unknown = value;
  return sent === true || sent === 'on' || sent === 'true';
}, z.literal(true, formErrors.terms));

/**
 * A phone number as the form sends it: the country (its region code from the list, or, typed
 * before the list loads or without JavaScript, `fr` or the calling code `+33`) and the number typed.
 */
export type PhoneInput = { country: string; number: string };

/** The number in E.164 (`+33612345678`), or null when it is not a valid number for that country. */
export function normalizePhone({ country, number }: PhoneInput): string | null {
  const trimmed = number.trim();
  if (trimmed.length === 0 || trimmed.length > 40) return null;
  const region = country.trim().toUpperCase();
  // A calling code typed as the country: the number is read as written after it (`+33 06 12…` is valid).
  const callingCode = /^\+?(\d{1,4})$/.exec(region)?.[1];
  try {
    if (callingCode && !trimmed.startsWith('+')) {
      const parsed = parsePhoneNumberWithError(`+${callingCode} ${trimmed}`);
      return parsed.isValid() ? parsed.number : null;
    }
    const parsed = parsePhoneNumberWithError(trimmed, /^[A-Z]{2}$/.test(region) ? (region as CountryCode) : undefined);
    return parsed.isValid() ? parsed.number : null;
  } catch {
    return null;
  }
}

const phoneShape = z.object({ country: z.string().max(8, formErrors.phone), number: z.string().max(40, formErrors.phone) }, formErrors.phone);

/** The phone schema: normalised to E.164, or null when optional and left empty. */
const phoneSchema = <Optional extends boolean>(optional: Optional) =>
  phoneShape.transform((phone, context): Optional extends true ? string | null : string => {
    if (optional && phone.number.trim() === '') return null as never;
    const normalized = normalizePhone(phone);
    if (normalized) return normalized;
    context.addIssue({ code: 'custom', message: formErrors.phone });
    return z.NEVER;
  });

/** spec §5 "valid phone number": validated and normalised to E.164 with libphonenumber-js. */
export const phoneField = () => phoneSchema(false);

/** An optional phone: empty → null; anything typed must be valid. */
export const optionalPhoneField = () => phoneSchema(true);

/** Who writes to the team (need-help, contact, gift card and concierge forms): full name, e-mail, optional phone. */
export const senderFields = () => ({
  name: requiredText(formErrors.fullName, 150),
  email: emailField(),
  phone: optionalPhoneField(),
});

const isoDay = z.iso.date();

/** spec §3 campaignData: utm_ parameters and the landing URL, as lib/storage keeps them (bounded). */
export const campaignDataField = jsonField(
  z
    .object({
      utm: z.record(z.string().max(64), z.string().max(500)).refine((utm) => Object.keys(utm).length <= 20),
      url: z.string().max(2000),
      firstSeenAt: z.string().max(40),
    })
    .nullable()
    .optional()
    .catch(null),
).catch(null);

const adIdentifier = z.string().max(500).optional();

/** spec §3 advertising identifiers (sent only after consent): Google click, user and session ids, wbraid, gbraid, Facebook click id. */
export const adIdentifiersField = jsonField(
  z
    .object({ gclid: adIdentifier, gaClientId: adIdentifier, gaSessionId: adIdentifier, wbraid: adIdentifier, gbraid: adIdentifier, fbc: adIdentifier })
    .nullable()
    .optional()
    .catch(null),
).catch(null);

type AdIdentifiersInput = Record<string, string | undefined> | null | undefined;

/** The advertising identifiers that were sent, or null when none was. */
export function presentAdIdentifiers(adIdentifiers: AdIdentifiersInput): Record<string, string> | null {
  const ids = Object.entries(adIdentifiers ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return ids.length > 0 ? Object.fromEntries(ids) : null;
}

/**
 * The campaign data stored with a request that has no advertising-identifiers column of its own
 * (questions, open-group joins): the identifiers go inside it, so marketing still finds them.
 */
export function campaignWithAdIdentifiers(campaign: Record<string, unknown> | null | undefined, adIdentifiers: AdIdentifiersInput): Record<string, unknown> | null {
  const ids = presentAdIdentifiers(adIdentifiers);
  return ids ? { ...campaign, adIdentifiers: ids } : (campaign ?? null);
}

/** spec §3 "available date range (start, end)"; spec §5 "valid date range": both set, in order, after today. */
export const dateRangeField = (today: () => string = () => isoDayOf(new Date())) =>
  z
    .object({ start: emptyAsNull(isoDay.nullable()), end: emptyAsNull(isoDay.nullable()) }, formErrors.dateRange)
    .refine((range) => range.start !== null && range.end !== null && range.start <= range.end && range.start > today(), formErrors.dateRange);

/** The number of days from `start` to `end`, both counted. */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}
