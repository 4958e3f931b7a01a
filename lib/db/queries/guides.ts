import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { Locale } from '../../locales';
import { getDb } from '../client';
import type { Database } from '../database';
import { guides, reviews, reviewTranslations, trips, tripTranslations } from '../schema';
import { reviewColumns, reviewSummary, reviewTotals, translationInto, visibleReviews } from './review-summary';
import { listTripCardsBy } from './trip-cards';
import { withReplyHours } from './reply-time';

/** How many of the guide's most recent reviews the page loads (the rest is summed up by the count). */
export const GUIDE_PAGE_REVIEWS = 30;
/** The guide's published trips shown on the page (more than any guide of the catalogue has). */
export const GUIDE_PAGE_TRIPS = 24;

/**
 * Everything a guide page shows (spec §1 company types, §9 reply window), in
 * four queries, the last three at once: the guide with its bios, its published trips as cards in `locale`, the
 * most recent reviews of those trips with their count and average, and its reply time (lib/booking/reply-time.ts). Null for an unknown slug.
 * The guide's mailbox is not loaded: questions reach it through the `askGuide` action.
 */
export async function getGuidePageData(slug: string, locale: Locale, db: Database = getDb()) {
  const guide = await db.query.guides.findFirst({
    // Only guides support approved are public (an application or a declined one is not a page).
    where: and(eq(guides.slug, slug), eq(guides.status, 'approved')),
    columns: { email: false, createdAt: false, pendingCertifications: false },
    with: { translations: { columns: { locale: true, bio: true } } },
  });
  if (!guide) return null;

  const [tripCards, reviewRows, [replying]] = await Promise.all([
    listTripCardsBy({ guideId: guide.id }, locale, GUIDE_PAGE_TRIPS, db),
    db
      .select({
        review: { ...reviewColumns, tripSlug: tripTranslations.slug, tripTitle: tripTranslations.title },
        ...reviewTotals(locale),
      })
      .from(reviews)
      .innerJoin(trips, and(eq(trips.id, reviews.tripId), eq(trips.guideId, guide.id), eq(trips.published, true), visibleReviews))
      .leftJoin(reviewTranslations, translationInto(locale))
      .innerJoin(tripTranslations, and(eq(tripTranslations.tripId, trips.id), eq(tripTranslations.locale, locale)))
      .orderBy(desc(reviews.tripDate), desc(reviews.id))
      .limit(GUIDE_PAGE_REVIEWS),
    withReplyHours([guide], db),
  ]);

  // The bio in the page's language; else the guide's own language's (the original), then English, then any.
  const bio =
    guide.translations.find((entry) => entry.locale === locale) ??
    guide.translations.find((entry) => entry.locale === guide.emailLocale) ??
    guide.translations.find((entry) => entry.locale === 'en') ??
    guide.translations[0] ??
    null;
  return {
    guide: replying!,
    bio: bio ? { text: bio.bio, locale: bio.locale } : null,
    trips: tripCards,
    ...reviewSummary(reviewRows),
  };
}

export type GuidePageData = NonNullable<Awaited<ReturnType<typeof getGuidePageData>>>;
export type GuideReview = GuidePageData['reviews'][number];
