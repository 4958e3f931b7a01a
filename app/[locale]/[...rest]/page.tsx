import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { SiteShell } from '@/components/layout/site-shell';
import { StaticPageView } from '@/components/static-page/static-page-view';
import { getStaticPageContent, type StaticPageContent } from '@/lib/db/queries/static-pages';
import { isLocale, type Locale } from '@/lib/locales';
import { decodeSegment } from '@/lib/routing/served-paths';
import { findStaticPage, staticPageAlternates, type StaticPageKey } from '@/lib/routing/static-pages';
import { pageMetadata } from '@/lib/seo';
import { siteImages } from '@/lib/site-config';

// Page bodies come from the database, read on request (issue 8 brings page caching).
export const dynamic = 'force-dynamic';

async function resolve(params: PageProps<'/[locale]/[...rest]'>['params']): Promise<{ locale: Locale; key: StaticPageKey }> {
  const { locale, rest } = await params;
  const slug = rest.length === 1 ? decodeSegment(rest[0]!) : undefined;
  const key = isLocale(locale) && slug !== undefined ? findStaticPage(locale, slug) : undefined;
  // proxy.ts answers unknown paths with the localized 404 page before they get here.
  if (!isLocale(locale) || !key) notFound();
  return { locale, key };
}

/** The page's text from the database, or its title and lead from the messages when not seeded. */
async function content(key: StaticPageKey, locale: Locale): Promise<StaticPageContent> {
  const stored = await getStaticPageContent(key, locale);
  if (stored) return stored;
  const t = await getTranslations({ locale, namespace: 'StaticPage' });
  return { title: t(`${key}.title`), description: t(`${key}.description`), body: '' };
}

export async function generateMetadata({ params }: PageProps<'/[locale]/[...rest]'>): Promise<Metadata> {
  const { locale, key } = await resolve(params);
  const page = await content(key, locale);
  return pageMetadata(locale, staticPageAlternates(key), page.title, page.description);
}

/** Static pages under their localized slugs (spec §2). */
export default async function StaticPage({ params }: PageProps<'/[locale]/[...rest]'>) {
  const { locale, key } = await resolve(params);
  setRequestLocale(locale);
  const page = await content(key, locale);
  const alternates = staticPageAlternates(key);
  return (
    <SiteShell locale={locale} alternates={alternates} breadcrumb={[{ label: page.title, href: alternates[locale] }]}>
      <StaticPageView pageKey={key} content={page} headerImage={siteImages().staticHeader(key)} />
    </SiteShell>
  );
}
