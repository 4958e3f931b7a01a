import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConciergePage } from '@/components/concierge/concierge-page';
import { GiftCardsPage } from '@/components/gift-cards/gift-cards-page';
import { SiteShell } from '@/components/layout/site-shell';
import { THIS_VISITOR } from '@/lib/server/page-audience';
import { giftCardOffer } from '@/lib/gift-cards/amounts';
import type { Locale } from '@/lib/locales';
import { appPageAlternates, type AppPageKey } from '@/lib/routing/app-pages';
import { staticPagePath } from '@/lib/routing/static-pages';
import { pageMetadata } from '@/lib/seo';
import { getPricingContext } from '@/lib/server/pricing-context';
import { defaultPhoneCountry } from '@/lib/server/visitor-country';
import { requestConcierge, requestGiftCard } from '../forms-actions';

const namespaces = { 'gift-cards': 'GiftCards', concierge: 'Concierge' } as const satisfies Record<AppPageKey, string>;

/** The title, description and alternates of an app page (gift cards, concierge). */
export async function appPageMetadata(locale: Locale, key: AppPageKey): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: namespaces[key] });
  return pageMetadata(locale, appPageAlternates(key), t('metaTitle'), t('metaDescription'));
}

/** The gift cards and concierge pages under their localized slugs, each with its request form. */
export async function AppPage({ locale, pageKey }: { locale: Locale; pageKey: AppPageKey }) {
  const [t, defaultCountry] = await Promise.all([getTranslations({ locale, namespace: namespaces[pageKey] }), defaultPhoneCountry(locale, THIS_VISITOR)]);
  const alternates = appPageAlternates(pageKey);
  const legal = { termsHref: staticPagePath('terms-fwt-waiver', locale), privacyHref: staticPagePath('privacy-policy', locale) };
  let page;
  if (pageKey === 'gift-cards') {
    const pricing = await getPricingContext(THIS_VISITOR);
    page = <GiftCardsPage locale={locale} offer={giftCardOffer(pricing.conversion.rates, pricing.currency.code)} defaultCountry={defaultCountry} {...legal} action={requestGiftCard} />;
  } else {
    page = <ConciergePage locale={locale} defaultCountry={defaultCountry} {...legal} action={requestConcierge} />;
  }
  return (
    <SiteShell locale={locale} audience={THIS_VISITOR} alternates={alternates} breadcrumb={[{ label: t('title'), href: alternates[locale] }]}>
      {page}
    </SiteShell>
  );
}
