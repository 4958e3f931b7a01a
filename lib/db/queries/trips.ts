import 'server-only';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import { isoDayOf } from '../../iso-day';
import type { Locale } from '../../locales';
import { getDb } from '../client';
import type { Database } from '../database';
import { openGroups, reviews, tripTranslations } from '../schema';
import { reviewColumns, reviewSummary, reviewTotals } from './review-summary';
import { withReplyHours } from './reply-time';

/**
 * Everything the trip page shows, for a slug in a locale, in two database round trips: the trip
 * with its translations (all locales, for the language alternates), guide, price entries,
 * upcoming open groups, hotels and unavailable ranges in one relational query; the reviews with
 * their count and average, and the guide's reply time, in a second step (two queries at once). Null when no trip has that slug in that locale.
 */
export async function getTripPageData(locale: Locale, slug: string, db: Database = getDb(), today: Date = new Date()) {
  const todayIso = isoDayOf(today);
  const translation = await db.query.tripTranslations.findFirst({
    where: and(eq(tripTranslations.locale, locale), eq(tripTranslations.slug, slug)),
    columns: { tripId: true },
    with: {
      trip: {
        // Public fields only: what the page shows (a cached result must hold nothing private).
        columns: { createdAt: false, updatedAt: false },
        with: {
          translations: true,
          guide: { columns: { email: false, emailLocale: false, createdAt: false, updatedAt: false }, with: { translations: true } },
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

  const [reviewRows, [guide]] = await Promise.all([
    db
      .select({ review: reviewColumns, ...reviewTotals })
      .from(reviews)
      .where(eq(reviews.tripId, trip.id))
      .orderBy(desc(reviews.tripDate), desc(reviews.id)),
    withReplyHours([trip.guide], db),
  ]);
  trip.guide = guide!;

  const current = trip.translations.find((entry) => entry.locale === locale)!;
  return {
    trip,
    translation: current,
    slugs: Object.fromEntries(trip.translations.map((entry) => [entry.locale, entry.slug])) as Partial<Record<Locale, string>>,
    guideBio: trip.guide.translations.find((entry) => entry.locale === locale)?.bio ?? '',
    ...reviewSummary(reviewRows),
  };
}
export type TripPageData = NonNullable<Awaited<ReturnType<typeof getTripPageData>>>;
