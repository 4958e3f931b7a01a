import type { Metadata } from 'next';
import { SinglePathPage, singlePathMetadata } from '@/app/[locale]/[...rest]/single-path-page';

// Static pages and landing pages without a query, cached whole per locale
// and currency (lib/routing/cached-pages.ts): rendered on first request, then served from
// the page store until their tags expire or 5 minutes pass.
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

type Props = PageProps<'/[locale]/cached/[currency]/p/[slug]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  return singlePathMetadata(locale, slug, false);
}

export default async function CachedSinglePathPage({ params }: Props) {
  const { locale, slug, currency } = await params;
  return <SinglePathPage locale={locale} segment={slug} searchParams={{}} cachedCurrency={currency} />;
}
