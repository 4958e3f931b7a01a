import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import type { Locale } from '@/lib/locales';
import { pageTypes, PAGE_TYPE_HEADER, type PageType } from '@/lib/routing/page-type';
import { staticPagePath } from '@/lib/routing/static-pages';
import { measurementConfig } from '@/lib/server/measurement-config';
import type { PageAudience } from '@/lib/server/page-audience';
import { getPricingContext } from '@/lib/server/pricing-context';
import { pageInfo, type DataLayerEntry } from '@/lib/tracking/data-layer';
import { needsConsent } from '@/lib/tracking/measurement-config';
import { ConsentBanner } from './consent-banner';
import { DepositBanner } from './deposit-banner';
import { MeasurementIsland } from './measurement-island';
import styles from './measurement.module.css';

function isPageType(value: string | null): value is PageType {
  return (pageTypes as readonly (string | null)[]).includes(value);
}

/**
 * The page's measurement and marketing (spec §1, §4, §5, §7): the data layer entries, the consent
 * banner when something needs consent, the deposit banner on every page type but trip pages. The
 * settings are read from env when the page renders and handed down, so nothing is baked into the
 * build. A page cached whole knows its page type from its path and reads no request header; the
 * signed-in visitor's analytics id is asked by the island itself (it is no part of a cached page).
 */
export async function Measurement({ locale, audience, entries = [] }: { locale: Locale; audience: PageAudience; entries?: (DataLayerEntry | null)[] }) {
  const [header, pricing, consentText, bannerText, paymentText] = await Promise.all([
    audience.kind === 'shared' ? audience.pageType : headers().then((list) => list.get(PAGE_TYPE_HEADER)),
    getPricingContext(audience),
    getTranslations({ locale, namespace: 'Consent' }),
    getTranslations({ locale, namespace: 'DepositBanner' }),
    getTranslations({ locale, namespace: 'Payment' }),
  ]);
  const config = measurementConfig();
  const pageType: PageType = isPageType(header) ? header : 'landing';
  const dataLayer = [pageInfo({ pageType, locale, currency: pricing.currency.code }), ...entries].filter((entry): entry is DataLayerEntry => entry !== null);

  return (
    <>
      <MeasurementIsland config={config} entries={dataLayer} />
      <div className={styles.stack}>
        {needsConsent(config) ? (
          <ConsentBanner
            privacyHref={staticPagePath('privacy-policy', locale)}
            labels={{ title: consentText('title'), text: consentText('text'), privacy: consentText('privacy'), accept: consentText('accept'), refuse: consentText('refuse') }}
          />
        ) : null}
        {pageType !== 'trip' ? <DepositBanner config={config} text={paymentText('short')} closeLabel={bannerText('close')} /> : null}
      </div>
    </>
  );
}
