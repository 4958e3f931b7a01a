import 'server-only';
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Locale } from '../../locales';
import type { PriceEntry } from '../../money/pricing';
import { getDb } from '../client';
import type { Database } from '../database';
import { trips, tripTranslations } from '../schema';
import { coverPhotoColumn } from './trip-photos';

/** What a trip card shows (trip page's You may also like; search and home later). */
export function tripCardColumns() {
  return {
    id: trips.id,
    key: trips.key,
    slug: tripTranslations.slug,
    title: tripTranslations.title,
    region: tripTranslations.region,
    location: trips.location,
    countryCode: trips.countryCode,
    activities: trips.activities,
    tripType: trips.tripType,
    durationDays: trips.durationDays,
    maxGroupSize: trips.maxGroupSize,
    pricingMode: trips.pricingMode,
    currency: trips.currency,
    customerFee: trips.customerFee,
    discountPercent: trips.discountPercent,
    hasCover: trips.hasCover,
    /** The guide's cover photo (null: the generated scene stands in). */
    coverPhoto: coverPhotoColumn(trips.id),
    priceEntries: sql<PriceEntry[]>`(SELECT coalesce(json_agg(json_build_object('people', p.people, 'amountMinor', p.amount_minor) ORDER BY p.people), '[]'::json) FROM price_entries p WHERE p.trip_id = ${trips.id})`,
    averageRating: sql<string | null>`(SELECT round(avg(r.rating), 1)::text FROM reviews r WHERE r.trip_id = ${trips.id} AND r.hidden_at IS NULL)`,
    reviewCount: sql<number>`(SELECT count(*)::int FROM reviews r WHERE r.trip_id = ${trips.id} AND r.hidden_at IS NULL)`,
  };
}

/**
 * You may also like (spec §2): published trips sharing an activity or the country with `trip`,
 * those sharing both first, in one query. Empty when nothing matches.
 */
export async function listSimilarTrips(
  trip: { id: number; activities: readonly string[]; countryCode: string },
  locale: Locale,
  limit = 4,
  db: Database = getDb(),
){
  const activities = sql`ARRAY[${sql.join(
    trip.activities.map((activity) => sql`${activity}`),
    sql`, `,
  )}]::text[]`;
  const sharesActivity = sql`${trips.activities} && ${activities}`;
  const sameCountry = eq(trips.countryCode, trip.countryCode);
  const rows = await db
    .select(tripCardColumns())
    .from(trips)
    .innerJoin(tripTranslations, and(eq(tripTranslations.tripId, trips.id), eq(tripTranslations.locale, locale)))
    .where(and(eq(trips.published, true), ne(trips.id, trip.id), or(sharesActivity, sameCountry)))
    .orderBy(desc(sql`(${sharesActivity})::int + (${sameCountry})::int`), trips.id)
    .limit(limit);
  return rows;
}
/**
 * Trip cards for a page section: published trips of a guide, or sharing one of the activities or
 * countries given (all optional, combined with AND), best rated first, then most reviewed.
 */
export async function listTripCardsBy(
  where: { guideId?: number; activities?: readonly string[]; countryCodes?: readonly string[]; excludeIds?: readonly number[] },
  locale: Locale,
  limit = 8,
  db: Database = getDb(),
) {
  const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;
  const conditions = [eq(trips.published, true)];
  if (where.guideId !== undefined) conditions.push(eq(trips.guideId, where.guideId));
  if (where.activities?.length) conditions.push(sql`${trips.activities} && ${textArray(where.activities)}`);
  if (where.countryCodes?.length) conditions.push(sql`${trips.countryCode} = ANY(${textArray(where.countryCodes)})`);
  if (where.excludeIds?.length) conditions.push(sql`${trips.id} <> ALL(ARRAY[${sql.join(where.excludeIds.map((id) => sql`${id}`), sql`, `)}]::int[])`);
  const columns = tripCardColumns();
  return db
    .select(columns)
    .from(trips)
    .innerJoin(tripTranslations, and(eq(tripTranslations.tripId, trips.id), eq(tripTranslations.locale, locale)))
    .where(and(...conditions))
    .orderBy(sql`${columns.averageRating}::numeric DESC NULLS LAST`, desc(columns.reviewCount), trips.id)
    .limit(limit);
}

export type TripCardRow = Awaited<ReturnType<typeof listSimilarTrips>>[number];
