import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { socialPhotoPath } from '@/lib/images/social-image';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { alternatesOf, TripPageContent } from '@/app/[locale]/trip/[slug]/trip-page-content';
import { isoDayOf } from '@/lib/iso-day';
import type { TripPageData } from '@/lib/db/queries/trips';
import { cachedTripPageData } from '@/lib/server/cached-queries';
import { isLocale, type Locale } from '@/lib/locales';
import { paths } from '@/lib/routing/paths';
import { decodeSegment } from '@/lib/routing/served-paths';
import { pageMetadata } from '@/lib/seo';
import { cachedPageAudience } from '@/lib/server/page-audience';
import { siteImages } from '@/lib/site-config';

// Cached whole per locale, currency and traveller count (lib/routing/cached-pages.ts):
// rendered on first request, then served from the page store until its tags expire
// (lib/server/invalidate.ts: the trip, its guide, the catalogue) or 5 minutes pass.
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

type Props = PageProps<'/[locale]/cached/[currency]/trip/[slug]/[travellers]'>;

// Metadata and page read the trip once per request.
const loadTrip = cache((locale: Locale, slug: string) => cachedTripPageData(locale, slug, isoDayOf(new Date())));

async function load(params: Props['params']): Promise<{ locale: Locale; data: TripPageData }> {
  const { locale, slug } = await params;
  if (!isLocale(locale)) notFound();
  // proxy.ts answers unknown slugs with the 404 page and other locales' slugs with a redirect.
  const data = await loadTrip(locale, decodeSegment(slug));
  if (!data) notFound();
  return { locale, data };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, data } = await load(params);
  const t = await getTranslations({ locale, namespace: 'TripPage' });
  const title = t('metaTitle', { trip: data.translation.title, region: data.translation.region });
  const cover = data.photos[0];
  return pageMetadata(locale, alternatesOf(data), title, data.translation.summary, cover ? socialPhotoPath(cover.storageKey) : siteImages().tripCover(data.trip.hasCover ? data.trip.key : null));
}

/** The trip page (spec §2), `/trip/{slug}` with the slug of each locale. */
export default async function TripPage({ params }: Props) {
  const { slug, currency, travellers: travellersSegment } = await params;
  const { locale, data } = await load(params);
  const audience = cachedPageAudience(currency, paths.trip(locale, slug));
  setRequestLocale(locale);
  return <TripPageContent locale={locale} data={data} travellersSegment={travellersSegment} audience={audience} />;
}
