import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { SiteShell } from '@/components/layout/site-shell';
import { StaticPageView } from '@/components/static-page/static-page-view';
import { isLocale, type Locale } from '@/lib/locales';
import { findStaticPage, staticPageAlternates, staticPageKeys, staticPageSlugs } from '@/lib/routing/static-pages';
import { routing } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo';

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

type Params = { locale: Locale; slug: string | undefined };

async function resolve(params: PageProps<'/[locale]/[...rest]'>['params']): Promise<Params> {
  const { locale, rest } = await params;
  if (!isLocale(locale)) notFound();
  return { locale, slug: rest.length === 1 ? safeDecode(rest[0]!) : undefined };
}

/** Every static page in every locale is prerendered from the slug registry. */
export const dynamicParams = false;

export function generateStaticParams() {
  return routing.locales.flatMap((locale) => staticPageKeys.map((key) => ({ locale, rest: [staticPageSlugs[key][locale]] })));
}

export async function generateMetadata({ params }: PageProps<'/[locale]/[...rest]'>): Promise<Metadata> {
  const { locale, slug } = await resolve(params);
  const key = slug === undefined ? undefined : findStaticPage(locale, slug);
  if (!key) return {};
  const t = await getTranslations({ locale, namespace: 'StaticPage' });
  return pageMetadata(locale, staticPageAlternates(key), t(`${key}.title`), t(`${key}.description`));
}

/** Static pages under their localized slugs (spec §2); any other path is the localized 404. */
export default async function CatchAllPage({ params }: PageProps<'/[locale]/[...rest]'>) {
  const { locale, slug } = await resolve(params);
  setRequestLocale(locale);
  const key = slug === undefined ? undefined : findStaticPage(locale, slug);
  if (!key) notFound();
  const t = await getTranslations('StaticPage');
  const alternates = staticPageAlternates(key);
  return (
    <SiteShell locale={locale} alternates={alternates} breadcrumb={[{ label: t(`${key}.title`), href: alternates[locale] }]}>
      <StaticPageView pageKey={key} />
    </SiteShell>
  );
}
