import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { NotFoundView } from '@/components/layout/not-found-view';
import { SiteShell } from '@/components/layout/site-shell';
import { THIS_VISITOR } from '@/lib/server/page-audience';
import { routing } from '@/i18n/routing';
import { localizedPath, type Locale } from '@/lib/locales';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: PageProps<'/[locale]/404'>): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: t('notFoundTitle'), robots: { index: false, follow: true } };
}

/**
 * spec §2 "Not-found page", served by proxy.ts with HTTP 404 for every path the site does not
 * serve (a rewrite, so the URL stays). Next.js's notFound() boundary ships no server-rendered
 * HTML since 16.x (vercel/next.js#62228), so the proxy decides and this page renders in full.
 */
export default async function NotFoundPage({ params }: PageProps<'/[locale]/404'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  return (
    <SiteShell locale={locale} audience={THIS_VISITOR} alternates={{ [locale]: localizedPath(locale, '/') }}>
      <NotFoundView />
    </SiteShell>
  );
}
