import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isLocale } from '@/lib/locales';
import { searchSegment } from '@/lib/routing/cached-pages';
import { THIS_VISITOR } from '@/lib/server/page-audience';
import { parseSearchState, searchStateToParams } from '@/lib/search/search-state';
import { searchPageMetadata, SearchPageView } from './search-page-view';

// Rendered on request: a search's first page load (proxy.ts stores a search whole from its second
// on), and a search whose canonical form is too long to be a cache key (lib/routing/cached-pages.ts
// searchSegment).
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/search'>;

/** The canonical form of the URL's search: the state rendered and the results' cache key. */
async function canonicalSearch(searchParams: Props['searchParams']): Promise<string> {
  return searchStateToParams(parseSearchState(await searchParams)).toString();
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  return searchPageMetadata(locale, await canonicalSearch(searchParams));
}

export default async function SearchPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  const canonical = await canonicalSearch(searchParams);
  // A search too long to be a key may well be asked again: its results are cached. Any other is seen for the first time.
  const results = searchSegment(new URLSearchParams(canonical)) === null ? 'cached' : 'once';
  return <SearchPageView locale={locale} canonical={canonical} audience={THIS_VISITOR} results={results} />;
}
