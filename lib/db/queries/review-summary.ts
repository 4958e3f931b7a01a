import 'server-only';
import { sql } from 'drizzle-orm';
import { reviews } from '../schema';

/** The columns of a review as the trip and guide pages show it. */
export const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
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
};

/** The count and average of all the matching reviews on every row (window functions: a LIMIT does not cut them). */
export const reviewTotals = {
  total: sql<number>`count(*) OVER ()::int`,
  average: sql<string>`avg(${reviews.rating}) OVER ()`,
};

/** Rows selected with `review` and `reviewTotals` as the reviews, their count and their average to one decimal (null without reviews). */
export function reviewSummary<T>(rows: { review: T; total: number; average: string }[]) {
  return {
    reviews: rows.map((row) => row.review),
    reviewCount: rows[0]?.total ?? 0,
    averageRating: rows[0] ? Math.round(Number(rows[0].average) * 10) / 10 : null,
  };
}
