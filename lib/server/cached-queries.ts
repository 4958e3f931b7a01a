import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { getTripCalendar } from '@/lib/db/queries/availability';
import { getBlogPostPageData, listBlogPostTrips, listBlogPosts } from '@/lib/db/queries/blog';
import { getGuidePageData } from '@/lib/db/queries/guides';
import { listLatestBlogPosts, listRecentReviews, listTopDestinations, listUpcomingOpenGroups } from '@/lib/db/queries/home';
import { getLandingPage, listLandingPageLinks } from '@/lib/db/queries/landing-pages';
import { getStaticPageContent } from '@/lib/db/queries/static-pages';
import { listSimilarTrips, listTripCardsBy } from '@/lib/db/queries/trip-cards';
import { getTripPageData } from '@/lib/db/queries/trips';
import { listCatalogueCurrencies, searchTrips, type SearchOutcome } from '@/lib/db/queries/search';
import { isSearchBusy } from '@/lib/db/search-busy';
import { searchDb } from '@/lib/db/process-db';
import type { ConversionSettings } from '@/lib/money/pricing';
import { parseSearchState } from '@/lib/search/search-state';
import type { Activity } from '@/lib/catalogue/vocabulary';
import { isoDayToDate } from '@/lib/iso-day';
import type { Locale } from '@/lib/locales';
import type { StaticPageKey } from '@/lib/routing/static-pages';
import { cacheTags } from './cache-tags';
import { NOT_STORED_TAG } from '../cache/not-stored-tag';

/*
 * The named queries of the trip, guide, landing, blog, static and home pages, cached across
 * requests ('use cache'). Each result is tagged with the entities it shows
 * (`cacheTags`), and `invalidateTrip` / `invalidateGuide` (./invalidate.ts) expire those tags
 * when the data changes. Results hold no price in the visitor's currency: pages convert on
 * each request, so one cached entry serves every currency. Arguments are the cache key; dates
 * are passed as ISO days so entries turn over at midnight. The 'catalogue' profile bounds the
 * staleness of what no tag follows (a post's scheduled publication, a review written elsewhere).
 */

function catalogueLife() {
  cacheLife({ stale: 60, revalidate: 300, expire: 3600 });
}

export async function cachedTripPageData(locale: Locale, slug: string, today: string) {
  'use cache';
  catalogueLife();
  const data = await getTripPageData(locale, slug, undefined, isoDayToDate(today));
  cacheTag(...(data ? [cacheTags.trip(data.trip.id), cacheTags.guide(data.trip.guideId)] : [cacheTags.catalogue]));
  return data;
}

export async function cachedTripCalendar(tripId: number, month: string, today: string) {
  'use cache';
  catalogueLife();
  cacheTag(cacheTags.trip(tripId));
  return getTripCalendar(tripId, month, today);
}

export async function cachedSimilarTrips(trip: { id: number; activities: readonly string[]; countryCode: string }, locale: Locale) {
  'use cache';
  catalogueLife();
  cacheTag(cacheTags.catalogue);
  return listSimilarTrips({ id: trip.id, activities: trip.activities, countryCode: trip.countryCode }, locale);
}

export async function cachedGuidePageData(slug: string, locale: Locale) {
  'use cache';
  catalogueLife();
  const data = await getGuidePageData(slug, locale);
  cacheTag(cacheTags.catalogue, ...(data ? [cacheTags.guide(data.guide.id)] : []));
  return data;
}

export async function cachedLandingPage(locale: Locale, slug: string) {
  'use cache';
  catalogueLife();
  // Also the catalogue's: a landing page without trips is not served.
  cacheTag(cacheTags.landingPages, cacheTags.catalogue);
  return getLandingPage(locale, slug);
}

/** The landing pages a search without results suggests: the same for every search of that activity and locale. */
export async function cachedLandingPageLinks(locale: Locale, activity: Activity | null, limit: number) {
  'use cache';
  catalogueLife();
  cacheTag(cacheTags.landingPages, cacheTags.catalogue);
  return listLandingPageLinks(locale, activity, limit);
}

export async function cachedStaticPageContent(key: StaticPageKey, locale: Locale) {
  'use cache';
  catalogueLife();
  cacheTag(cacheTags.staticPages);
  return getStaticPageContent(key, locale);
}

export async function cachedBlogPosts(locale: Locale, page: number) {
  'use cache';
  catalogueLife();
  cacheTag(cacheTags.blog);
  return listBlogPosts(locale, page);
}

export async function cachedBlogPostPageData(locale: Locale, slug: string) {
  'use cache';
  catalogueLife();
  cacheTag(cacheTags.blog);
  return getBlogPostPageData(locale, slug);
}

export async function cachedBlogPostTrips(post: { activities: readonly Activity[]; countryCodes: readonly string[] }, locale: Locale) {
  'use cache';
  catalogueLife();
  cacheTag(cacheTags.catalogue);
  return listBlogPostTrips({ activities: post.activities, countryCodes: post.countryCodes }, locale);
}

export async function cachedHomeSections(locale: Locale, today: string) {
  'use cache';
  catalogueLife();
  cacheTag(cacheTags.catalogue, cacheTags.blog);
  const [destinations, openGroups, featured, reviews, posts] = await Promise.all([
    listTopDestinations(locale),
    listUpcomingOpenGroups(locale, today),
    listTripCardsBy({}, locale, 8),
    listRecentReviews(locale),
    listLatestBlogPosts(locale),
  ]);
  return { destinations, openGroups, featured, reviews, posts };
}

/**
 * A search's results, per canonical search (`searchStateToParams` of the parsed URL: one key per
 * state, so unknown or repeated parameters make no new entry), locale, visitor's rates and day,
 * tagged with the whole catalogue, on the search's bounded pool. The page renders around it on
 * each request. Null when the search's bounds were reached (`isSearchBusy`): an error leaves a
 * cache function without its cause, so "busy" is returned instead, and never kept.
 */
export async function cachedSearchTrips(canonicalSearch: string, locale: Locale, conversion: ConversionSettings, today: string): Promise<SearchOutcome | null> {
  'use cache';
  catalogueLife();
  cacheTag(cacheTags.catalogue);
  const outcome = await searchTripsOnce(canonicalSearch, locale, conversion, today);
  if (outcome === null) {
    // Kept one second at most by the data cache (a life of 0 would turn the page cached whole that
    // calls it dynamic, an error in production), and never stored with its page: the next try searches again.
    cacheLife({ stale: 0, revalidate: 1, expire: 1 });
    cacheTag(NOT_STORED_TAG);
  }
  return outcome;
}

/**
 * A search's results on its bounded pool, for this request alone, kept nowhere: a search's first
 * page load (proxy.ts renders it on request), which a crawl of one-off searches would otherwise
 * fill the data cache with. Null when the search's bounds were reached (`isSearchBusy`).
 */
export async function searchTripsOnce(canonicalSearch: string, locale: Locale, conversion: ConversionSettings, today: string): Promise<SearchOutcome | null> {
  try {
    const catalogueCurrencies = (await cachedCatalogueCurrencies()) ?? undefined;
    return await searchTrips(parseSearchState(new URLSearchParams(canonicalSearch)), { locale, conversion, today, catalogueCurrencies }, searchDb());
  } catch (error) {
    if (!isSearchBusy(error)) throw error;
    return null;
  }
}

/**
 * The currencies the search's catalogue prices trips in: with them a price-filtered search skips
 * counting the trips it cannot compare when every currency has a rate (a scan of every match).
 */
async function cachedCatalogueCurrencies(): Promise<string[] | null> {
  'use cache';
  catalogueLife();
  cacheTag(cacheTags.catalogue);
  try {
    return await listCatalogueCurrencies(searchDb());
  } catch (error) {
    if (!isSearchBusy(error)) throw error;
    // Unknown for now (the search then counts as before); asked again within a second.
    cacheLife({ stale: 0, revalidate: 1, expire: 1 });
    return null;
  }
}

/**
 * Tags the page cached whole that calls it (a 'use cache' entry's tags carry over to the
 * page) with data it reads outside the functions above: a landing page's trip list reads the
 * search's copy of the catalogue.
 */
export async function tagCachedPage(...tags: string[]) {
  'use cache';
  catalogueLife();
  cacheTag(...tags);
  return tags.length;
}
