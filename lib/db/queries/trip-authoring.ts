import 'server-only';
import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Activity, IncludedItem, PricingMode, SkillLevel, TripLevel, TripType } from '../../catalogue/vocabulary';
import { submitOutcome, submittableStatuses, type SubmitOutcome, type TripStatus } from '../../catalogue/publication';
import { locales, type Locale } from '../../locales';
import { restateAmount, type CurrencyChange } from '../../money/currency-change';
import { hasRate } from '../../money/rates';
import { refreshTripSearch, refreshTripSearchText } from '../../search/search-index';
import { readExchangeRates } from '../exchange-rates';
import { findNamedPlace } from './gazetteer';
import { enqueueEmails } from '../../mail/outbox';
import type { OutboxEmailInput } from '../../mail/templates';
import { getDb } from '../client';
import type { Database, DatabaseTransaction } from '../database';
import { guides, hotels, openGroups, priceEntries, trips, tripTranslations, type FaqEntry, type ItineraryDay } from '../schema';

/** What a guide states about a trip besides its texts (spec §3 trip). */
export type TripFacts = {
  activities: Activity[];
  tripType: TripType;
  languages: string[];
  skillLevel: SkillLevel;
  fitnessLevel: SkillLevel;
  tripLevel: TripLevel;
  durationDays: number;
  minDays: number;
  maxGroupSize: number;
  pricingMode: PricingMode;
  currency: string;
  discountPercent: number;
  included: IncludedItem[];
  notIncluded: IncludedItem[];
  /** The start place, picked from the gazetteer. */
  place: { name: string; countryCode: string; latitude: number; longitude: number };
};

/** A trip's texts in one language (spec §3 trip translation); `information` holds the meeting point. */
export type TripTexts = {
  locale: Locale;
  title: string;
  slug: string;
  summary: string;
  description: string;
  region: string;
  itinerary: ItineraryDay[];
  faq: FaqEntry[];
  why: string;
  information: string;
  assistance: string;
};

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

const factColumns = (facts: TripFacts) => ({
  activities: facts.activities,
  tripType: facts.tripType,
  languages: facts.languages,
  skillLevel: facts.skillLevel,
  fitnessLevel: facts.fitnessLevel,
  tripLevel: facts.tripLevel,
  durationDays: facts.durationDays,
  minDays: facts.minDays,
  maxGroupSize: facts.maxGroupSize,
  pricingMode: facts.pricingMode,
  currency: facts.currency,
  discountPercent: facts.discountPercent,
  included: facts.included,
  notIncluded: facts.notIncluded,
  countryCode: facts.place.countryCode,
  location: facts.place.name,
  latitude: facts.place.latitude,
  longitude: facts.place.longitude,
});

/** Search text, the search's copy and its vocabulary follow a trip's change (only a published trip is in them). */
async function refreshSearchOf(tripId: number, db: Database): Promise<void> {
  await refreshTripSearchText(db, [tripId]);
  await refreshTripSearch(db);
}

/**
 * A guide's new trip, a draft (never public until submitted and live), with its first texts in
 * one language. `key` is the submission's idempotency key: sent again, the same trip is answered.
 * `slugTaken` when another trip has that slug in that language.
 */
export async function createDraftTrip(
  guideId: number,
  key: string,
  facts: TripFacts,
  texts: Pick<TripTexts, 'locale' | 'title' | 'slug'>,
  db: Database = getDb(),
): Promise<{ ok: true; id: number } | { ok: false; slugTaken: true }> {
  const tripKey = `guide-${guideId}-${key}`;
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(trips)
        .values({ key: tripKey, guideId, ...factColumns(facts), customerFee: false, seasons: [], monthlyCapacity: 4, photoCount: 0, hasCover: false, published: false, status: 'draft' })
        .onConflictDoNothing({ target: trips.key })
        .returning({ id: trips.id });
      if (!created) {
        const [existing] = await tx.select({ id: trips.id }).from(trips).where(and(eq(trips.key, tripKey), eq(trips.guideId, guideId)));
        return { ok: true as const, id: existing!.id };
      }
      await tx.insert(tripTranslations).values({ tripId: created.id, locale: texts.locale, title: texts.title, slug: texts.slug, summary: '', description: '', region: '', itinerary: [], faq: [], why: '', information: '', assistance: '' });
      return { ok: true as const, id: created.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, slugTaken: true };
    throw error;
  }
}

/** A facts save: `currencyChoice` when the currency changes on a trip with amounts and the guide chose neither way; `noRates` when converting without today's rates. */
export type SaveFactsResult = 'saved' | 'notYours' | 'currencyChoice' | 'noRates';

/**
 * Saves a guide's trip facts. A new currency on a trip with prices (or upcoming open groups) is
 * refused until the guide chooses (`currencyChange`): their amounts are then converted at today's
 * rates or keep their numbers (`restateAmount`), in the same transaction, never re-read silently in
 * the new currency. A live trip's search copy and pages follow.
 */
export async function saveTripFacts(
  guideId: number,
  tripId: number,
  facts: TripFacts,
  change: { currencyChange?: CurrencyChange; today: string } = { today: new Date().toISOString().slice(0, 10) },
  db: Database = getDb(),
): Promise<SaveFactsResult> {
  const result = await db.transaction(async (tx): Promise<SaveFactsResult> => {
    const [trip] = await tx.select({ currency: trips.currency }).from(trips).where(and(eq(trips.id, tripId), eq(trips.guideId, guideId))).for('update');
    if (!trip) return 'notYours';
    if (trip.currency !== facts.currency) {
      const prices = await tx.select({ people: priceEntries.people, amountMinor: priceEntries.amountMinor }).from(priceEntries).where(eq(priceEntries.tripId, tripId));
      const groups = await tx
        .select({ id: openGroups.id, pricePerPersonMinor: openGroups.pricePerPersonMinor, currency: openGroups.currency })
        .from(openGroups)
        .where(and(eq(openGroups.tripId, tripId), gte(openGroups.startsOn, change.today)));
      if (prices.length + groups.length > 0) {
        if (!change.currencyChange) return 'currencyChoice';
        const rates = change.currencyChange === 'convert' ? await readExchangeRates(tx) : null;
        if (change.currencyChange === 'convert' && (!rates || !hasRate(rates, trip.currency) || !hasRate(rates, facts.currency))) return 'noRates';
        const restate = (amountMinor: number, from: string) => restateAmount(amountMinor, from, facts.currency, change.currencyChange!, rates);
        for (const price of prices) {
          await tx.update(priceEntries).set({ amountMinor: restate(price.amountMinor, trip.currency) }).where(and(eq(priceEntries.tripId, tripId), eq(priceEntries.people, price.people)));
        }
        for (const group of groups) {
          await tx.update(openGroups).set({ pricePerPersonMinor: restate(group.pricePerPersonMinor, group.currency), currency: facts.currency }).where(eq(openGroups.id, group.id));
        }
      }
    }
    await tx.update(trips).set({ ...factColumns(facts), updatedAt: sql`now()` }).where(eq(trips.id, tripId));
    return 'saved';
  });
  if (result === 'saved') await refreshSearchOf(tripId, db);
  return result;
}

/** Saves a trip's texts in one language (added when new). `slugTaken` when another trip has that slug in that language. */
export async function saveTripTexts(guideId: number, tripId: number, texts: TripTexts, db: Database = getDb()): Promise<'saved' | 'notYours' | 'slugTaken'> {
  const [own] = await db.select({ id: trips.id }).from(trips).where(and(eq(trips.id, tripId), eq(trips.guideId, guideId)));
  if (!own) return 'notYours';
  const { locale, ...values } = texts;
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(tripTranslations)
        .values({ tripId, locale, ...values })
        .onConflictDoUpdate({ target: [tripTranslations.tripId, tripTranslations.locale], set: values });
      await tx.update(trips).set({ updatedAt: sql`now()` }).where(eq(trips.id, tripId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'slugTaken';
    throw error;
  }
  await refreshSearchOf(tripId, db);
  return 'saved';
}

/** Whether a slug is free in a language (another trip may not have it; the trip itself may). */
export async function isSlugFree(locale: Locale, slug: string, tripId: number | null, db: Database = getDb()): Promise<boolean> {
  const [row] = await db
    .select({ tripId: tripTranslations.tripId })
    .from(tripTranslations)
    .where(and(eq(tripTranslations.locale, locale), eq(tripTranslations.slug, slug)));
  return !row || row.tripId === tripId;
}

/** What a trip lacks before it may be submitted: texts in a language, or prices. */
export type MissingPart = 'texts' | 'prices';

async function missingParts(tx: DatabaseTransaction, tripId: number): Promise<MissingPart[]> {
  const [texts, prices] = await Promise.all([
    tx
      .select({ locale: tripTranslations.locale })
      .from(tripTranslations)
      .where(and(eq(tripTranslations.tripId, tripId), sql`${tripTranslations.summary} <> '' AND ${tripTranslations.description} <> '' AND ${tripTranslations.region} <> ''`)),
    tx.select({ people: priceEntries.people }).from(priceEntries).where(eq(priceEntries.tripId, tripId)).limit(1),
  ]);
  const missing: MissingPart[] = [];
  if (!locales.every((locale) => texts.some((row) => row.locale === locale))) missing.push('texts');
  if (prices.length === 0) missing.push('prices');
  return missing;
}

export type SubmitResult = { ok: true; outcome: SubmitOutcome } | { ok: false; reason: 'notYours' | 'notSubmittable' | 'guideNotApproved'; status?: TripStatus } | { ok: false; reason: 'incomplete'; missing: MissingPart[] };

/**
 * A guide submits a trip (draft or unpublished): decided once under the guide's row lock, so two
 * submissions at once (or a submission beside support's approval of another of the guide's trips)
 * are decided in turn; the second finds the trip already submitted. The outcome is
 * `submitOutcome`'s: live at once for a guide support approved before, else support's queue.
 */
export async function submitTrip(guideId: number, tripId: number, db: Database = getDb()): Promise<SubmitResult> {
  const result = await db.transaction(async (tx): Promise<SubmitResult> => {
    const [guide] = await tx.select({ status: guides.status }).from(guides).where(eq(guides.id, guideId)).for('update');
    // Only guides support verified publish (the database's trigger holds the same rule).
    if (guide?.status !== 'approved') return { ok: false, reason: 'guideNotApproved' };
    const [trip] = await tx.select({ status: trips.status }).from(trips).where(and(eq(trips.id, tripId), eq(trips.guideId, guideId))).for('update');
    if (!trip) return { ok: false, reason: 'notYours' };
    if (!submittableStatuses.includes(trip.status)) return { ok: false, reason: 'notSubmittable', status: trip.status };
    const missing = await missingParts(tx, tripId);
    if (missing.length > 0) return { ok: false, reason: 'incomplete', missing };
    const [approved] = await tx.select({ id: trips.id }).from(trips).where(and(eq(trips.guideId, guideId), isNotNull(trips.approvedAt))).limit(1);
    const outcome = submitOutcome({ hasApprovedTrip: approved !== undefined });
    await tx
      .update(trips)
      .set({
        status: outcome,
        published: outcome === 'live',
        submittedAt: sql`now()`,
        approvedAt: outcome === 'live' ? sql`coalesce(${trips.approvedAt}, now())` : trips.approvedAt,
        updatedAt: sql`now()`,
      })
      .where(eq(trips.id, tripId));
    return { ok: true, outcome };
  });
  if (result.ok && result.outcome === 'live') await refreshSearchOf(tripId, db);
  return result;
}

/** What support's decision on a submitted trip tells its guide: who they are and the trip's texts, for the e-mail. */
export type DecidedTrip = {
  tripId: number;
  guide: { name: string; email: string | null; emailLocale: Locale };
  translations: Array<{ locale: Locale; slug: string; title: string }>;
  /** The decided submission's time: with the trip and the decision, the e-mail's dedupe key. */
  submittedAt: Date;
};

/** Support's decision on a submitted trip, taken once (`WHERE status = 'submitted'`), with the guide's e-mail stored in the same transaction. */
async function decideSubmittedTrip(
  tripId: number,
  set: PgUpdateSetSource<typeof trips>,
  email: (trip: DecidedTrip) => OutboxEmailInput,
  db: Database,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [decided] = await tx
      .update(trips)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(trips.id, tripId), eq(trips.status, 'submitted')))
      .returning({ guideId: trips.guideId, submittedAt: trips.submittedAt, updatedAt: trips.updatedAt });
    if (!decided) return false;
    const [guide] = await tx.select({ name: guides.name, email: guides.email, emailLocale: guides.emailLocale }).from(guides).where(eq(guides.id, decided.guideId));
    const translations = await tx.select({ locale: tripTranslations.locale, slug: tripTranslations.slug, title: tripTranslations.title }).from(tripTranslations).where(eq(tripTranslations.tripId, tripId));
    if (guide && translations.length > 0) await enqueueEmails(tx, [email({ tripId, guide, translations, submittedAt: decided.submittedAt ?? decided.updatedAt })]);
    return true;
  });
}

/**
 * Support approves a submitted trip: it goes live, and its guide is told (`email`, stored with the
 * decision). Decided once: a second approval (or one after a withdrawal) answers false.
 */
export async function approveTrip(tripId: number, email: (trip: DecidedTrip) => OutboxEmailInput, db: Database = getDb()): Promise<boolean> {
  const approved = await decideSubmittedTrip(tripId, { status: 'live', published: true, approvedAt: sql`coalesce(${trips.approvedAt}, now())` }, email, db);
  if (approved) await refreshSearchOf(tripId, db);
  return approved;
}

/** Support sends a submitted trip back to its guide as a draft, with the reason in the guide's e-mail. Decided once, as an approval is. */
export function returnTripToDraft(tripId: number, email: (trip: DecidedTrip) => OutboxEmailInput, db: Database = getDb()): Promise<boolean> {
  return decideSubmittedTrip(tripId, { status: 'draft' }, email, db);
}

/** A guide takes a live (or waiting) trip off: no longer public; false when it was neither. */
export async function unpublishTrip(guideId: number, tripId: number, db: Database = getDb()): Promise<boolean> {
  const [unpublished] = await db
    .update(trips)
    .set({ status: 'unpublished', published: false, updatedAt: sql`now()` })
    .where(and(eq(trips.id, tripId), eq(trips.guideId, guideId), inArray(trips.status, ['live', 'submitted'])))
    .returning({ id: trips.id });
  if (!unpublished) return false;
  await refreshSearchOf(tripId, db);
  return true;
}

/** What a copy takes from its trip: everything the guide stated, none of its lifecycle nor photos. */
const copiedColumns = {
  guideId: trips.guideId,
  countryCode: trips.countryCode,
  location: trips.location,
  latitude: trips.latitude,
  longitude: trips.longitude,
  activities: trips.activities,
  tripType: trips.tripType,
  languages: trips.languages,
  skillLevel: trips.skillLevel,
  fitnessLevel: trips.fitnessLevel,
  tripLevel: trips.tripLevel,
  durationDays: trips.durationDays,
  minDays: trips.minDays,
  maxGroupSize: trips.maxGroupSize,
  pricingMode: trips.pricingMode,
  currency: trips.currency,
  customerFee: trips.customerFee,
  discountPercent: trips.discountPercent,
  included: trips.included,
  notIncluded: trips.notIncluded,
  seasons: trips.seasons,
  monthlyCapacity: trips.monthlyCapacity,
};

/**
 * A draft copy of a guide's trip: facts, texts (slugs suffixed with the copy's id), prices and
 * hotels; not its departures, unavailable days or photos. `key` is the submission's idempotency
 * key: the same submission sent again answers the same copy. Null when the trip is not theirs.
 */
export async function duplicateTrip(guideId: number, tripId: number, key: string, db: Database = getDb()): Promise<number | null> {
  const copyKey = `copy-${guideId}-${key}`;
  return db.transaction(async (tx) => {
    const [source] = await tx.select(copiedColumns).from(trips).where(and(eq(trips.id, tripId), eq(trips.guideId, guideId)));
    if (!source) return null;
    const [copy] = await tx
      .insert(trips)
      .values({ ...source, key: copyKey, photoCount: 0, hasCover: false, published: false, status: 'draft' })
      .onConflictDoNothing({ target: trips.key })
      .returning({ id: trips.id });
    if (!copy) {
      const [existing] = await tx.select({ id: trips.id }).from(trips).where(and(eq(trips.key, copyKey), eq(trips.guideId, guideId)));
      return existing!.id;
    }
    await tx.execute(sql`
      INSERT INTO trip_translations (trip_id, locale, slug, title, summary, description, region, itinerary, faq, why, information, assistance)
      SELECT ${copy.id}, locale, left(slug, 70) || '-' || ${copy.id}, title, summary, description, region, itinerary, faq, why, information, assistance
      FROM trip_translations WHERE trip_id = ${tripId}`);
    await tx.execute(sql`INSERT INTO price_entries (trip_id, people, amount_minor) SELECT ${copy.id}, people, amount_minor FROM price_entries WHERE trip_id = ${tripId}`);
    const sourceHotels = await tx.select({ name: hotels.name, stars: hotels.stars, description: hotels.description }).from(hotels).where(eq(hotels.tripId, tripId));
    if (sourceHotels.length > 0) await tx.insert(hotels).values(sourceHotels.map((hotel) => ({ ...hotel, tripId: copy.id })));
    return copy.id;
  });
}

/** A guide's trip as its editor shows it: facts, status and texts in every language; null when not theirs. */
export async function getTripForAuthoring(guideId: number, tripId: number, db: Database = getDb()) {
  const [trip] = await db.select().from(trips).where(and(eq(trips.id, tripId), eq(trips.guideId, guideId)));
  if (!trip) return null;
  const texts = await db.select().from(tripTranslations).where(eq(tripTranslations.tripId, tripId));
  return { trip, texts: Object.fromEntries(texts.map((row) => [row.locale, row])) as Partial<Record<Locale, (typeof texts)[number]>> };
}
export type TripForAuthoring = NonNullable<Awaited<ReturnType<typeof getTripForAuthoring>>>;

/** Support's queue: trips waiting for approval, oldest submission first, with their guide and title in `locale`. */
export async function listSubmittedTrips(locale: Locale, db: Database = getDb()) {
  return db
    .select({
      id: trips.id,
      title: sql<string>`coalesce(${tripTranslations.title}, ${trips.key})`,
      guideName: guides.name,
      submittedAt: trips.submittedAt,
    })
    .from(trips)
    .innerJoin(guides, eq(guides.id, trips.guideId))
    .leftJoin(tripTranslations, and(eq(tripTranslations.tripId, trips.id), eq(tripTranslations.locale, locale)))
    .where(eq(trips.status, 'submitted'))
    .orderBy(asc(trips.submittedAt), asc(trips.id));
}

/** A trip's start place from the gazetteer, named in the guide's language (`findNamedPlace`). Null when none is near. */
export async function findStartPlace(text: string, locale: Locale, db: Database = getDb()): Promise<TripFacts['place'] | null> {
  const place = await findNamedPlace(text, locale, {}, db);
  return place ? { name: place.name, countryCode: place.countryCode, latitude: place.latitude, longitude: place.longitude } : null;
}

/** Who may preview a trip and its slug in a language (null when it has no texts there): its guide and support. */
export async function getTripPreviewTarget(tripId: number, locale: Locale, db: Database = getDb()) {
  const [row] = await db
    .select({ guideId: trips.guideId, status: trips.status, slug: tripTranslations.slug })
    .from(trips)
    .leftJoin(tripTranslations, and(eq(tripTranslations.tripId, trips.id), eq(tripTranslations.locale, locale)))
    .where(eq(trips.id, tripId));
  return row ?? null;
}
