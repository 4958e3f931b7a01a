import type { Metadata } from 'next';
import { askGuide } from '@/app/[locale]/trip/[slug]/actions';
import { translateTripReview } from '@/app/[locale]/account/review-actions';
import { GuidePage, guidePageMetadata } from '@/components/guide/guide-page';

// Cached whole per locale, currency and traveller count: rendered on first request, then
// served from the page store until its tags expire (lib/server/invalidate.ts) or 5 minutes pass.
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

type Props = PageProps<'/[locale]/cached/[currency]/mountain-guide/[slug]/[travellers]'>;

/** spec §2: English guide pages, `/mountain-guide/{slug}`. */
const routeLocales = ['en'] as const;

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return guidePageMetadata(params, routeLocales);
}

export default function MountainGuidePage({ params }: Props) {
  return <GuidePage params={params} routeLocales={routeLocales} askGuide={askGuide} translateReview={translateTripReview} />;
}
