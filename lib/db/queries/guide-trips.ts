import 'server-only';
import { and, asc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { TripStatus } from '../../catalogue/publication';
import type { PricingMode } from '../../catalogue/vocabulary';
import type { Locale } from '../../locales';
import { refreshTripSearch } from '../../search/search-index';
import { getDb } from '../client';
import type { Database } from '../database';
import { openGroups, priceEntries, trips, tripTranslations, unavailableRanges, type Season } from '../schema';

/** A guide's trip as the guide area lists and edits it. */
export type GuideTrip = {
  id: number;
  title: string;
  slug: string;
  currency: string;
  pricingMode: PricingMode;
  durationDays: number;
  maxGroupSize: number;
  status: TripStatus;
};

const tripColumns = {
  id: trips.id,
  title: sql<string>`coalesce(${tripTranslations.title}, ${trips.key})`,
  slug: sql<string>`coalesce(${tripTranslations.slug}, ${trips.key})`,
  currency: trips.currency,
  pricingMode: trips.pricingMode,
  durationDays: trips.durationDays,
  maxGroupSize: trips.maxGroupSize,
  status: trips.status,
};

/** The trips of a guide, by title in `locale`. */
export async function listGuideTrips(guideId: number, locale: Locale, db: Database = getDb()): Promise<GuideTrip[]> {
  return db
    .select(tripColumns)
    .from(trips)
    .leftJoin(tripTranslations, and(eq(tripTranslations.tripId, trips.id), eq(tripTranslations.locale, locale)))
    .where(eq(trips.guideId, guideId))
    .orderBy(asc(tripTranslations.title));
}

/** A guide's own trip with its price entries and upcoming open groups; null for another guide's trip. */
export async function getGuideTrip(guideId: number, tripId: number, locale: Locale, today: string, db: Database = getDb()) {
  const [trip] = await db
    .select({ ...tripColumns, seasons: trips.seasons, monthlyCapacity: trips.monthlyCapacity, customerFee: trips.customerFee, discountPercent: trips.discountPercent })
    .from(trips)
    .leftJoin(tripTranslations, and(eq(tripTranslations.tripId, trips.id), eq(tripTranslations.locale, locale)))
    .where(and(eq(trips.id, tripId), eq(trips.guideId, guideId)));
  if (!trip) return null;
  const [entries, groups, ranges] = await Promise.all([
    db.select({ people: priceEntries.people, amountMinor: priceEntries.amountMinor }).from(priceEntries).where(eq(priceEntries.tripId, tripId)).orderBy(asc(priceEntries.people)),
    db
      .select({ id: openGroups.id, startsOn: openGroups.startsOn, totalSpots: openGroups.totalSpots, openSpots: openGroups.openSpots, pricePerPersonMinor: openGroups.pricePerPersonMinor, confirmed: openGroups.confirmed })
      .from(openGroups)
      .where(and(eq(openGroups.tripId, tripId), gte(openGroups.startsOn, today)))
      .orderBy(asc(openGroups.startsOn)),
    db
      .select({ startsOn: unavailableRanges.startsOn, endsOn: unavailableRanges.endsOn })
      .from(unavailableRanges)
      .where(and(eq(unavailableRanges.tripId, tripId), gte(unavailableRanges.endsOn, today)))
      .orderBy(asc(unavailableRanges.startsOn)),
  ]);
  return { ...trip, entries, groups, unavailableRanges: ranges };
}
export type GuideTripDetails = NonNullable<Awaited<ReturnType<typeof getGuideTrip>>>;

/** Whether a trip is the guide's own (every write checks it on the server). */
export async function isGuidesTrip(guideId: number, tripId: number, db: Database = getDb()): Promise<{ currency: string; durationDays: number } | null> {
  const [trip] = await db.select({ currency: trips.currency, durationDays: trips.durationDays }).from(trips).where(and(eq(trips.id, tripId), eq(trips.guideId, guideId)));
  return trip ?? null;
}

/** Replaces a trip's price entries (one per group size), then refreshes the search's copy of the prices. */
export async function replacePriceEntries(tripId: number, entries: readonly { people: number; amountMinor: number }[], db: Database = getDb()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(priceEntries).where(eq(priceEntries.tripId, tripId));
    await tx.insert(priceEntries).values(entries.map((entry) => ({ tripId, ...entry })));
    await tx.update(trips).set({ updatedAt: sql`now()` }).where(eq(trips.id, tripId));
  });
  await refreshTripSearch(db);
}

export type OpenGroupInput = { id: number | null; startsOn: string; totalSpots: number; openSpots: number; pricePerPersonMinor: number; confirmed: boolean };

/**
 * Saves a trip's upcoming open groups as the guide lists them: listed ones are updated,
 * new ones added, upcoming ones left off are removed unless travellers already joined them (those
 * stay; the guide closes them by setting their open spots to zero). Groups of other trips are
 * never touched, whatever ids are sent.
 */
export async function saveOpenGroups(tripId: number, groups: readonly OpenGroupInput[], trip: { currency: string; durationDays: number }, today: string, db: Database = getDb()): Promise<void> {
  await db.transaction(async (tx) => {
    const kept = groups.filter((group) => group.id !== null).map((group) => group.id!);
    const removable = await tx
      .select({ id: openGroups.id })
      .from(openGroups)
      .where(
        and(
          eq(openGroups.tripId, tripId),
          gte(openGroups.startsOn, today),
          kept.length > 0 ? notInArray(openGroups.id, kept) : sql`true`,
          sql`NOT EXISTS (SELECT 1 FROM open_group_joins j WHERE j.open_group_id = ${openGroups.id})`,
          sql`NOT EXISTS (SELECT 1 FROM booking_requests r WHERE r.open_group_id = ${openGroups.id})`,
        ),
      );
    if (removable.length > 0) await tx.delete(openGroups).where(inArray(openGroups.id, removable.map((row) => row.id)));
    for (const group of groups) {
      const values = { startsOn: group.startsOn, totalSpots: group.totalSpots, openSpots: group.openSpots, pricePerPersonMinor: group.pricePerPersonMinor, confirmed: group.confirmed, updatedAt: sql`now()` };
      if (group.id === null) {
        await tx.insert(openGroups).values({ ...values, tripId, durationDays: trip.durationDays, currency: trip.currency });
      } else {
        await tx.update(openGroups).set(values).where(and(eq(openGroups.id, group.id), eq(openGroups.tripId, tripId)));
      }
    }
    await tx.update(trips).set({ updatedAt: sql`now()` }).where(eq(trips.id, tripId));
  });
  await refreshTripSearch(db);
}

/** Replaces a trip's seasons (spec §4 'out of season'), then refreshes the search's copy (its month filter). */
export async function saveSeasons(tripId: number, seasons: readonly Season[], db: Database = getDb()): Promise<void> {
  await db.update(trips).set({ seasons: [...seasons], updatedAt: sql`now()` }).where(eq(trips.id, tripId));
  await refreshTripSearch(db);
}

/** Sets how many departures of a trip the guide takes per month (the calendar's capacity). */
export async function saveMonthlyCapacity(tripId: number, monthlyCapacity: number, db: Database = getDb()): Promise<void> {
  await db.update(trips).set({ monthlyCapacity, updatedAt: sql`now()` }).where(eq(trips.id, tripId));
}

/**
 * Replaces the guide's unavailable ranges for a trip that end today or later with the
 * listed ones (spec §4 'guide unavailable'); ranges already over stay as history. Overlapping
 * ranges are stored as the guide wrote them: the calendar reads their union.
 */
export async function saveUnavailableRanges(tripId: number, ranges: readonly { startsOn: string; endsOn: string }[], today: string, db: Database = getDb()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(unavailableRanges).where(and(eq(unavailableRanges.tripId, tripId), gte(unavailableRanges.endsOn, today)));
    if (ranges.length > 0) await tx.insert(unavailableRanges).values(ranges.map((range) => ({ tripId, ...range })));
    await tx.update(trips).set({ updatedAt: sql`now()` }).where(eq(trips.id, tripId));
  });
}
