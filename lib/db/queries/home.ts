import 'server-only';
import { and, asc, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Locale } from '../../locales';
import { getDb } from '../client';
import type { Database } from '../database';
import { countryName } from './country-names';
import { tripsPerCountrySql } from './search';
import { authors, blogPosts, blogPostTranslations, openGroups, trips, tripTranslations } from '../schema';

export type TopDestination = {
  countryCode: string;
  name: string;
  tripCount: number;
  /** This locale's slug of the country's own landing page (all its trips, no activity), or null. */
  landingSlug: string | null;
  /** A trip of the country whose cover illustrates it, or null. */
  coverTripKey: string | null;
};

/**
 * The home page's top destinations: the countries with the most published trips, each with its
 * trip count (the search's rule: the page it opens lists as many), its landing page when one
 * exists and a cover, in one query.
 */
export async function listTopDestinations(locale: Locale, limit = 8, db: Database = getDb()): Promise<TopDestination[]> {
  const result = await db.execute<TopDestination>(sql`
    WITH ranked AS (${tripsPerCountrySql(limit)})
    SELECT
      r.country_code AS "countryCode",
      r.trip_count AS "tripCount",
      ${countryName(sql`r.country_code`, locale)} AS "name",
      (
        SELECT lt.slug
        FROM landing_pages lp
        JOIN landing_page_translations lt ON lt.landing_page_id = lp.id AND lt.locale = ${locale}
        WHERE lp.country_code = r.country_code AND lp.activity IS NULL
        ORDER BY lp.id
        LIMIT 1
      ) AS "landingSlug",
      (
        SELECT t3.key FROM trips t3
        WHERE t3.published AND t3.has_cover AND t3.country_code = r.country_code
        ORDER BY t3.id
        LIMIT 1
      ) AS "coverTripKey"
    FROM ranked r
    ORDER BY r.trip_count DESC, r.country_code
  `);
  return result.rows;
}

/** Columns of a departure (an open group with its trip) as lists show it. */
export function departureColumns() {
  return {
    id: openGroups.id,
    startsOn: openGroups.startsOn,
    durationDays: openGroups.durationDays,
    openSpots: openGroups.openSpots,
    totalSpots: openGroups.totalSpots,
    pricePerPersonMinor: openGroups.pricePerPersonMinor,
    currency: openGroups.currency,
    confirmed: openGroups.confirmed,
    tripId: trips.id,
    tripKey: trips.key,
    slug: tripTranslations.slug,
    title: tripTranslations.title,
    region: tripTranslations.region,
    countryCode: trips.countryCode,
    customerFee: trips.customerFee,
    discountPercent: trips.discountPercent,
  };
}

/**
 * The home page's upcoming open groups: the next departures of published trips from `today` (ISO
 * day, inclusive) that still have open spots, soonest first.
 */
export async function listUpcomingOpenGroups(locale: Locale, today: string, limit = 6, db: Database = getDb()) {
  return db
    .select({ ...departureColumns(), countryName: countryName(sql`${trips.countryCode}`, locale) })
    .from(openGroups)
    .innerJoin(trips, eq(trips.id, openGroups.tripId))
    .innerJoin(tripTranslations, and(eq(tripTranslations.tripId, trips.id), eq(tripTranslations.locale, locale)))
    .where(and(eq(trips.published, true), gte(openGroups.startsOn, today), gt(openGroups.openSpots, 0)))
    .orderBy(asc(openGroups.startsOn), asc(openGroups.id))
    .limit(limit);
}

export type UpcomingOpenGroup = Awaited<ReturnType<typeof listUpcomingOpenGroups>>[number];

export type RecentReview = {
  id: number;
  rating: number;
  comment: string;
  commentLanguage: string | null;
  firstName: string;
  countryCode: string;
  countryName: string;
  tripSlug: string;
  tripTitle: string;
};

/**
 * The home page's recent reviews: the latest reviews with a comment on published trips, one per
 * trip so the section is not one trip's; among reviews of the same day, those written in the
 * page's language first. One query.
 */
export async function listRecentReviews(locale: Locale, limit = 6, db: Database = getDb()): Promise<RecentReview[]> {
  const result = await db.execute<RecentReview>(sql`
    WITH candidates AS (
      SELECT r.id, r.trip_id, r.rating, r.comment, r.comment_language, r.first_name, r.country_code, r.created_at,
        (r.comment_language IS NOT DISTINCT FROM ${locale}) AS in_locale
      FROM reviews r
      JOIN trips t ON t.id = r.trip_id AND t.published
      WHERE r.comment IS NOT NULL AND btrim(r.comment) <> '' AND r.hidden_at IS NULL
      ORDER BY r.created_at DESC, in_locale DESC, r.id DESC
      LIMIT ${limit * 10}
    ),
    one_per_trip AS (
      SELECT DISTINCT ON (trip_id) * FROM candidates ORDER BY trip_id, created_at DESC, in_locale DESC, id DESC
    )
    SELECT
      o.id, o.rating::int AS rating, o.comment, o.comment_language AS "commentLanguage", o.first_name AS "firstName",
      o.country_code AS "countryCode", ${countryName(sql`o.country_code`, locale)} AS "countryName",
      tt.slug AS "tripSlug", tt.title AS "tripTitle"
    FROM one_per_trip o
    JOIN trip_translations tt ON tt.trip_id = o.trip_id AND tt.locale = ${locale}
    ORDER BY o.created_at DESC, o.in_locale DESC, o.id DESC
    LIMIT ${limit}
  `);
  return result.rows;
}

/** The home page's blog teaser: the latest posts published by `now`, in the page's language, newest first. */
export async function listLatestBlogPosts(locale: Locale, limit = 3, db: Database = getDb(), now: Date = new Date()) {
  return db
    .select({
      id: blogPosts.id,
      slug: blogPostTranslations.slug,
      title: blogPostTranslations.title,
      excerpt: blogPostTranslations.excerpt,
      publishedAt: blogPosts.publishedAt,
      authorName: authors.name,
    })
    .from(blogPosts)
    .innerJoin(blogPostTranslations, and(eq(blogPostTranslations.postId, blogPosts.id), eq(blogPostTranslations.locale, locale)))
    .innerJoin(authors, eq(authors.id, blogPosts.authorId))
    .where(lte(blogPosts.publishedAt, now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit);
}

export type BlogTeaserPost = Awaited<ReturnType<typeof listLatestBlogPosts>>[number];
