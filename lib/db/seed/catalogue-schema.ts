import { z } from 'zod';
import {
  activities,
  companyTypes,
  includedItems,
  pricingModes,
  skillLevels,
  tripLanguages,
  tripLevels,
  tripTypes,
} from '../../catalogue/vocabulary';

/**
 * The shape of the demo catalogue's hand-written data files (lib/db/seed/data/*.json). The seed
 * validates every file against these schemas before it writes anything; a unit test does too.
 */
const text = z.string().trim().min(1);
export const localizedText = z.object({ en: text, fr: text, es: text });
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'kebab-case ASCII');
const key = slug;
const localizedSlugs = z.object({ en: slug, fr: slug, es: slug });
const monthDay = z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'MM-DD');

export const seedGuide = z.object({
  key,
  slug,
  name: text,
  companyType: z.enum(companyTypes),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  baseLocation: text,
  languages: z.array(z.enum(tripLanguages)).min(1),
  certifications: z.array(text),
  responseHours: z.number().int().min(1).max(48),
  yearsExperience: z.number().int().min(1).max(60),
  /** The guide's lead time in days when shorter or longer than the spec's 30 (lib/booking/lead-time.ts). */
  leadDays: z.number().int().min(1).max(365).optional(),
  bio: localizedText,
});

export const seedTrip = z.object({
  key,
  guideKey: key,
  slugs: localizedSlugs,
  title: localizedText,
  summary: localizedText,
  /** Paragraphs separated by a blank line. */
  description: localizedText,
  itinerary: z.array(z.object({ title: localizedText, text: localizedText })).min(1),
  faq: z.array(z.object({ question: localizedText, answer: localizedText })),
  why: localizedText,
  information: localizedText,
  assistance: localizedText,
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  region: localizedText,
  location: text,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  activities: z.array(z.enum(activities)).min(1),
  tripType: z.enum(tripTypes),
  languages: z.array(z.enum(tripLanguages)).min(1),
  skillLevel: z.enum(skillLevels),
  fitnessLevel: z.enum(skillLevels),
  tripLevel: z.enum(tripLevels),
  durationDays: z.number().int().min(1).max(60),
  minDays: z.number().int().min(1).max(60),
  maxGroupSize: z.number().int().min(1).max(30),
  pricing: z.object({
    mode: z.enum(pricingModes),
    currency: z.enum(['EUR', 'USD', 'GBP', 'CHF', 'CAD', 'NZD', 'NOK', 'MAD', 'PEN', 'NPR', 'ARS', 'TZS', 'INR', 'JPY']),
    customerFee: z.boolean(),
    discountPercent: z.number().int().min(0).max(90).optional(),
    /** Price per person (per day, or for the whole trip) for a group of `people`, in major units. */
    entries: z.array(z.object({ people: z.number().int().min(1).max(30), amount: z.number().positive() })).min(1),
  }),
  included: z.array(z.enum(includedItems as [string, ...string[]])).min(1),
  notIncluded: z.array(z.enum(includedItems as [string, ...string[]])),
  seasons: z.array(z.object({ from: monthDay, to: monthDay })).min(1),
  monthlyCapacity: z.number().int().min(1).max(31),
  hotels: z.array(z.object({ name: text, stars: z.number().int().min(1).max(5), description: localizedText })),
  /** Departures relative to the seed date: months ahead (0–11) and day of month. */
  openGroups: z.array(
    z.object({
      monthsAhead: z.number().int().min(0).max(11),
      day: z.number().int().min(1).max(28),
      totalSpots: z.number().int().min(1).max(30),
      openSpots: z.number().int().min(0).max(30),
      /** Price per person for the whole departure, in the trip's currency (major units). */
      pricePerPerson: z.number().positive(),
      confirmed: z.boolean(),
    }),
  ),
});

export type SeedGuide = z.infer<typeof seedGuide>;
export type SeedTrip = z.infer<typeof seedTrip>;

/** Main activity families, for matching generic review comments to trips. */
export const activityFamilies = ['trekking', 'climbing', 'ski', 'mountaineering'] as const;

/** A review from the pool; the seed assigns it to a trip of its activity family, deterministically. */
export const seedReview = z.object({
  family: z.enum(activityFamilies),
  rating: z.number().int().min(1).max(5),
  /** null: the traveller left no comment (spec §8 shows 'The traveller did not leave a comment.'). */
  comment: z.object({ language: z.enum(['en', 'fr', 'es', 'de', 'it']), text }).nullable(),
  firstName: text,
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  monthsAgo: z.number().int().min(1).max(36),
  /** The guide's reply, in the comment's language. */
  guideReply: text.nullable(),
});

/** A landing page: an indexable entry point for an activity and/or a place. */
export const seedLandingPage = z.object({
  key,
  slugs: localizedSlugs,
  activity: z.enum(activities).nullable(),
  countryCode: z.string().regex(/^[A-Z]{2}$/).nullable(),
  title: localizedText,
  intro: localizedText,
  /** Paragraphs separated by a blank line; '## ' starts a subheading. */
  body: localizedText,
});

export const seedAuthor = z.object({ key, name: text, bio: localizedText });

export const seedBlogPost = z.object({
  key,
  authorKey: key,
  slugs: localizedSlugs,
  title: localizedText,
  excerpt: localizedText,
  /** Paragraphs separated by a blank line; '## ' starts a subheading. */
  body: localizedText,
  publishedDaysAgo: z.number().int().min(1).max(720),
  activities: z.array(z.enum(activities)),
  countryCodes: z.array(z.string().regex(/^[A-Z]{2}$/)),
});

/** The body of a static page (keys from lib/routing/static-pages.ts). */
export const seedStaticPage = z.object({
  key: z.string(),
  title: localizedText,
  description: localizedText,
  /** Paragraphs separated by a blank line; '## ' starts a subheading; '- ' starts a list item. */
  body: localizedText,
});

export type SeedReview = z.infer<typeof seedReview>;
export type SeedLandingPage = z.infer<typeof seedLandingPage>;
export type SeedAuthor = z.infer<typeof seedAuthor>;
export type SeedBlogPost = z.infer<typeof seedBlogPost>;
export type SeedStaticPage = z.infer<typeof seedStaticPage>;
