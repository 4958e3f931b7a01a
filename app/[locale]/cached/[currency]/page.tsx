import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BlogTeaser } from '@/components/home/blog-teaser';
import { BookingPromise } from '@/components/home/booking-promise';
import { FeaturedTrips } from '@/components/home/featured-trips';
import { HomeHero } from '@/components/home/home-hero';
import { RecentReviews } from '@/components/home/recent-reviews';
import { TopDestinations } from '@/components/home/top-destinations';
import { UpcomingOpenGroups } from '@/components/home/upcoming-open-groups';
import { SiteShell } from '@/components/layout/site-shell';
import { cachedHomeSections } from '@/lib/server/cached-queries';
import { isoDayOf } from '@/lib/iso-day';
import type { Locale } from '@/lib/locales';
import { samePathAlternates } from '@/lib/routing/languages';
import { pageMetadata } from '@/lib/seo';
import { paths } from '@/lib/routing/paths';
import { absoluteUrl, siteImages } from '@/lib/site-config';
import { homeJsonLd } from '@/lib/structured-data';
import { JsonLdScript } from '@/components/seo/json-ld-script';
import { getPricingContext } from '@/lib/server/pricing-context';
import { cachedPageAudience } from '@/lib/server/page-audience';

// Cached whole per locale and currency (lib/routing/cached-pages.ts): rendered on first
// request, then served from the page store until its tags expire or 5 minutes pass.
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

type Props = PageProps<'/[locale]/cached/[currency]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { ...pageMetadata(locale, samePathAlternates('/'), t('homeTitle'), t('homeDescription')), title: { absolute: t('homeTitle') } };
}

/** The home page (spec §2): search entry and activities, then the catalogue's highlights, one query per section, in parallel. */
export default async function HomePage({ params }: Props) {
  const { locale: segment, currency } = await params;
  const locale = segment as Locale;
  setRequestLocale(locale);
  const audience = cachedPageAudience(currency, paths.home(locale));
  const today = isoDayOf(new Date());
  const [t, pricing, { destinations, openGroups, featured, reviews, posts }] = await Promise.all([
    getTranslations({ locale, namespace: 'Metadata' }),
    getPricingContext(audience),
    cachedHomeSections(locale, today),
  ]);
  return (
    <SiteShell locale={locale} audience={audience} alternates={samePathAlternates('/')}>
      <JsonLdScript
        data={homeJsonLd({
          siteUrl: absoluteUrl(paths.home(locale)),
          name: t('siteName'),
          description: t('homeDescription'),
          logo: absoluteUrl(siteImages().statics('logos', 'cordee')),
          searchUrl: absoluteUrl(paths.search(locale)),
          language: locale,
        })}
      />
      <HomeHero />
      <TopDestinations destinations={destinations} />
      <UpcomingOpenGroups groups={openGroups} conversion={pricing.conversion} />
      <FeaturedTrips trips={featured} conversion={pricing.conversion} />
      <BookingPromise />
      <RecentReviews reviews={reviews} />
      <BlogTeaser posts={posts} />
    </SiteShell>
  );
}
