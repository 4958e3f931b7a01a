import { z } from 'zod';
import { MAX_SLUG_LENGTH, slugOf, slugPattern } from '../catalogue/slug';
import { tripCurrencies } from '../catalogue/trip-currencies';
import { currencyChanges } from '../money/currency-change';
import { activities, includedItems, type IncludedItem, pricingModes, skillLevels, tripLanguages, tripLevels, tripTypes } from '../catalogue/vocabulary';
import { formErrors, limitMessage } from './errors';
import { cleanString, formNumber, idempotencyKeyField, localeField, requiredText, tooLong } from './fields';
import { MAX_GROUP_SIZE } from './guide-trip-schemas';
import { MAX_MESSAGE_LENGTH } from './text-limits';

/** The longest trip a guide may offer, in days. */
export const MAX_TRIP_DAYS = 60;
/** The largest discount a trip may show (the database's check says the same). */
export const MAX_DISCOUNT_PERCENT = 90;
/** The longest title, summary, long text, itinerary and FAQ a trip may have in one language. */
export const TRIP_TEXT_LIMITS = { title: 120, summary: 300, region: 100, text: 5000, itinerary: 20_000, faq: 10_000, place: 200 } as const;

/**
 * A group of checkboxes, one per value (`activities.trekking`, so a refused form draws each one
 * again as sent), read as the list of the values ticked; a list as is (a client's object).
 */
const ticked = <const T extends readonly [string, ...string[]]>(values: T, min = 0, message: string = formErrors.checkData) =>
  z.preprocess(
    (value: unknown) =>
      Array.isArray(value) ? value : value && typeof value === 'object' ? Object.entries(value).filter(([, box]) => box === 'on' || box === true).map(([name]) => name) : [],
    z.array(z.enum(values, formErrors.checkData)).min(min, message),
  );

const whole = (min: number, max: number, message: string) => formNumber(z.number(message).int(message).min(min, message).max(max, message));

const tripId = formNumber(z.number().int().positive());

/** What a guide states about a trip besides its texts (spec §3 trip), as the facts section sends it. */
const factsShape = {
  idempotencyKey: idempotencyKeyField,
  locale: localeField,
  activities: ticked(activities, 1, formErrors.activitiesRequired),
  tripType: z.enum(tripTypes, formErrors.checkData),
  languages: ticked(tripLanguages, 1, formErrors.languagesRequired),
  skillLevel: z.enum(skillLevels, formErrors.checkData),
  fitnessLevel: z.enum(skillLevels, formErrors.checkData),
  tripLevel: z.enum(tripLevels, formErrors.checkData),
  durationDays: whole(1, MAX_TRIP_DAYS, limitMessage(formErrors.tripDaysInvalid, { max: MAX_TRIP_DAYS })),
  minDays: whole(1, MAX_TRIP_DAYS, limitMessage(formErrors.tripDaysInvalid, { max: MAX_TRIP_DAYS })),
  maxGroupSize: whole(1, MAX_GROUP_SIZE, formErrors.groupSizeInvalid),
  pricingMode: z.enum(pricingModes, formErrors.checkData),
  currency: z.enum(tripCurrencies, formErrors.checkData),
  discountPercent: whole(0, MAX_DISCOUNT_PERCENT, limitMessage(formErrors.discountInvalid, { max: MAX_DISCOUNT_PERCENT })),
  included: ticked(includedItems as [IncludedItem, ...IncludedItem[]]),
  notIncluded: ticked(includedItems as [IncludedItem, ...IncludedItem[]]),
  /** The start place as typed; the server finds it in the gazetteer. */
  place: requiredText(formErrors.placeRequired, TRIP_TEXT_LIMITS.place),
};

type FactsInput = { durationDays: number; minDays: number; included: string[]; notIncluded: string[] };
const factRules = <T extends FactsInput>(schema: z.ZodType<T>) =>
  schema
    // Trips priced per day may be booked shorter than their length (spec §3 min days); never longer.
    .refine((facts) => facts.minDays <= facts.durationDays, { path: ['minDays'], message: formErrors.minDaysInvalid })
    .refine((facts) => !facts.included.some((item) => facts.notIncluded.includes(item)), { path: ['notIncluded'], message: formErrors.includedTwice });

/** A new trip: its facts and its title in the guide's language (its slug comes from it). */
export const newTripSchema = factRules(z.object({ ...factsShape, title: requiredText(formErrors.titleRequired, TRIP_TEXT_LIMITS.title) }));
export type NewTripForm = z.input<typeof newTripSchema>;

/** A trip's facts, changed. */
export const tripFactsSchema = factRules(
  z.object({
    ...factsShape,
    tripId,
    /** Only read when the currency changes on a trip with prices: convert them, or keep their numbers. */
    currencyChange: z.preprocess((value) => (value === '' ? undefined : value), z.enum(currencyChanges, formErrors.checkData).optional()),
  }),
);
export type TripFactsForm = z.input<typeof tripFactsSchema>;

/** A multi-line text the trip page shows; empty allowed when `required` is false. */
const longText = (required: boolean, max: number, message: string = formErrors.checkData) =>
  cleanString(message, { multiline: true }).pipe(required ? z.string().trim().min(1, message).max(max, tooLong(max)) : z.string().trim().max(max, tooLong(max)));

/**
 * Blocks of a text area, separated by a blank line: each block's first line and the lines below
 * (an itinerary's day: its title, then what happens; an FAQ entry: the question, then the answer).
 */
export function textBlocks(text: string): { head: string; body: string }[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => {
      const [head = '', ...rest] = block.split('\n');
      return { head: head.trim(), body: rest.join('\n').trim() };
    });
}

/** Blocks as their text area shows them again. */
export const blocksText = (blocks: readonly { head: string; body: string }[]) => blocks.map((block) => (block.body ? `${block.head}\n${block.body}` : block.head)).join('\n\n');

/** A trip's slug in one language: the one typed, else the title's; lower-case words joined by hyphens. */
const slugField = z
  .string(formErrors.slugInvalid)
  .trim()
  .toLowerCase()
  .refine((slug) => slug === '' || (slug.length <= MAX_SLUG_LENGTH && slugPattern.test(slug)), formErrors.slugInvalid);

/**
 * A trip's texts in one language (spec §3 trip translation): title, slug, summary, description,
 * region, itinerary by day, FAQ, why this trip, practical information with the meeting point, and
 * assistance. The itinerary and the FAQ are text areas of blocks (see {@link textBlocks}).
 */
export const tripTextsSchema = z
  .object({
    idempotencyKey: idempotencyKeyField,
    locale: localeField,
    tripId,
    textLocale: localeField,
    title: requiredText(formErrors.titleRequired, TRIP_TEXT_LIMITS.title),
    slug: slugField,
    summary: longText(true, TRIP_TEXT_LIMITS.summary, formErrors.summaryRequired),
    description: longText(true, TRIP_TEXT_LIMITS.text, formErrors.descriptionRequired),
    region: requiredText(formErrors.regionRequired, TRIP_TEXT_LIMITS.region),
    itinerary: longText(false, TRIP_TEXT_LIMITS.itinerary).transform((text) => textBlocks(text).map((block) => ({ title: block.head, text: block.body }))),
    faq: longText(false, TRIP_TEXT_LIMITS.faq).transform((text) => textBlocks(text).map((block) => ({ question: block.head, answer: block.body }))),
    why: longText(false, TRIP_TEXT_LIMITS.text),
    information: longText(false, TRIP_TEXT_LIMITS.text),
    assistance: longText(false, TRIP_TEXT_LIMITS.text),
  })
  .transform((texts) => ({ ...texts, slug: texts.slug || slugOf(texts.title) }))
  .refine((texts) => texts.slug !== '', { path: ['slug'], message: formErrors.slugInvalid })
  .refine((texts) => texts.faq.every((entry) => entry.answer !== ''), { path: ['faq'], message: formErrors.faqAnswerMissing });
export type TripTextsForm = z.input<typeof tripTextsSchema>;

/** A step of a trip's lifecycle a guide takes (submit, unpublish, duplicate): the trip alone. */
export const tripStepSchema = z.object({ idempotencyKey: idempotencyKeyField, locale: localeField, tripId });
export type TripStepForm = z.input<typeof tripStepSchema>;

/** Support sends a submitted trip back to its guide: the reason, which the guide reads in the e-mail, is required. */
export const tripReturnSchema = tripStepSchema.extend({
  reason: cleanString(formErrors.declineReason, { multiline: true }).pipe(z.string().trim().min(1, formErrors.declineReason).max(MAX_MESSAGE_LENGTH, tooLong(MAX_MESSAGE_LENGTH))),
});
export type TripReturnForm = z.input<typeof tripReturnSchema>;
