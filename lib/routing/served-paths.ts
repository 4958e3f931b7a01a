import { defaultLocale, isLocale, type Locale } from '../locales';
import { findStaticPage } from './static-pages';

/** The locale a canonical path belongs to and the path without its locale prefix, as segments. */
export function splitLocale(pathname: string): { locale: Locale; segments: string[] } {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length > 0 && isLocale(segments[0]) && segments[0] !== defaultLocale) {
    return { locale: segments[0], segments: segments.slice(1) };
  }
  return { locale: defaultLocale, segments };
}

/**
 * Whether the site serves a canonical path (after legacy redirects). proxy.ts answers every other
 * path with the localized 404 page. `extra` lists further unprefixed paths served in this
 * configuration (test hooks). Routes backed by the database join this rule with their issues.
 */
export function isServedPath(pathname: string, extra: readonly string[] = []): boolean {
  const { locale, segments } = splitLocale(pathname);
  if (segments.length === 0) return true;
  if (segments.length === 1 && findStaticPage(locale, decodeSegment(segments[0]!))) return true;
  return extra.includes(`/${segments.join('/')}`);
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
  const { locale, segments } = splitLocale(pathname);
  if (segments.length !== 2 || segments[0] !== 'trip') return null;
  return { locale, slug: decodeSegment(segments[1]!) };
}
