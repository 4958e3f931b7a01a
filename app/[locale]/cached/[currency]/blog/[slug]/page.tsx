import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { BlogPostView } from '@/components/blog/blog-post-view';
import { SiteShell } from '@/components/layout/site-shell';
import type { BlogPostPageData } from '@/lib/db/queries/blog';
import { cachedBlogPostPageData, cachedBlogPostTrips } from '@/lib/server/cached-queries';
import { isLocale, locales, type Locale } from '@/lib/locales';
import type { Alternates } from '@/lib/routing/languages';
import { paths } from '@/lib/routing/paths';
import { decodeSegment } from '@/lib/routing/served-paths';
import { pageMetadata } from '@/lib/seo';
import { getPricingContext } from '@/lib/server/pricing-context';
import { cachedPageAudience } from '@/lib/server/page-audience';
import { absoluteUrl, siteImages } from '@/lib/site-config';
import { blogPostingJsonLd } from '@/lib/structured-data';
import { JsonLdScript } from '@/components/seo/json-ld-script';

// Cached whole per locale and currency (lib/routing/cached-pages.ts): rendered on first
// request, then served from the page store until its tags expire or 5 minutes pass (a post's
// publication time).
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

type Props = PageProps<'/[locale]/cached/[currency]/blog/[slug]'>;

// generateMetadata and the page share one load per request.
const loadPost = cache((locale: Locale, slug: string) => cachedBlogPostPageData(locale, slug));

async function resolve(params: Props['params']): Promise<{ locale: Locale; data: BlogPostPageData }> {
  const { locale, slug } = await params;
  if (!isLocale(locale)) notFound();
  // proxy.ts answers unknown slugs with the 404 page and other locales' slugs with a redirect.
  const data = await loadPost(locale, decodeSegment(slug));
  if (!data) notFound();
  return { locale, data };
}

/** Each locale's slug of the same post. */
function alternatesOf(data: BlogPostPageData): Alternates {
  return Object.fromEntries(locales.flatMap((locale) => (data.slugs[locale] ? [[locale, paths.blogPost(locale, data.slugs[locale])]] : [])));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, data } = await resolve(params);
  const metadata = pageMetadata(locale, alternatesOf(data), data.translation.title, data.translation.excerpt, siteImages().tripCover(data.coverTripKey));
  return {
    ...metadata,
    authors: [{ name: data.author.name }],
    openGraph: { ...metadata.openGraph, type: 'article', publishedTime: data.post.publishedAt.toISOString(), authors: [data.author.name] },
  };
}

/** A blog post: `/blog/{slug}` with each locale's own slug. */
export default async function BlogPostPage({ params }: Props) {
  const { slug, currency } = await params;
  const { locale, data } = await resolve(params);
  const audience = cachedPageAudience(currency, paths.blogPost(locale, slug));
  setRequestLocale(locale);
  const [pricing, trips, t, metadataText] = await Promise.all([
    getPricingContext(audience),
    cachedBlogPostTrips({ activities: data.post.activities, countryCodes: data.post.countryCodes }, locale),
    getTranslations({ locale, namespace: 'Blog' }),
    getTranslations({ locale, namespace: 'Metadata' }),
  ]);
  const siteName = metadataText('siteName');
  const alternates = alternatesOf(data);
  const searchParams = new URLSearchParams(data.post.activities[0] ? { activity: data.post.activities[0] } : {});
  return (
    <SiteShell
      locale={locale}
      audience={audience}
      alternates={alternates}
      breadcrumb={[
        { label: t('title'), href: paths.blog(locale) },
        { label: data.translation.title, href: alternates[locale]! },
      ]}
    >
      <JsonLdScript
        data={blogPostingJsonLd({
          url: absoluteUrl(alternates[locale]!),
          headline: data.translation.title,
          description: data.translation.excerpt,
          image: absoluteUrl(siteImages().tripCover(data.coverTripKey)),
          datePublished: data.post.publishedAt.toISOString(),
          dateModified: data.post.updatedAt.toISOString(),
          author: data.author.name,
          language: locale,
          publisher: { name: siteName, url: absoluteUrl(paths.home(locale)), logo: absoluteUrl(siteImages().statics('logos', 'cordee')) },
        })}
      />
      <BlogPostView data={data} trips={trips} conversion={pricing.conversion} searchHref={`${paths.search(locale)}${searchParams.size > 0 ? `?${searchParams}` : ''}`} />
    </SiteShell>
  );
}
