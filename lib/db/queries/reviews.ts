import 'server-only';
import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Locale } from '../../locales';
import type { PhotoView } from '../../media/photo-urls';
import { getDb } from '../client';
import type { Database } from '../database';
import { reviews, reviewTranslations, trips, tripTranslations } from '../schema';
import { reviewPhotosColumn } from './review-photos';

/** A review as the guide area and the support area list it. */
export type ManagedReview = {
  key: string;
  tripId: number;
  tripTitle: string;
  rating: number;
  comment: string | null;
  commentLanguage: string | null;
  firstName: string;
  tripDate: string;
  verified: boolean;
  guideReply: string | null;
  photos: PhotoView[];
};

const managedColumns = {
  key: sql<string>`${reviews.key}`,
  tripId: reviews.tripId,
  tripTitle: tripTranslations.title,
  rating: reviews.rating,
  comment: reviews.comment,
  commentLanguage: reviews.commentLanguage,
  firstName: reviews.firstName,
  tripDate: reviews.tripDate,
  verified: reviews.verified,
  guideReply: reviews.guideReply,
  photos: reviewPhotosColumn(reviews.id),
};

/** The visible reviews of a guide's trips, newest first, for the guide area (where the guide answers each once). */
export async function listGuideReviews(guideId: number, locale: Locale, limit = 50, db: Database = getDb()): Promise<ManagedReview[]> {
  return db
    .select(managedColumns)
    .from(reviews)
    .innerJoin(trips, and(eq(trips.id, reviews.tripId), eq(trips.guideId, guideId)))
    .innerJoin(tripTranslations, and(eq(tripTranslations.tripId, trips.id), eq(tripTranslations.locale, locale)))
    .where(and(isNull(reviews.hiddenAt), isNotNull(reviews.key)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/** The latest visible reviews with a comment or photos, for support to hide one that breaks the rules. */
export async function listReviewsForSupport(limit = 30, db: Database = getDb()): Promise<ManagedReview[]> {
  return db
    .select(managedColumns)
    .from(reviews)
    .innerJoin(tripTranslations, and(eq(tripTranslations.tripId, reviews.tripId), eq(tripTranslations.locale, 'en')))
    .where(and(isNull(reviews.hiddenAt), isNotNull(reviews.key), or(isNotNull(reviews.comment), sql`EXISTS (SELECT 1 FROM review_photos p WHERE p.review_id = ${reviews.id})`)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

export type ReplyOutcome = { ok: true; tripId: number } | { ok: false; reason: 'notFound' | 'alreadyReplied' };

/**
 * The guide of the reviewed trip answers a visible review, once, in public: a conditional UPDATE
 * decides between two tabs (the second finds the reply set and changes nothing).
 */
export async function replyToReview(guideId: number, reviewKey: string, reply: string, db: Database = getDb()): Promise<ReplyOutcome> {
  const [row] = await db
    .update(reviews)
    .set({ guideReply: reply, guideRepliedAt: sql`now()` })
    .where(
      and(
        eq(reviews.key, reviewKey),
        isNull(reviews.guideReply),
        isNull(reviews.hiddenAt),
        sql`${reviews.tripId} IN (SELECT ${trips.id} FROM ${trips} WHERE ${trips.guideId} = ${guideId})`,
      ),
    )
    .returning({ tripId: reviews.tripId });
  if (row) return { ok: true, tripId: row.tripId };
  const [existing] = await db
    .select({ replied: isNotNull(reviews.guideReply) })
    .from(reviews)
    .innerJoin(trips, eq(trips.id, reviews.tripId))
    .where(and(eq(reviews.key, reviewKey), eq(trips.guideId, guideId), isNull(reviews.hiddenAt)));
  return { ok: false, reason: existing?.replied ? 'alreadyReplied' : 'notFound' };
}

/** Support hides a review that breaks the rules, keeping the reason and who hid it; it leaves every page, average and count. Null when no visible review has that key. */
export async function hideReview(reviewKey: string, reason: string, supportUserId: number, db: Database = getDb()): Promise<{ tripId: number } | null> {
  const [row] = await db
    .update(reviews)
    .set({ hiddenAt: sql`now()`, hiddenReason: reason, hiddenByUserId: supportUserId })
    .where(and(eq(reviews.key, reviewKey), isNull(reviews.hiddenAt)))
    .returning({ tripId: reviews.tripId });
  return row ?? null;
}

/** A visible review's comment and its stored translation into `target`, if any. */
export async function reviewForTranslation(reviewKey: string, target: Locale, db: Database = getDb()) {
  const [row] = await db
    .select({ id: reviews.id, tripId: reviews.tripId, guideId: trips.guideId, comment: reviews.comment, commentLanguage: reviews.commentLanguage, translated: reviewTranslations.text })
    .from(reviews)
    .innerJoin(trips, eq(trips.id, reviews.tripId))
    .leftJoin(reviewTranslations, and(eq(reviewTranslations.reviewId, reviews.id), eq(reviewTranslations.targetLanguage, target)))
    .where(and(eq(reviews.key, reviewKey), isNull(reviews.hiddenAt)));
  return row ?? null;
}

/** Keeps a review's translation into one language; a second writer (another tab, another instance) keeps the first. */
export async function storeReviewTranslation(reviewId: number, target: Locale, text: string, detectedLanguage: string | null, db: Database = getDb()): Promise<void> {
  await db.insert(reviewTranslations).values({ reviewId, targetLanguage: target, text, detectedLanguage }).onConflictDoNothing();
}
