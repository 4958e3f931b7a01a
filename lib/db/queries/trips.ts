import 'server-only';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { isoDayOf } from '../../iso-day';
import type { PhotoView } from '../../media/photo-urls';
import type { Locale } from '../../locales';
import { getDb } from '../client';
import type { Database } from '../database';
import { preparedPerDatabase } from '../prepared';
import { openGroups, reviews, reviewTranslations, tripPhotos, tripTranslations } from '../schema';
import { reviewColumns, reviewSummary, reviewTotals, translationInto, visibleReviews } from './review-summary';
import { withReplyHours } from './reply-time';

/** The trip with its translations, guide, prices, upcoming open groups, hotels, unavailable ranges and ready photos. */
const tripQuery = preparedPerDatabase((db) =>
  db.query.tripTranslations
    .findFirst({
      where: and(eq(tripTranslations.locale, sql.placeholder('locale')), eq(tripTranslations.slug, sql.placeholder('slug'))),
      columns: { tripId: true },
      with: {
        trip: {
          // Public fields only: what the page shows (a cached result must hold nothing private).
          columns: { createdAt: false, updatedAt: false },
          with: {
            translations: true,
            guide: { columns: { email: false, emailLocale: false, createdAt: false, updatedAt: false, paymentInstructions: false }, with: { translations: true } },
            priceEntries: { orderBy: (entries) => [asc(entries.people)] },
            openGroups: { where: gte(openGroups.startsOn, sql.placeholder('today')), orderBy: (groups) => [asc(groups.startsOn)] },
            hotels: true,
            unavailableRanges: true,
            // The gallery: ready photos only, the cover first (what is public of them).
            photos: {
              columns: { storageKey: true, width: true, height: true, widths: true, placeholder: true, alt: true },
              where: eq(tripPhotos.ready, true),
              orderBy: (photos) => [desc(photos.isCover), asc(photos.position), asc(photos.id)],
            },
          },
        },
      },
    })
    .prepare('trip_page'),
);

/** The trip's reviews, newest trip first, with their count and average. */
const reviewsQuery = preparedPerDatabase((db) =>
  db
    .select({ review: reviewColumns, ...reviewTotals(sql.placeholder('locale')) })
    .from(reviews)
    .leftJoin(reviewTranslations, translationInto(sql.placeholder('locale')))
    .where(and(eq(reviews.tripId, sql.placeholder('tripId')), visibleReviews))
    .orderBy(desc(reviews.tripDate), desc(reviews.id))
    .prepare('trip_page_reviews'),
);

/**
 * Everything the trip page shows, for a slug in a locale, in two database round trips (both
 * prepared statements): the trip with its translations (all locales, for the language
 * alternates), guide, price entries, upcoming open groups, hotels and unavailable ranges in one
 * relational query; the reviews with their count and average, and the guide's reply time, in a
 * second step (two queries at once). Null when no trip has that slug in that locale.
 */
export async function getTripPageData(locale: Locale, slug: string, db: Database = getDb(), today: Date = new Date(), options: { unpublished?: boolean } = {}) {
  const translation = await tripQuery(db).execute({ locale, slug, today: isoDayOf(today) });
  // `unpublished`: the private preview (its guide, support), never a cached page.
  if (!translation || (!translation.trip.published && !options.unpublished)) return null;
  const { trip } = translation;

  const [reviewRows, [guide]] = await Promise.all([reviewsQuery(db).execute({ tripId: trip.id, locale }), withReplyHours([trip.guide], db)]);
  trip.guide = guide!;

  const current = trip.translations.find((entry) => entry.locale === locale)!;
  return {
    trip,
    translation: current,
    slugs: Object.fromEntries(trip.translations.map((entry) => [entry.locale, entry.slug])) as Partial<Record<Locale, string>>,
    guideBio: trip.guide.translations.find((entry) => entry.locale === locale)?.bio ?? '',
    /** The guide's own photos, ready ones only, the cover first (empty: the generated scenes stand in). */
    photos: trip.photos.map(({ alt, ...photo }): PhotoView => ({ ...photo, alt: alt[locale] ?? '' })),
    ...reviewSummary(reviewRows),
  };
}
export type TripPageData = NonNullable<Awaited<ReturnType<typeof getTripPageData>>>;
