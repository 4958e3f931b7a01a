import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { SiteShell } from '@/components/layout/site-shell';
import { StaticPageView } from '@/components/static-page/static-page-view';
import { ContactSection } from '@/components/static-page/contact-section';
import { LandingPageView } from '@/components/landing/landing-page';
import type { LandingPage } from '@/lib/db/queries/landing-pages';
import type { StaticPageContent } from '@/lib/db/queries/static-pages';
import { cachedLandingPage, cachedStaticPageContent, tagCachedPage } from '@/lib/server/cached-queries';
import { cacheTags } from '@/lib/server/cache-tags';
import { isLocale, type Locale } from '@/lib/locales';
import { decodeSegment } from '@/lib/routing/served-paths';
import { findAppPage, type AppPageKey } from '@/lib/routing/app-pages';
import type { Alternates } from '@/lib/routing/languages';
import { paths } from '@/lib/routing/paths';
import { findStaticPage, staticPageAlternates, type StaticPageKey } from '@/lib/routing/static-pages';
import { pageMetadata } from '@/lib/seo';
import { siteImages } from '@/lib/site-config';
import { cachedPageAudience, THIS_VISITOR } from '@/lib/server/page-audience';
import { sendContactMessage } from '../forms-actions';
import { AppPage, appPageMetadata } from './app-pages';

type Resolved = { locale: Locale } & ({ kind: 'static'; key: StaticPageKey } | { kind: 'app'; key: AppPageKey } | { kind: 'landing'; page: LandingPage });

/** What a single-segment path names: a static page (spec §2), the gift cards or concierge page, else a landing page from the database. */
async function resolve(locale: string, segment: string | undefined): Promise<Resolved> {
  const slug = segment === undefined ? undefined : decodeSegment(segment);
  // proxy.ts answers unknown paths with the localized 404 page before they get here.
  if (!isLocale(locale) || slug === undefined) notFound();
  const key = findStaticPage(locale, slug);
  if (key) return { locale, kind: 'static', key };
  const app = findAppPage(locale, slug);
  if (app) return { locale, kind: 'app', key: app };
  const page = await loadLandingPage(locale, slug);
  if (page) return { locale, kind: 'landing', page };
  notFound();
}

function landingAlternates(page: LandingPage): Alternates {
  return Object.fromEntries(Object.entries(page.slugs).map(([locale, slug]) => [locale, paths.landing(locale as Locale, slug)]));
}

// Metadata and page read the same rows once per request.
const loadLandingPage = cache((locale: Locale, slug: string) => cachedLandingPage(locale, slug));

/** The page's text from the database, or its title and lead from the messages when not seeded. */
const content = cache(async (key: StaticPageKey, locale: Locale): Promise<StaticPageContent> => {
  const stored = await cachedStaticPageContent(key, locale);
  if (stored) return stored;
  const t = await getTranslations({ locale, namespace: 'StaticPage' });
  return { title: t(`${key}.title`), description: t(`${key}.description`), body: '' };
});

/**
 * The metadata of a single-segment page. `hasQuery`: the URL has a query (a landing page's filters;
 * such variants are rendered on request, the others cached whole).
 */
export async function singlePathMetadata(localeSegment: string, segment: string | undefined, hasQuery: boolean): Promise<Metadata> {
  const resolved = await resolve(localeSegment, segment);
  const { locale } = resolved;
  if (resolved.kind === 'app') return appPageMetadata(locale, resolved.key);
  if (resolved.kind === 'landing') {
    const { page } = resolved;
    const metadata = pageMetadata(locale, landingAlternates(page), page.title, page.intro, siteImages().landingHeader(page.key));
    // Filtered or later result pages of a landing page are not entry points of their own.
    return hasQuery ? { ...metadata, robots: { index: false, follow: true } } : metadata;
  }
  const page = await content(resolved.key, locale);
  return pageMetadata(locale, staticPageAlternates(resolved.key), page.title, page.description);
}

/**
 * Static pages under their localized slugs (spec §2), the gift cards and concierge pages, and landing
 * pages under theirs. `cachedCurrency`: the currency segment of a page cached whole (lib/server/page-audience.ts),
 * null for one rendered on request (a landing page's filtered variants).
 */
export async function SinglePathPage({ locale: localeSegment, segment, searchParams, cachedCurrency }: { locale: string; segment: string | undefined; searchParams: Record<string, string | string[] | undefined>; cachedCurrency: string | null }) {
  const resolved = await resolve(localeSegment, segment);
  const { locale } = resolved;
  setRequestLocale(locale);
  // A cached page's type comes from the public path the proxy classified: this page's own.
  const audience = cachedCurrency === null || segment === undefined ? THIS_VISITOR : cachedPageAudience(cachedCurrency, paths.landing(locale, segment));
  // A cached landing page's trip list (the search's copy of the catalogue) changes with the catalogue.
  if (cachedCurrency !== null && resolved.kind === 'landing') await tagCachedPage(cacheTags.catalogue);
  if (resolved.kind === 'app') return <AppPage locale={locale} pageKey={resolved.key} />;
  if (resolved.kind === 'landing') {
    const alternates = landingAlternates(resolved.page);
    return (
      <SiteShell locale={locale} audience={audience} alternates={alternates} breadcrumb={[{ label: resolved.page.title, href: alternates[locale]! }]}>
        <LandingPageView locale={locale} audience={audience} page={resolved.page} searchParams={searchParams} />
      </SiteShell>
    );
  }
  const { key } = resolved;
  const page = await content(key, locale);
  const alternates = staticPageAlternates(key);
  return (
    <SiteShell locale={locale} audience={audience} alternates={alternates} breadcrumb={[{ label: page.title, href: alternates[locale] }]}>
      <StaticPageView pageKey={key} content={page} headerImage={siteImages().staticHeader(key)}>
        {key === 'need-help' ? <ContactSection locale={locale} audience={audience} action={sendContactMessage} /> : null}
      </StaticPageView>
    </SiteShell>
  );
}
