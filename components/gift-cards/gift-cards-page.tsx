import { getTranslations } from 'next-intl/server';
import { FormMessages } from '@/components/forms/form-messages';
import { RequestFeatures, RequestFormCard, RequestFormLink, RequestHero, RequestSteps } from '@/components/request-page/request-page-parts';
import requestStyles from '@/components/request-page/request-page.module.css';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import { giftCardMoney, GIFT_CARD_VALIDITY_MONTHS, type GiftCardOffer } from '@/lib/gift-cards/amounts';
import type { Locale } from '@/lib/locales';
import { currencyName, currencySymbol, formatMoney } from '@/lib/money/format';
import { GiftCardForm } from './gift-card-form-loader';
import styles from './gift-cards.module.css';

type Props = {
  locale: Locale;
  /** The amounts in the visitor's currency (lib/gift-cards/amounts.ts). */
  offer: GiftCardOffer;
  defaultCountry: string;
  termsHref: string;
  privacyHref: string;
  action: FormAction<{ ok: true } & Submitted>;
};

/** The gift cards page: what a Cordée gift card is, how it works, and the request form with amounts in the visitor's currency. */
export async function GiftCardsPage({ locale, offer, defaultCountry, termsHref, privacyHref, action }: Props) {
  const t = await getTranslations({ locale, namespace: 'GiftCards' });
  const money = (units: number) => formatMoney(giftCardMoney(units, offer.currency), locale);
  const presets = offer.presets.map((units) => ({ units, label: money(units) }));
  const currency = `${currencyName(offer.currency, locale)} (${currencySymbol(offer.currency, locale)})`;
  return (
    <div className={requestStyles.page}>
      <RequestHero
        eyebrow={t('eyebrow')}
        title={t('heading')}
        lead={t('lead')}
        action={<RequestFormLink formId="gift-card-request" label={t('formTitle')} />}
        visual={<GiftCardVisual label={t('card.label')} tagline={t('card.tagline')} amount={presets[1]?.label ?? presets[0]?.label ?? money(offer.min)} />}
      />
      <RequestFeatures
        title={t('featuresTitle')}
        features={[
          { icon: 'mountain', title: t('features.anyTrip.title'), text: t('features.anyTrip.text') },
          { icon: 'calendar', title: t('features.validity.title', { months: GIFT_CARD_VALIDITY_MONTHS }), text: t('features.validity.text') },
          { icon: 'message', title: t('features.message.title'), text: t('features.message.text') },
          { icon: 'mail', title: t('features.email.title'), text: t('features.email.text') },
        ]}
      />
      <div className={requestStyles.columns}>
        <RequestFormCard id="gift-card-request" title={t('formTitle')} intro={t('formIntro', { currency })}>
          <FormMessages namespaces={['GiftCards']}>
            <GiftCardForm
              currency={offer.currency}
              presets={presets}
              limits={{ min: offer.min, max: offer.max }}
              customLabel={t('customLabel', { currency: currencySymbol(offer.currency, locale) })}
              customHint={t('customHint', { min: money(offer.min), max: money(offer.max) })}
              defaultCountry={defaultCountry}
              termsHref={termsHref}
              privacyHref={privacyHref}
              action={action}
            />
          </FormMessages>
        </RequestFormCard>
        <RequestSteps title={t('howTitle')} steps={[t('steps.choose'), t('steps.pay'), t('steps.send')]} />
      </div>
    </div>
  );
}

/** The card itself, as the recipient will see it (decorative: the page says everything it shows). */
function GiftCardVisual({ label, tagline, amount }: { label: string; tagline: string; amount: string }) {
  return (
    <div className={styles.card} aria-hidden="true">
      <svg className={styles.cardRidge} viewBox="0 0 320 90" preserveAspectRatio="none" focusable="false">
        <path d="M0 90 L0 62 L48 30 L78 50 L122 8 L160 44 L196 22 L240 58 L276 36 L320 60 L320 90 Z" />
      </svg>
      <div className={styles.cardTop}>
        <span className={styles.cardBrand}>Cordée</span>
        <span className={styles.cardLabel}>{label}</span>
      </div>
      <div className={styles.cardBottom}>
        <span className={styles.cardAmount}>{amount}</span>
        <span className={styles.cardTagline}>{tagline}</span>
      </div>
    </div>
  );
}
