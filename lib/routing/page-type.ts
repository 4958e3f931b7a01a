import { isLocale, type Locale } from '../locales';
import { findStaticPage } from './static-pages';

/** spec §2 "Page types": the class of a page, derived from the URL path alone. */
export const pageTypes = ['home', 'guide', 'search', 'trip', 'blog', 'open-groups', 'static', 'landing'] as const;
export type PageType = (typeof pageTypes)[number];

/** The request header that carries the page type from proxy.ts to the page and the response. */
export const PAGE_TYPE_HEADER = 'x-page-type';

// spec §2: "a two-letter locale root": the shape decides, not whether we serve that language.
const LOCALE_SHAPE = /^[a-z]{2}$/i;

function segmentsOf(path: string): string[] {
  // The fragment never reaches a server, but the client classifies '/#' and '/#/' too.
  const withoutHash = path.split('#')[0] ?? '';
  const withoutQuery = withoutHash.split('?')[0] ?? '';
  return withoutQuery.split('/').filter(Boolean);
}

/**
 * Classifies a URL path as one of the spec §2 page types. The class depends on the path's
 * shape only (an unknown path is `landing` and still answers 404); trailing slashes, a query
 * string and a fragment do not change it.
 */
export function classifyPath(path: string): PageType {
  const segments = segmentsOf(path);
  const rawPath = `/${segments.join('/')}`;

  // home: root, index.html, /#, /#/, a two-letter locale root, /mobile, locale/mobile (and mobile/locale)
  if (segments.length === 0) return 'home';
  if (segments.length === 1 && (segments[0] === 'index.html' || segments[0] === 'mobile')) return 'home';
  if (segments.length === 1 && LOCALE_SHAPE.test(segments[0]!)) return 'home';
  if (segments.length === 2 && segments.includes('mobile') && segments.some((s) => s !== 'mobile' && LOCALE_SHAPE.test(s))) {
    return 'home';
  }

  // guide: starts with /mountain-guide, or contains locale then /guide/
  if (rawPath.startsWith('/mountain-guide')) return 'guide';
  for (let i = 0; i < segments.length - 1; i += 1) {
    if (LOCALE_SHAPE.test(segments[i]!) && segments[i + 1] === 'guide') return 'guide';
  }

  // Strip the legacy mobile prefix and a locale to read the page's own first segment.
  let rest = segments;
  const mobile = rest[0] === 'mobile';
  if (mobile) rest = rest.slice(1);
  const locale = rest.length > 0 && LOCALE_SHAPE.test(rest[0]!) ? rest[0]!.toLowerCase() : undefined;
  if (locale) rest = rest.slice(1);
  const first = rest[0] ?? '';

  // trip: /trip… or /mobile/trip… but not /trips-…; locale/trip/; mobile/locale/trip/
  if (locale === undefined && first.startsWith('trip') && !first.startsWith('trips-')) return 'trip';
  if (locale !== undefined && first === 'trip') return 'trip';

  // search: /search or locale/search/
  if (!mobile && first === 'search') return 'search';
  // blog: /blog/, /mobile/blog/, locale/blog/, mobile/locale/blog/
  if (first === 'blog') return 'blog';
  // open-groups: /open-groups/ (and locale/open-groups/, since the page exists in every locale)
  if (!mobile && first === 'open-groups') return 'open-groups';

  // static: the known static pages of every locale (English unprefixed, others under their prefix)
  if (!mobile && rest.length === 1) {
    const pageLocale: Locale | undefined = locale === undefined ? 'en' : isLocale(locale) ? locale : undefined;
    if (pageLocale && findStaticPage(pageLocale, first)) return 'static';
  }

  return 'landing';
}
