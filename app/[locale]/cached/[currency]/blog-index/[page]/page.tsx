import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { BlogIndexView } from '@/components/blog/blog-index-view';
import { SiteShell } from '@/components/layout/site-shell';
import { cachedBlogPosts } from '@/lib/server/cached-queries';
import { isLocale, locales, type Locale } from '@/lib/locales';
import type { Alternates } from '@/lib/routing/languages';
import { pageHref, pageNumberOf } from '@/lib/routing/pagination';
import { paths } from '@/lib/routing/paths';
import { pageMetadata } from '@/lib/seo';
import { cachedPageAudience } from '@/lib/server/page-audience';
import { NO_PAGE_SEGMENT } from '@/lib/routing/cached-pages';

// Cached whole per locale and currency (lib/routing/cached-pages.ts): rendered on first
// request, then served from the page store until its tags expire or 5 minutes pass (a post's
// publication time).
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

/** `page`: the index's `?page` as a path segment (lib/routing/cached-pages.ts `listPageSegment`). */
type Props = PageProps<'/[locale]/cached/[currency]/blog-index/[page]'>;

// generateMetadata and the page share one load per request.
const loadPage = cache(async (locale: Locale, page: number | null) => {
  // A `?page` that is no page number shows no posts; the count still fills the page's links.
  const listing = await cachedBlogPosts(locale, page ?? 1);
  return page === null ? { ...listing, posts: [] } : listing;
});

async function resolve(props: Props) {
  const { locale, page: segment } = await props.params;
  if (!isLocale(locale)) notFound();
  const page = segment === NO_PAGE_SEGMENT ? null : pageNumberOf(segment);
  return { locale, page, listing: await loadPage(locale, page) };
}

/** The same page of the index in every locale (page 1 without `?page`). */
function alternatesOf(page: number | null): Alternates {
  return Object.fromEntries(locales.map((locale) => [locale, pageHref(paths.blog(locale), page ?? 1)]));
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { locale, page, listing } = await resolve(props);
  const t = await getTranslations({ locale, namespace: 'Blog' });
  if (page === null || (listing.posts.length === 0 && listing.pageCount > 0)) {
    // No posts here: not a page for search engines.
    return { ...pageMetadata(locale, alternatesOf(null), t('noPostsMetaTitle'), t('metaDescription')), robots: { index: false, follow: true } };
  }
  return pageMetadata(locale, alternatesOf(page), page > 1 ? t('pageMetaTitle', { page }) : t('metaTitle'), t('metaDescription'));
}

/** The blog index: `/blog`, `/fr/blog`, `/es/blog`, six posts a page, newest first. */
export default async function BlogIndexPage(props: Props) {
  const { currency } = await props.params;
  const { locale, page, listing } = await resolve(props);
  const audience = cachedPageAudience(currency, paths.blog(locale));
  setRequestLocale(locale);
  const path = paths.blog(locale);
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const missing = page === null || (listing.posts.length === 0 && listing.pageCount > 0);
  const alternates = alternatesOf(missing ? null : page);
  return (
    <SiteShell locale={locale} audience={audience} alternates={alternates} breadcrumb={[{ label: t('title'), href: path }]}>
      <BlogIndexView path={path} page={page} posts={listing.posts} pageCount={listing.pageCount} />
    </SiteShell>
  );
}
