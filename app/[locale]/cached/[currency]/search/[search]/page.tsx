import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SearchPageView, searchPageMetadata } from '@/app/[locale]/search/search-page-view';
import { isLocale } from '@/lib/locales';
import { parseSearchSegment } from '@/lib/routing/cached-pages';
import { paths } from '@/lib/routing/paths';
import { cachedPageAudience } from '@/lib/server/page-audience';

// Search results cached whole per canonical search, locale and currency (lib/routing/cached-pages.ts
// searchSegment), in a byte budget of their own (SEARCH_PAGE_STORE_BUDGET_MB): rendered on first
// request, then served from the full-route cache until the catalogue's tag expires or 5 minutes pass.
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

/** `search`: the URL's canonical search as a path segment. */
type Props = PageProps<'/[locale]/cached/[currency]/search/[search]'>;

async function resolve(props: Props) {
  const { locale, search } = await props.params;
  const canonical = parseSearchSegment(search);
  if (!isLocale(locale) || canonical === null) notFound();
  return { locale, canonical };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { locale, canonical } = await resolve(props);
  return searchPageMetadata(locale, canonical);
}

export default async function CachedSearchPage(props: Props) {
  const { locale, canonical } = await resolve(props);
  const audience = cachedPageAudience((await props.params).currency, paths.search(locale));
  return <SearchPageView locale={locale} canonical={canonical} audience={audience} />;
}
