import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HomeHero } from '@/components/home/home-hero';
import { BookingPromise } from '@/components/home/booking-promise';
import { SiteShell } from '@/components/layout/site-shell';
import type { Locale } from '@/lib/locales';
import { samePathAlternates } from '@/lib/routing/languages';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { ...pageMetadata(locale, samePathAlternates('/'), t('homeTitle'), t('homeDescription')), title: { absolute: t('homeTitle') } };
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  return (
    <SiteShell locale={locale} alternates={samePathAlternates('/')}>
      <HomeHero />
      <BookingPromise />
    </SiteShell>
  );
}
