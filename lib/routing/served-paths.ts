import { defaultLocale, isLocale, type Locale } from '../locales';
import { isAccountPage } from './account-pages';
import { findAppPage } from './app-pages';
import { paths } from './paths';
import { findStaticPage } from './static-pages';

/** The locale a canonical path belongs to and the path without its locale prefix, as segments. */
export function splitLocale(pathname: string): { locale: Locale; segments: string[] } {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length > 0 && isLocale(segments[0]) && segments[0] !== defaultLocale) {
    return { locale: segments[0], segments: segments.slice(1) };
  }
  return { locale: defaultLocale, segments };
}

/** Pages whose path names a database row by its slug. */
export type EntityKind = 'trip' | 'guide' | 'landing' | 'blogPost';

/**
 * What a canonical path (after legacy redirects) is: a page served as it is, a page whose slug the
 * database must confirm (trip, guide, landing page, blog post), a redirect to the canonical path of
 * the same page, or a path the site does not serve (proxy.ts answers it with the 404 page).
 */
export type PathRoute =
  | { kind: 'page' }
  | { kind: 'entity'; entity: EntityKind; locale: Locale; slug: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'missing' };

const SECTION_PAGES = new Set(['search', 'open-groups', 'blog']);

/**
 * The route of a canonical path. `extra` lists further unprefixed paths served in this
 * configuration (test hooks).
 */
export function routeOf(pathname: string, extra: readonly string[] = []): PathRoute {
  const { locale, segments } = splitLocale(pathname);
  if (segments.length === 0) return { kind: 'page' };
  if (extra.includes(`/${segments.join('/')}`)) return { kind: 'page' };
  const [first, second] = segments.map(decodeSegment);

  if (segments.length === 1) {
    if (SECTION_PAGES.has(first!)) return { kind: 'page' };
    if (findStaticPage(locale, first!) || findAppPage(locale, first!)) return { kind: 'page' };
    // Any other single segment may name a landing page (spec §2: landing is "anything else").
    return { kind: 'entity', entity: 'landing', locale, slug: first! };
  }
  if (segments.length === 2) {
    if (first === 'account' && isAccountPage(second)) return { kind: 'page' };
    if (first === 'trip') return { kind: 'entity', entity: 'trip', locale, slug: second! };
    if (first === 'blog') return { kind: 'entity', entity: 'blogPost', locale, slug: second! };
    // spec §2: English guide pages live under /mountain-guide, the other locales under locale/guide.
    const guidePrefix = locale === 'en' ? 'mountain-guide' : 'guide';
    if (first === guidePrefix) return { kind: 'entity', entity: 'guide', locale, slug: second! };
    if (first === 'guide' || first === 'mountain-guide') return { kind: 'redirect', to: paths.guide(locale, segments[1]!) };
  }
  return { kind: 'missing' };
}

/** Whether a canonical path is served without asking the database (static, section and test pages). */
export function isServedPath(pathname: string, extra: readonly string[] = []): boolean {
  return routeOf(pathname, extra).kind === 'page';
}

/** A URL path segment decoded, or as it is when it is not valid percent-encoding. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The trip a path names (`/trip/{slug}`, `/fr/trip/{slug}`), or null when it is not a trip path. */
export function tripPathOf(pathname: string): { locale: Locale; slug: string } | null {
  const route = routeOf(pathname);
  return route.kind === 'entity' && route.entity === 'trip' ? { locale: route.locale, slug: route.slug } : null;
}
