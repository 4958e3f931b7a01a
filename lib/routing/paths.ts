import { localizedPath, type Locale } from '../locales';

/** Canonical paths of the site's pages (spec §2 path shapes), one builder per page kind. */
export const paths = {
  home: (locale: Locale) => localizedPath(locale, '/'),
  search: (locale: Locale) => localizedPath(locale, '/search'),
  openGroups: (locale: Locale) => localizedPath(locale, '/open-groups'),
  blog: (locale: Locale) => localizedPath(locale, '/blog'),
  blogPost: (locale: Locale, slug: string) => localizedPath(locale, `/blog/${slug}`),
  trip: (locale: Locale, slug: string) => localizedPath(locale, `/trip/${slug}`),
  /** The trip page priced for `travellers`: explicit, so that a count remembered in the browser does not replace it. */
  tripFor: (locale: Locale, slug: string, travellers: number) => `${localizedPath(locale, `/trip/${slug}`)}?travellers=${travellers}`,
  /** spec §2: English guide pages start with /mountain-guide; other locales use locale/guide/. */
  guide: (locale: Locale, slug: string) => (locale === 'en' ? `/mountain-guide/${slug}` : localizedPath(locale, `/guide/${slug}`)),
  landing: (locale: Locale, slug: string) => localizedPath(locale, `/${slug}`),
} as const;
