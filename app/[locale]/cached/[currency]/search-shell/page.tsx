import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SearchPageView, searchPageMetadata } from '@/app/[locale]/search/search-page-view';
import { isLocale } from '@/lib/locales';
import { paths } from '@/lib/routing/paths';
import { cachedPageAudience } from '@/lib/server/page-audience';

// The search page without its results, one per locale and currency: what a queried search's first
// load gets when the visitor runs JavaScript; the results come from /api/search once it runs.
export const revalidate = 3600;
export function generateStaticParams() {
  return [];
}

type Props = PageProps<'/[locale]/cached/[currency]/search-shell'>;

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { locale } = await props.params;
  if (!isLocale(locale)) notFound();
  // Every search it stands for is a queried one: never an entry point.
  return { ...(await searchPageMetadata(locale, '')), robots: { index: false, follow: true } };
}

export default async function SearchShellPage(props: Props) {
  const { locale, currency } = await props.params;
  if (!isLocale(locale)) notFound();
  return <SearchPageView locale={locale} canonical="" audience={cachedPageAudience(currency, paths.search(locale))} results="shell" />;
}
