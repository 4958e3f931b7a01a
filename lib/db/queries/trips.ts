import 'server-only';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { isoDayOf } from '../../iso-day';
import type { Locale } from '../../locales';
import { getDb } from '../client';
import type { Database } from '../database';
import { openGroups, reviews, tripTranslations } from '../schema';

/**
 * Everything the trip page shows, for a slug in a locale, in two database round trips: the trip
 * with its translations (all locales, for the language alternates), guide, price entries,
 * upcoming open groups, hotels and unavailable ranges in one relational query; the reviews with
 * their count and average in a second. Null when no trip has that slug in that locale.
 */
export async function getTripPageData(locale: Locale, slug: string, db: Database = getDb(), today: Date = new Date()) {
  const todayIso = isoDayOf(today);
  const translation = await db.query.tripTranslations.findFirst({
    where: and(eq(tripTranslations.locale, locale), eq(tripTranslations.slug, slug)),
    columns: { tripId: true },
    with: {
      trip: {
        with: {
          translations: true,
          guide: { with: { translations: true } },
          priceEntries: { orderBy: (entries) => [asc(entries.people)] },
          openGroups: { where: gte(openGroups.startsOn, todayIso), orderBy: (groups) => [asc(groups.startsOn)] },
          hotels: true,
          unavailableRanges: true,
        },
      },
    },
  });
  if (!translation || !translation.trip.published) return null;
  const { trip } = translation;

  const reviewColumns = {
    id: reviews.id,
    rating: reviews.rating,
    comment: reviews.comment,
    commentLanguage: reviews.commentLanguage,
    firstName: reviews.firstName,
    countryCode: reviews.countryCode,
    tripDate: reviews.tripDate,
    guideReply: reviews.guideReply,
  };
  const reviewRows = await db
    .select({ review: reviewColumns, total: sql<number>`count(*) OVER ()::int`, average: sql<string>`avg(${reviews.rating}) OVER ()` })
    .from(reviews)
    .where(eq(reviews.tripId, trip.id))
    .orderBy(desc(reviews.tripDate), desc(reviews.id));

  const current = trip.translations.find((entry) => entry.locale === locale)!;
  return {
    trip,
    translation: current,
    slugs: Object.fromEntries(trip.translations.map((entry) => [entry.locale, entry.slug])) as Partial<Record<Locale, string>>,
    guideBio: trip.guide.translations.find((entry) => entry.locale === locale)?.bio ?? '',
    reviews: reviewRows.map((row) => row.review),
    reviewCount: reviewRows[0]?.total ?? 0,
    averageRating: reviewRows[0] ? Math.round(Number(reviewRows[0].average) * 10) / 10 : null,
  };
}
export type TripPageData = NonNullable<Awaited<ReturnType<typeof getTripPageData>>>;
