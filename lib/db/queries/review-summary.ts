import 'server-only';
import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { reviews, reviewTranslations } from '../schema';
import { reviewPhotosColumn } from './review-photos';

/** The columns of a review as the trip and guide pages show it. */
export const reviewColumns = {
  id: reviews.id,
  /** What the translate form posts (never the row id). */
  key: reviews.key,
  rating: reviews.rating,
  guideRating: reviews.guideRating,
  organisationRating: reviews.organisationRating,
  valueRating: reviews.valueRating,
  comment: reviews.comment,
  commentLanguage: reviews.commentLanguage,
  firstName: reviews.firstName,
  countryCode: reviews.countryCode,
  tripDate: reviews.tripDate,
  guideReply: reviews.guideReply,
  /** A guide answers a review in the language it was written in (a reply comes only with a comment). */
  guideReplyLanguage: reviews.commentLanguage,
  /** Written from My trips after a confirmed booking. */
  verified: reviews.verified,
  /** The comment machine-translated into the page's language, when it was asked for once (DeepL). */
  translatedComment: reviewTranslations.text,
  /** The photos the traveller attached, in order (none on most reviews). */
  photos: reviewPhotosColumn(reviews.id),
};

/** Reviews support has not hidden: the only ones pages, averages and counts read. */
export const visibleReviews = isNull(reviews.hiddenAt);

/** Joins the page language's stored translation of each review (none without one). */
export const translationInto = (locale: SQL | Placeholder | string) =>
  and(eq(reviewTranslations.reviewId, reviews.id), sql`${reviewTranslations.targetLanguage} = ${locale}`);

/** The count and average of all the matching reviews on every row, and how many are written in the page's language (window functions: a LIMIT does not cut them). */
export const reviewTotals = (locale: SQL | Placeholder | string) => ({
  total: sql<number>`count(*) OVER ()::int`,
  average: sql<string>`avg(${reviews.rating}) OVER ()`,
  inLanguage: sql<number>`(count(*) FILTER (WHERE ${reviews.commentLanguage} = ${locale}) OVER ())::int`,
});

/** Rows selected with `review` and `reviewTotals` as the reviews, their counts and their average to one decimal (null without reviews). */
export function reviewSummary<T>(rows: { review: T; total: number; average: string; inLanguage: number }[]) {
  return {
    reviews: rows.map((row) => row.review),
    reviewCount: rows[0]?.total ?? 0,
    reviewsInLanguage: rows[0]?.inLanguage ?? 0,
    averageRating: rows[0] ? Math.round(Number(rows[0].average) * 10) / 10 : null,
  };
}
