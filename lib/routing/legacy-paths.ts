import { defaultLocale, isLocale, localizedPath } from '../locales';
import { findStaticPage, staticPageKeys, staticPagePath, staticPageSlugs } from './static-pages';

/**
 * Where a legacy or duplicate path should permanently redirect, or null when it is canonical.
 * - `/index.html` → `/` (spec §2 lists it as home)
 * - `/mobile/...`, `/{locale}/mobile/...`, `/mobile/{locale}/...` → the responsive path
 * - `/en/...` → the unprefixed English path, in one hop with the above
 * - a static page under another locale's slug, or in other letter case → its canonical path
 * - a trailing slash → the path without it (next.config.ts's skipTrailingSlashRedirect leaves it to
 *   this function, so `/en/about/` or `/mobile/fr/` redirect in one hop too)
 */
export function legacyRedirect(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  let changed = pathname.length > 1 && pathname.endsWith('/');
  const kept: string[] = [];
  segments.forEach((segment, index) => {
    const isMobile = segment === 'mobile' && (index === 0 || (index === 1 && isLocale(segments[0])));
    const isIndex = segment === 'index.html' && index === segments.length - 1;
    if (isMobile || isIndex) changed = true;
    else kept.push(segment);
  });

  let locale = defaultLocale;
  if (kept.length > 0 && isLocale(kept[0])) {
    locale = kept[0];
    kept.shift();
    if (locale === defaultLocale) changed = true;
  }

  if (kept.length === 1) {
    // A static page under another locale's slug, or in other letter case: its canonical path.
    const slug = kept[0]!.toLowerCase();
    const key = findStaticPage(locale, slug) ?? staticPageKeys.find((k) => Object.values<string>(staticPageSlugs[k]).includes(slug));
    if (key && (locale !== defaultLocale || findStaticPage(locale, slug)) && staticPageSlugs[key][locale] !== kept[0]) {
      return staticPagePath(key, locale);
    }
  }

  if (!changed) return null;
  return localizedPath(locale, `/${kept.join('/')}`);
}
