import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { isLocale, type Locale } from '@/lib/locales';
import { accountAlternates, type AccountPage } from '@/lib/routing/account-pages';
import { pageMetadata } from '@/lib/seo';

const titleKey = { 'sign-in': 'metaTitleSignIn', guide: 'metaTitleGuide', bookings: 'metaTitleBookings', trip: 'metaTitleGuide', support: 'metaTitleSupport', apply: 'metaTitleApply', preview: 'metaTitleGuide' } as const;

/** The locale of an account page, or the 404 page. */
export async function accountLocaleOf(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  return locale;
}

/** Account pages are personal: titled and localized like the rest, never indexed or followed. */
export async function accountMetadata(page: AccountPage, params: Promise<{ locale: string }>): Promise<Metadata> {
  const locale = await accountLocaleOf(params);
  const t = await getTranslations({ locale, namespace: 'Account' });
  return { ...pageMetadata(locale, accountAlternates(page), t(titleKey[page]), t('metaDescription')), robots: { index: false, follow: false } };
}
