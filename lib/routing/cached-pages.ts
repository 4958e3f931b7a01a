import { parseCurrencyChoice } from '../money/currency';
import type { CurrencySource, VisitorCurrency } from '../money/visitor-currency';
import { parseSearchState, searchStateToParams } from '../search/search-state';
import { MAX_PAGE } from './pagination';
import { decodeSegment, routeOf, splitLocale } from './served-paths';
import { findStaticPage } from './static-pages';

/*
 * Whole-page caching: proxy.ts rewrites every cacheable page to an internal path that
 * holds everything the page depends on besides its data (locale, visitor currency and, for trip
 * and guide pages, the traveller count of `?travellers`), so the page is static per internal path
 * and Next.js's page store (its full-route cache, ISR) serves it. The internal paths are never public: a request
 * for one is an unknown path to the proxy (the 404 page).
 */

/** Next.js's cache-busting parameter of client navigations: no part of what a page shows. */
const RSC_QUERY = '_rsc';

/** The first segment of every cached page's internal path, after the locale. */
export const CACHED_PAGES_SEGMENT = 'cached';

const CURRENCY_SOURCES: readonly CurrencySource[] = ['cookie', 'country', 'fallback'];

/** The visitor currency as an internal path segment: `EUR-cookie`. */
export function currencySegment(currency: VisitorCurrency): string {
  return `${currency.code}-${currency.source}`;
}

/** Reads {@link currencySegment}'s value; null when malformed. */
export function parseCurrencySegment(segment: string): VisitorCurrency | null {
  const [code, source, ...rest] = segment.split('-');
  const parsed = parseCurrencyChoice(code);
  if (!parsed || parsed !== code || rest.length > 0 || !CURRENCY_SOURCES.includes(source as CurrencySource)) return null;
  return { code: parsed, source: source as CurrencySource };
}

/** The largest traveller count kept in a path when the page's own limit is not known (the database is down). */
const MAX_TRAVELLERS_SEGMENT = 99;
/** The segment of a missing or malformed count: each page applies its own default (spec §9: 2). */
export const DEFAULT_TRAVELLERS_SEGMENT = 'default';
/** The traveller counts a guide page's price selector offers (other counts show the default). */
export const GUIDE_PAGE_TRAVELLER_CHOICES = 12;

/**
 * `?travellers=N` as a path segment, from the closed list of counts the page prices: a whole number
 * from 1 to `max`; a larger one is `max` (a trip page shows its largest group) or `default` (`beyond`),
 * anything else `default`. So no query value creates a page variant the page does not show.
 */
export function travellersSegment(value: string | null, max: number = MAX_TRAVELLERS_SEGMENT, beyond: 'largest' | 'default' = 'largest'): string {
  if (value === null || !/^\d{1,6}$/.test(value)) return DEFAULT_TRAVELLERS_SEGMENT;
  const count = Number(value);
  const largest = Math.min(Math.max(1, Math.floor(max)), MAX_TRAVELLERS_SEGMENT);
  if (count < 1) return DEFAULT_TRAVELLERS_SEGMENT;
  if (count > largest) return beyond === 'largest' ? String(largest) : DEFAULT_TRAVELLERS_SEGMENT;
  return String(count);
}

/** The segment of a `?page` that is no page number (the page then shows no posts). */
export const NO_PAGE_SEGMENT = 'none';

/** `?page` of a paginated list as a path segment: `1` without it, the number, or `none`. */
export function listPageSegment(values: string[]): string {
  if (values.length === 0) return '1';
  const [value] = values;
  if (values.length > 1 || !/^[1-9][0-9]{0,4}$/.test(value!) || Number(value) > MAX_PAGE) return NO_PAGE_SEGMENT;
  return value!;
}

/** Canonical searches longer than this (UTF-8 bytes) are rendered on request: no cache key holds them. */
export const MAX_CACHED_SEARCH_BYTES = 256;
/** The search segment of the search with no criteria (every trip). */
export const ALL_TRIPS_SEARCH_SEGMENT = 'all';
/** The prefix of a search segment that holds criteria (base64url of the canonical query). */
const SEARCH_SEGMENT_PREFIX = 'q';

/**
 * A search's URL query as an internal path segment: its canonical form (lib/search/search-state.ts:
 * unknown, repeated or reordered parameters dropped, values normalized) in base64url, so every
 * spelling of one search shares one variant; `all` without criteria; null when the canonical form is
 * longer than MAX_CACHED_SEARCH_BYTES (that search is rendered on request).
 */
export function searchSegment(query: URLSearchParams): string | null {
  const canonical = searchStateToParams(parseSearchState(query)).toString();
  if (canonical === '') return ALL_TRIPS_SEARCH_SEGMENT;
  const bytes = new TextEncoder().encode(canonical);
  if (bytes.length > MAX_CACHED_SEARCH_BYTES) return null;
  return SEARCH_SEGMENT_PREFIX + Buffer.from(bytes).toString('base64url');
}

/** Whether an internal path (from {@link cachedPagePath}) is a search's. */
export function isCachedSearchPath(internalPath: string): boolean {
  return /^\/[a-z]{2}\/cached\/[^/]+\/search\/[^/]+$/.test(internalPath);
}

/** The canonical query a {@link searchSegment} holds (`''` for every trip); null when it is no segment searchSegment makes. */
export function parseSearchSegment(segment: string): string | null {
  if (segment === ALL_TRIPS_SEARCH_SEGMENT) return '';
  if (!segment.startsWith(SEARCH_SEGMENT_PREFIX) || !/^[A-Za-z0-9_-]+$/.test(segment.slice(1))) return null;
  const canonical = Buffer.from(segment.slice(1), 'base64url').toString('utf8');
  // Only the segment the proxy would make for this query: no second internal path per search.
  return searchSegment(new URLSearchParams(canonical)) === segment ? canonical : null;
}

/**
 * The internal path of a served canonical page that is cached whole (home, trip, guide, blog
 * index and posts, static and landing pages, search results), or null for pages rendered on each
 * request (open groups, gift cards, concierge, account pages, test hooks, landing pages with a
 * query: their filters; a search whose canonical form is too long). Every part of it comes from a
 * closed list (docs/decisions/0060): the currency (lib/money/currency-cookie.ts), the traveller
 * count within what the page prices (`maxTravellers`: a trip's largest group, when the proxy knows
 * it), the blog page number; or is a search's canonical form, whose entries have a byte budget of
 * their own (docs/decisions/0200); other query parameters are no part of it.
 * `extra` lists the test hooks served in this configuration (see routeOf).
 */
export function cachedPagePath(
  pathname: string,
  query: URLSearchParams,
  currency: VisitorCurrency,
  extra: readonly string[] = [],
  limits: { maxTravellers?: number } = {},
): string | null {
  const route = routeOf(pathname, extra);
  const { locale, segments } = splitLocale(pathname);
  const base = `/${locale}/${CACHED_PAGES_SEGMENT}/${currencySegment(currency)}`;
  if (route.kind === 'page') {
    if (segments.length === 0) return base;
    if (segments.length !== 1 || extra.includes(`/${segments[0]}`)) return null;
    const [segment] = segments;
    if (segment === 'blog') return `${base}/blog-index/${listPageSegment(query.getAll('page'))}`;
    if (segment === 'search') {
      const search = searchSegment(query);
      return search === null ? null : `${base}/search/${search}`;
    }
    // Static pages read no query. The gift cards and concierge pages are rendered on request: a
    // currency change keeps what their forms hold (a cached page per currency would be another page).
    return findStaticPage(locale, decodeSegment(segment!)) ? `${base}/p/${segment}` : null;
  }
  if (route.kind !== 'entity') return null;
  const [prefix, slug] = segments;
  switch (route.entity) {
    case 'trip':
      return `${base}/trip/${slug}/${travellersSegment(query.get('travellers'), limits.maxTravellers)}`;
    case 'guide':
      return `${base}/${prefix}/${slug}/${travellersSegment(query.get('travellers'), GUIDE_PAGE_TRAVELLER_CHOICES, 'default')}`;
    case 'blogPost':
      return `${base}/blog/${slug}`;
    case 'landing':
      // A landing page's query is its search filters: those variants are rendered on request.
      return [...query.keys()].every((key) => key === RSC_QUERY) ? `${base}/p/${prefix}` : null;
  }
}
