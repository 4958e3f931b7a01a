import { z } from 'zod';
import { companyTypes, tripLanguages } from '../catalogue/vocabulary';
import { isoDayOf } from '../iso-day';
import { formErrors } from './errors';
import { bioFields, MAX_BIO_LENGTH } from './guide-field-limits';
import { acceptTermsField, cleanString, emailField, emptyAsNull, formList, formNumber, idempotencyKeyField, localeField, requiredText, tooLong } from './fields';
import { MAX_MESSAGE_LENGTH } from './text-limits';

/** spec §1 and §9: the reply times a guide may promise, in hours (guides answer in 6 to 24 hours). */
export const responseHourChoices = [6, 12, 24] as const;
export { bioFields, MAX_BIO_LENGTH };
/** The most certifications a guide lists on their page. */
export const MAX_CERTIFICATIONS = 12;

/** A guide's languages: at least one of the catalogue's (a checkbox each, sent as a list). */
const languagesField = formList(z.array(z.enum(tripLanguages, formErrors.guideLanguages)).min(1, formErrors.guideLanguages).max(tripLanguages.length, formErrors.guideLanguages));

/** A website (`webAddress`: `website` is the forms' honeypot): empty, or an http(s) address (a scheme is added to `example.com`). */
const websiteField = emptyAsNull(
  cleanString(formErrors.website)
    .pipe(z.string().trim().max(200, formErrors.website))
    .transform((text) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`))
    .pipe(z.url({ protocol: /^https?$/, message: formErrors.website }))
    .nullable(),
);


/** A bio in one language of the page editor: empty means none in that language. */
const optionalBio = cleanString(formErrors.checkData, { multiline: true }).pipe(z.string().trim().max(MAX_BIO_LENGTH, tooLong(MAX_BIO_LENGTH)));

const bioField = cleanString(formErrors.guideBio, { multiline: true }).pipe(z.string().trim().min(1, formErrors.guideBio).max(MAX_BIO_LENGTH, tooLong(MAX_BIO_LENGTH)));

/**
 * A guide's application (the "join us" form): who they are, where they are based (a town of the
 * gazetteer, named and in a country), the languages they guide in, one certification with its
 * number and issuing body (its document travels as a file, checked apart: lib/catalogue/guide-documents.ts),
 * their liability insurance, website and a short bio in the form's language.
 */
export const guideApplicationSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  name: requiredText(formErrors.fullName, 120),
  email: emailField(),
  companyType: z.enum(companyTypes, formErrors.companyType),
  baseTown: requiredText(formErrors.basePlace, 120),
  baseCountry: z.string(formErrors.basePlace).regex(/^[A-Z]{2}$/, formErrors.basePlace),
  languages: languagesField,
  certificationName: requiredText(formErrors.certification, 160),
  certificationNumber: requiredText(formErrors.certificationNumber, 80),
  certificationIssuer: requiredText(formErrors.certificationIssuer, 160),
  insurer: requiredText(formErrors.insurer, 160),
  policyNumber: requiredText(formErrors.policyNumber, 80),
  // A policy that has lapsed covers nothing.
  insuranceExpiresOn: z.iso.date(formErrors.insuranceExpiry).refine((day) => day > isoDayOf(new Date()), formErrors.insuranceExpiry),
  webAddress: websiteField,
  bio: bioField,
  acceptTerms: acceptTermsField,
});
export type GuideApplicationForm = z.input<typeof guideApplicationSchema>;
export type GuideApplication = z.output<typeof guideApplicationSchema>;

/** Support's decision on an application (or on a changed list of certifications): a reason is required to decline. */
export const guideDecisionSchema = z
  .object({
    idempotencyKey: idempotencyKeyField,
    locale: localeField,
    guideId: formNumber(z.number(formErrors.checkData).int(formErrors.checkData).positive(formErrors.checkData)),
    subject: z.enum(['application', 'certifications'], formErrors.checkData),
    decision: z.enum(['approve', 'decline'], formErrors.checkData),
    reason: cleanString(formErrors.checkData, { multiline: true }).pipe(z.string().trim().max(MAX_MESSAGE_LENGTH, tooLong(MAX_MESSAGE_LENGTH))),
  })
  .refine((input) => input.decision === 'approve' || input.reason.length > 0, { path: ['reason'], message: formErrors.declineReason });
export type GuideDecisionForm = z.input<typeof guideDecisionSchema>;

/**
 * An approved guide's public page: a bio per language (one left empty shows the original
 * language's), languages, certifications (one per line; a change goes back to support) and the
 * reply time they promise.
 */
export const guideProfileSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  bioEn: optionalBio,
  bioFr: optionalBio,
  bioEs: optionalBio,
  languages: languagesField,
  certifications: cleanString(formErrors.certification, { multiline: true })
    .transform((text) => [...new Set(text.split('\n').map((line) => line.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(160, tooLong(160))).min(1, formErrors.certification).max(MAX_CERTIFICATIONS, formErrors.certification)),
  responseHours: formNumber(z.number(formErrors.responseHours).refine((hours) => (responseHourChoices as readonly number[]).includes(hours), formErrors.responseHours)),
  webAddress: websiteField,
}).refine((input) => Object.values(bioFields).some((field) => input[field].length > 0), { path: ['bioEn'], message: formErrors.guideBio });
export type GuideProfileForm = z.input<typeof guideProfileSchema>;
export type GuideProfile = z.output<typeof guideProfileSchema>;
