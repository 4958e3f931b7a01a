import type { Metadata } from 'next';
import { GuidePage, guidePageMetadata } from '@/components/guide/guide-page';

// Trip prices depend on the visitor's currency and the guide's data is read on request.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/mountain-guide/[slug]'>;

/** spec §2: English guide pages, `/mountain-guide/{slug}`. */
const routeLocales = ['en'] as const;

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return guidePageMetadata(params, routeLocales);
}

export default function MountainGuidePage({ params, searchParams }: Props) {
  return <GuidePage params={params} searchParams={searchParams} routeLocales={routeLocales} />;
}
