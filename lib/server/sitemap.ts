import 'server-only';
import { listSitemapEntries } from '@/lib/db/queries/sitemap';
import { locales, type Locale } from '@/lib/locales';
import { appPageAlternates, appPageKeys } from '@/lib/routing/app-pages';
import { paths } from '@/lib/routing/paths';
import { staticPageAlternates, staticPageKeys } from '@/lib/routing/static-pages';
import { absoluteUrl } from '@/lib/site-config';
import type { SitemapEntry } from '@/lib/sitemap-xml';

type Versions = Partial<Record<Locale, string>>;

/**
 * Every indexable page in every locale, each with all its language versions and x-default
 * (English), `lastmod` from the entity's `updated_at`. Search pages beyond the
 * first and filter combinations are not listed: they are `noindex`.
 */
export async function siteSitemapEntries(): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  const add = (versions: Versions, lastModified?: Date) => {
    const alternates: Record<string, string> = Object.fromEntries(Object.entries(versions).map(([locale, path]) => [locale, absoluteUrl(path)]));
    if (versions.en) alternates['x-default'] = absoluteUrl(versions.en);
    for (const path of Object.values(versions)) entries.push({ url: absoluteUrl(path), lastModified, alternates });
  };
  const everyLocale = (build: (locale: Locale) => string): Versions => Object.fromEntries(locales.map((locale) => [locale, build(locale)]));
  const bySlug = (slugs: Versions, build: (locale: Locale, slug: string) => string): Versions =>
    Object.fromEntries(Object.entries(slugs).map(([locale, slug]) => [locale, build(locale as Locale, slug)]));

  const data = await listSitemapEntries();
  add(everyLocale(paths.home));
  add(everyLocale(paths.openGroups));
  add(everyLocale(paths.blog));
  for (const trip of data.trips) add(bySlug(trip.slugs, paths.trip), trip.updatedAt);
  for (const guide of data.guides) add(everyLocale((locale) => paths.guide(locale, guide.slug)), guide.updatedAt);
  for (const page of data.landingPages) add(bySlug(page.slugs, paths.landing), page.updatedAt);
  for (const post of data.blogPosts) add(bySlug(post.slugs, paths.blogPost), post.updatedAt);
  for (const key of staticPageKeys) add(staticPageAlternates(key));
  for (const key of appPageKeys) add(appPageAlternates(key));
  return entries;
}
