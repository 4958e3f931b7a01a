/*
 * URL → file: which public URL is served by which file, through which rewrite below (the same table
 * is in README.md; tests/docs/url-map.test.ts checks that both agree and that every file exists).
 *
 * | public URL | proxy.ts | file that renders it |
 * | --- | --- | --- |
 * | `/`, `/fr`, `/es` | rewrite `/{locale}/cached/{currency}` | `app/[locale]/cached/[currency]/page.tsx` |
 * | `/trip/{slug}`, `/fr/trip/{slug}` (`?travellers=N`) | slug looked up; rewrite `…/cached/{currency}/trip/{slug}/{travellers}` | `app/[locale]/cached/[currency]/trip/[slug]/[travellers]/page.tsx` |
 * | `/mountain-guide/{slug}` (en) | slug looked up; rewrite `…/cached/{currency}/mountain-guide/{slug}/{travellers}` | `app/[locale]/cached/[currency]/mountain-guide/[slug]/[travellers]/page.tsx` |
 * | `/fr/guide/{slug}`, `/es/guide/{slug}` | slug looked up; rewrite `…/cached/{currency}/guide/{slug}/{travellers}` | `app/[locale]/cached/[currency]/guide/[slug]/[travellers]/page.tsx` |
 * | `/blog` (`?page=N`) | rewrite `…/cached/{currency}/blog-index/{page}` | `app/[locale]/cached/[currency]/blog-index/[page]/page.tsx` |
 * | `/blog/{slug}` | slug looked up; rewrite `…/cached/{currency}/blog/{slug}` | `app/[locale]/cached/[currency]/blog/[slug]/page.tsx` |
 * | static page (`/about`, `/fr/a-propos`), landing page (`/trekking-in-nepal`) without a query | rewrite `…/cached/{currency}/p/{slug}` | `app/[locale]/cached/[currency]/p/[slug]/page.tsx` |
 * | landing page with a query, gift cards, concierge | next-intl, `/{locale}/{slug}` | `app/[locale]/[...rest]/page.tsx` (`single-path-page.tsx`, `app-pages.tsx`) |
 * | `/search` (`?query=…`, any criteria; one entry per canonical search) from its second load | rewrite `…/cached/{currency}/search/{search}` | `app/[locale]/cached/[currency]/search/[search]/page.tsx` |
 * | a search's first load, a search whose canonical form is over 256 bytes, `/open-groups` | next-intl, `/{locale}/search` | `app/[locale]/search/page.tsx`, `app/[locale]/open-groups/page.tsx` |
 * | `/account/{page}?lan=fr` (sign-in, bookings, guide, trip, support, apply, preview) | rewrite `/{lan}/account/{page}` (en or no `lan`: next-intl) | `app/[locale]/account/{page}/page.tsx` |
 * | a path the site does not serve | rewrite `/{locale}/404`, status 404 | `app/[locale]/404/page.tsx` |
 * | a page not cached while the database is down | rewrite `/{locale}/503`, status 503 | `app/[locale]/503/page.tsx` |
 * | `/mobile/…`, `/en/…`, `/index.html`, trailing `/`, another locale's slug | 308 to the canonical path | `lib/routing/legacy-paths.ts` |
 * | `/api/…`, `/og/…`, `/sitemap.xml`, `/sitemaps/{n}.xml`, `/robots.txt`, `/bench-floor` | not in the proxy's matcher | `app/api/…/route.ts`, `app/og/[...path]/route.tsx`, `app/sitemap.xml/route.ts`, `app/sitemaps/[part]/route.ts`, `app/robots.ts`, `app/bench-floor/page.tsx` |
 * | `/media/photos/{key}/{width}.avif` (or `.webp`), trip photos | not in the proxy's matcher (an image extension) | `app/media/photos/[token]/[file]/route.ts` |
 * | `/media/reviews/{key}/{width}.avif` (or `.webp`), review photos (404 once the review is hidden) | not in the proxy's matcher (an image extension) | `app/media/reviews/[token]/[file]/route.ts` |
 *
 * {currency} is `{code}-{source}` (EUR-cookie, USD-country, USD-fallback); {travellers} the count or
 * `default`; {search} the canonical search in base64url, or `all`. The cached/ paths are internal: requested from outside they are 404.
 * A search's first page load (neither seen by this process nor in its page store) is rendered on request by
 * `app/[locale]/search/page.tsx`; from its second on, it is the cached page.
 */
import createIntlMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from '@/i18n/routing';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/locales';
import { accountLocale } from '@/lib/routing/account-pages';
import { legacyRedirect } from '@/lib/routing/legacy-paths';
import { classifyPath, PAGE_TYPE_HEADER, type PageType } from '@/lib/routing/page-type';
import { routeOf, splitLocale, type EntityKind } from '@/lib/routing/served-paths';
import { cachedPagePath, isCachedSearchPath } from '@/lib/routing/cached-pages';
import { SeenKeys } from '@/lib/server/seen-keys';
import { isInPageStore } from '@/lib/cache/page-store-lookup';
import { paths } from '@/lib/routing/paths';
import { processDb } from '@/lib/db/process-db';
import { OVERLOADED_HEADER } from '@/lib/server/render-gate';
import { cachedEntityRoutes, type EntityRoute } from '@/lib/db/entity-routes';
import { encodeVisitorCurrency, requestedCurrency, VISITOR_CURRENCY_HEADER, type VisitorCurrency } from '@/lib/money/visitor-currency';
import { readCurrencyCookie } from '@/lib/money/currency-cookie';
import { BROWSER_PAGE_CACHE_CONTROL } from '@/lib/server/http-cache-policy';
import { geolocateRequest } from '@/lib/site-config';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '@/lib/security/csp';
import { newNonce, registerPagePolicy } from '@/lib/security/page-policy';
import { REQUEST_ID_HEADER, requestIdOf } from '@/lib/log';
import { databaseAvailabilityOf } from '@/lib/db/availability';

const handleI18nRouting = createIntlMiddleware(routing);
const testPaths = env.CRASH_TEST_ROUTE === '1' ? ['/crash-test'] : [];
const entityRoute = cachedEntityRoutes(processDb, env.ROUTE_CACHE_BUDGET_MB * 1024 * 1024);
// Pages' policy (lib/security/csp.ts); the other security headers come from next.config.ts.
const policyOptions = { development: env.NODE_ENV === 'development', https: env.SITE_URL.startsWith('https:') };
// Pages cached whole get theirs from the page store, with their inline scripts' hashes.
registerPagePolicy(env, policyOptions);
/** Answers of the proxy whose policy comes with the page cached whole they rewrite to. */
const cachedRewrites = new WeakSet<NextResponse>();
const database = env.DATABASE_URL ? databaseAvailabilityOf(env.DATABASE_URL) : null;
/** How long a visitor (or a crawler) should wait while the database is down. */
const RETRY_AFTER_SECONDS = '60';
/**
 * Searches asked for once (their internal paths: 2,000 to 4,500 in 1 MB): a search's first request is
 * rendered for it alone, only its second is rendered into the page store (docs/decisions/0230).
 */
const seenSearches = new SeenKeys(1024 * 1024);

const entityPath: Record<EntityKind, (locale: Locale, slug: string) => string> = {
  trip: paths.trip,
  guide: paths.guide,
  landing: paths.landing,
  blogPost: paths.blogPost,
};

/**
 * Whether a canonical path is served, or where it redirects. Paths that name a database row ask the
 * database (cached); when it cannot answer, the page is tried (and shows its own error).
 */
async function resolvePath(pathname: string): Promise<{ served: boolean; redirect?: string; maxTravellers?: number }> {
  const route = routeOf(pathname, testPaths);
  switch (route.kind) {
    case 'page':
      return { served: true };
    case 'missing':
      return { served: false };
    case 'redirect':
      return { served: true, redirect: route.to };
    case 'entity': {
      const found = await entityRoute(route.entity, route.locale, route.slug).catch((): EntityRoute => ({ status: 'ok' }));
      if (found.status === 'redirect') return { served: true, redirect: entityPath[route.entity](route.locale, found.slug) };
      return found.status === 'ok' ? { served: true, maxTravellers: found.maxTravellers } : { served: false };
    }
  }
}

/**
 * Every page request gets its request id (`x-request-id`, on every log line of the request) and
 * its Content-Security-Policy, whatever the answer: a page rendered for this request, a fresh nonce
 * (Next.js reads it from the request's policy header and puts it on every script it writes); a page
 * cached whole, none here (the page store sends the one with its inline scripts' hashes, a second
 * policy would be enforced too); a redirect or a bare answer, nothing may run.
 */
export default async function proxy(request: NextRequest) {
  const requestId = requestIdOf(request.headers);
  request.headers.set(REQUEST_ID_HEADER, requestId);
  const policy = contentSecurityPolicy(env, { ...policyOptions, scripts: { nonce: newNonce() } });
  // Set before any rewrite copies the request's headers; a client's own value never reaches a page.
  request.headers.set('Content-Security-Policy', policy);
  const response = await answer(request);
  if (cachedRewrites.has(response) && !policyOptions.development) response.headers.delete('Content-Security-Policy');
  else if (response.headers.has('location') || !isRenderedByNext(response)) response.headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  else response.headers.set('Content-Security-Policy', policy);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

/** Whether the answer goes on to Next.js (a page), rather than being the proxy's own (a bare 503). */
function isRenderedByNext(response: NextResponse): boolean {
  return response.headers.has('x-middleware-rewrite') || response.headers.has('x-middleware-next');
}

/**
 * Every page request: while the database is unreachable, a page cached whole that this process
 * holds is served as usual, any other page gets spec §8's overloaded page with 503 and Retry-After
 * (form submissions too: the form keeps its input and says to retry); legacy and duplicate paths redirect permanently to their canonical path;
 * the rest gets its locale (next-intl) and its spec §2 page type, passed to server components as
 * a request header and to the client as the `x-page-type` response header, with the visitor's
 * currency (spec §4: cookie `currency`, else the country's currency, else USD). A path the site does
 * not serve is rewritten to the localized 404 page with status 404.
 */
async function answer(request: NextRequest): Promise<NextResponse> {
  const { pathname } = request.nextUrl;

  const target = legacyRedirect(pathname);

  // Down, or too busy to take one more page (scripts/serve.ts found no turn for it): spec §8's overloaded answer.
  if (request.headers.get(OVERLOADED_HEADER) === '1' || (database && !(await database.isUp()))) {
    // A duplicate path's redirect needs no database (a slug of another locale is looked up once it is back).
    if (target !== null) return permanentRedirect(request, target);
    // A page cached whole that this process holds keeps being served (no database needed).
    const cached = request.headers.has('next-action') ? null : cachedPageWhileDown(request);
    if (cached) return cached;
    // A form post gets the bare 503 (the form says 'try again' and keeps its input); a page, spec §8's page.
    if (request.headers.has('next-action')) {
      return new NextResponse(null, { status: 503, headers: { 'Retry-After': RETRY_AFTER_SECONDS, 'Cache-Control': 'no-store' } });
    }
    const url = request.nextUrl.clone();
    url.pathname = `/${splitLocale(pathname).locale}/503`;
    const response = NextResponse.rewrite(url, { status: 503, request: { headers: request.headers } });
    response.headers.set('Retry-After', RETRY_AFTER_SECONDS);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }

  if (target !== null) {
    // A duplicate of a path with another locale's slug (`/mobile/fr/trip/english-slug/`): straight to this locale's slug.
    const { redirect } = await resolvePath(target);
    return permanentRedirect(request, redirect ?? target);
  }

  const { served, redirect, maxTravellers } = await resolvePath(pathname);
  if (redirect !== undefined) return permanentRedirect(request, redirect);

  const pageType = classifyPath(pathname);
  request.headers.set(PAGE_TYPE_HEADER, pageType);
  const currency = visitorCurrencyOf(request);
  request.headers.set(VISITOR_CURRENCY_HEADER, encodeVisitorCurrency(currency));

  if (!served) {
    const url = request.nextUrl.clone();
    url.pathname = `/${splitLocale(pathname).locale}/404`;
    const response = NextResponse.rewrite(url, { status: 404, request: { headers: request.headers } });
    response.headers.set(PAGE_TYPE_HEADER, pageType);
    return response;
  }

  // Account pages keep one URL for every language, which `lan` chooses (spec §2 'my trips').
  const lan = accountLocale(pathname, request.nextUrl.searchParams.get('lan'));
  if (lan !== null && lan !== routing.defaultLocale) {
    const url = request.nextUrl.clone();
    url.pathname = `/${lan}${pathname}`;
    const response = NextResponse.rewrite(url, { request: { headers: request.headers } });
    response.headers.set(PAGE_TYPE_HEADER, pageType);
    return response;
  }

  const response = handleI18nRouting(request);
  if (response.headers.has('location')) return response as NextResponse;
  // A page cached whole is served from its internal path, which holds the visitor's
  // currency (and traveller count), so the page store keeps one copy per locale and currency.
  const cachedPath = cachedPagePath(pathname, request.nextUrl.searchParams, currency, testPaths, { maxTravellers });
  if (cachedPath !== null && !isSearchSeenFirst(request, cachedPath)) return cachedPageRewrite(request, cachedPath, pageType);
  response.headers.set(PAGE_TYPE_HEADER, pageType);
  return response as NextResponse;
}

/**
 * Whether this page load asks for a search not seen before and not in the page store: it is then
 * rendered on request (app/[locale]/search), which costs less than rendering it into the page store
 * (its prefetch segments, its scripts' hashes), and a search asked for once is never stored.
 */
function isSearchSeenFirst(request: NextRequest, cachedPath: string): boolean {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !isCachedSearchPath(cachedPath)) return false;
  if (isInPageStore(cachedPath)) return false;
  return !seenSearches.sight(cachedPath);
}

/** A permanent redirect to a canonical path, keeping the query string. */
function permanentRedirect(request: NextRequest, pathname: string): NextResponse {
  // A plain URL: a clone of nextUrl would put back the trailing slash the request came with.
  return NextResponse.redirect(new URL(`${pathname}${request.nextUrl.search}`, request.nextUrl.origin), 308);
}

/**
 * spec §4: the `currency` cookie's choice, else the country's currency, else USD. The cookie is read
 * as the front of scripts/serve.ts reads it (a duplicated cookie that disagrees is no choice).
 */
function visitorCurrencyOf(request: NextRequest): VisitorCurrency {
  return requestedCurrency(readCurrencyCookie(request.headers.get('cookie')).choice, () => {
    const location = geolocateRequest(request.headers);
    return location.ok ? location.countryCode : null;
  });
}

/** A page cached whole, served from its internal path (lib/routing/cached-pages.ts). */
function cachedPageRewrite(request: NextRequest, cachedPath: string, pageType: PageType): NextResponse {
  const url = request.nextUrl.clone();
  url.pathname = cachedPath;
  // A form posted without JavaScript (its Server Action) is answered by a render of its own, never
  // stored: it keeps this request's nonce, and its policy.
  const posted = request.method !== 'GET' && request.method !== 'HEAD';
  // The stored copy is every visitor's: no nonce of this request goes into it.
  if (!policyOptions.development && !posted) request.headers.delete('Content-Security-Policy');
  const rewrite = NextResponse.rewrite(url, { request: { headers: request.headers } });
  rewrite.headers.set(PAGE_TYPE_HEADER, pageType);
  // The public URL serves every currency: no browser nor unknown proxy keeps it. A cache in front that
  // knows the key gets targeted headers from scripts/serve.ts (lib/server/http-cache-policy.ts).
  rewrite.headers.set('Cache-Control', BROWSER_PAGE_CACHE_CONTROL);
  if (!posted) cachedRewrites.add(rewrite);
  return rewrite;
}

/**
 * While the database is down: the canonical page cached whole that this process holds (the proxy's
 * slug lookups are not needed: only a page that was served is in the cache), else null (503).
 */
function cachedPageWhileDown(request: NextRequest): NextResponse | null {
  const { pathname, searchParams } = request.nextUrl;
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const cachedPath = cachedPagePath(pathname, searchParams, visitorCurrencyOf(request), testPaths);
  if (cachedPath === null || !isInPageStore(cachedPath)) return null;
  const pageType = classifyPath(pathname);
  request.headers.set(PAGE_TYPE_HEADER, pageType);
  return cachedPageRewrite(request, cachedPath, pageType);
}

export const config = {
  // Pages only: not APIs, framework internals, or static assets (other extensions get the 404 page).
  matcher: ['/((?!api|_next|_vercel|monitoring|bench-floor|.*\\.(?:ico|png|jpe?g|gif|webp|avif|svg|txt|xml|json|js|mjs|css|map|woff2?|webmanifest)$).*)'],
};
