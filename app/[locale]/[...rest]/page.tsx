import type { Metadata } from 'next';
import { SinglePathPage, singlePathMetadata } from './single-path-page';

// A landing page with a query (its search filters) is rendered on request; proxy.ts sends every
// other single-segment page to its cached copy (app/[locale]/cached/[currency]/p/[slug]).
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/[...rest]'>;

function segmentOf(rest: string[]): string | undefined {
  return rest.length === 1 ? rest[0] : undefined;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ locale, rest }, query] = await Promise.all([params, searchParams]);
  return singlePathMetadata(locale, segmentOf(rest), Object.keys(query).length > 0);
}

export default async function FilteredSinglePathPage({ params, searchParams }: Props) {
  const [{ locale, rest }, query] = await Promise.all([params, searchParams]);
  return <SinglePathPage locale={locale} segment={segmentOf(rest)} searchParams={query} cachedCurrency={null} />;
}
