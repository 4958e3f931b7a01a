import type { MetadataRoute } from 'next';
import { listSitemapEntries } from '@/lib/db/queries/sitemap';
import { env } from '@/lib/env';
import { locales, type Locale } from '@/lib/locales';
import { paths } from '@/lib/routing/paths';
import { appPageAlternates, appPageKeys } from '@/lib/routing/app-pages';
import { staticPageAlternates, staticPageKeys } from '@/lib/routing/static-pages';

// Read from the database on request.
export const dynamic = 'force-dynamic';

type Versions = Partial<Record<Locale, string>>;

/** Every indexable page in every locale, each with its language alternates (issue 3, issue 8). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const absolute = (path: string) => new URL(path, env.SITE_URL).toString();
  const entries: MetadataRoute.Sitemap = [];
  const add = (versions: Versions, lastModified?: Date) => {
    const languages = Object.fromEntries(Object.entries(versions).map(([locale, path]) => [locale, absolute(path)]));
    if (versions.en) languages['x-default'] = absolute(versions.en);
    for (const path of Object.values(versions)) entries.push({ url: absolute(path), lastModified, alternates: { languages } });
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
