import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ForeignCurrencyNote, Price } from '@/components/money/price';
import { buttonClassName } from '@/components/ui/button';
import { formatMoney } from '@/lib/money/format';
import type { TripQuote } from '@/lib/money/pricing';
import { TravellerCount } from './traveller-count';
import styles from './trip-page.module.css';
import { isoDayToDate } from '@/lib/iso-day';

type Props = {
  quote: TripQuote | null;
  travellers: number;
  maxTravellers: number;
  perDay: boolean;
  days: number;
  customerFee: boolean;
  /** The visitor's currency: a price shown in another one says why. */
  visitorCurrency: string;
  available: boolean;
  alternativesHref: string;
  giftCardHref: string;
  /** The booking drawer and the more-information dialog (client islands). */
  actions?: ReactNode;
};

/**
 * The price summary beside the trip (below it on phones): traveller count, price per person and
 * total for the group, fee rule, deposit now and remainder later, cancellation rule (spec §9), or
 * the spec §8 states (no pricing for this group size, no guide availability).
 */
export function TripBookingCard({ quote, travellers, maxTravellers, perDay, days, customerFee, visitorCurrency, available, alternativesHref, giftCardHref, actions }: Props) {
  const t = useTranslations('TripPage.booking');
  const payment = useTranslations('Payment');
  const locale = useLocale();
  return (
    <section className={styles.bookingCard} aria-labelledby="prices-summary" data-testid="booking-card">
      <h2 id="prices-summary" className={styles.bookingTitle}>
        {t('title')}
      </h2>
      <TravellerCount
        value={travellers}
        max={maxTravellers}
        labels={{ label: t('travellers'), decrease: t('fewerTravellers'), increase: t('moreTravellers'), value: t('travellerCount', { count: travellers }) }}
      />
      {!available ? (
        <div className={styles.notice} role="note" data-testid="no-availability">
          <p>{t('noAvailability')}</p>
          <a className={buttonClassName({ variant: 'secondary', fullWidth: true })} href={alternativesHref}>
            {t('checkAlternatives')}
          </a>
        </div>
      ) : null}
      {quote ? (
        <>
          <p className={styles.perPerson}>
            <Price price={quote.perPerson} className={styles.bigPrice} /> <span>{t('perPerson')}</span>
          </p>
          {perDay ? <p className={styles.muted}>{t('forDays', { count: days })}</p> : null}
          {quote.basis.kind === 'entry' ? null : (
            <p className={styles.muted} data-testid="price-basis">
              {quote.basis.kind === 'private'
                ? t('basisPrivate', { people: quote.basis.entry.people, count: travellers })
                : t('basisSmaller', { people: quote.basis.entry.people, count: travellers })}
            </p>
          )}
          <dl className={styles.priceLines} data-testid="price-details">
            {quote.discount ? (
              <div data-testid="price-discount">
                <dt>{t('discount', { percent: quote.discount.percent })}</dt>
                <dd>−{formatMoney(quote.discount.amount, locale)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('total', { count: travellers })}</dt>
              <dd data-testid="price-total">{formatMoney(quote.total, locale)}</dd>
            </div>
            <div>
              <dt>{payment('deposit')}</dt>
              <dd data-testid="price-deposit">{formatMoney(quote.deposit, locale)}</dd>
            </div>
            <div>
              <dt>{payment('remainder')}</dt>
              <dd data-testid="price-remainder">{formatMoney(quote.remainder, locale)}</dd>
            </div>
          </dl>
          <ul className={styles.promises}>
            <li>{customerFee ? t('feeRemoved') : t('feeIncluded')}</li>
            <li>{payment('short')}</li>
            <li>{t('freeCancellation')}</li>
          </ul>
          {quote.perPerson.convertedFrom && quote.perPerson.rateDate ? (
            <p className={styles.muted} data-testid="converted-note">
              {t('convertedNote', { currency: quote.perPerson.convertedFrom, date: isoDayToDate(quote.perPerson.rateDate) })}
            </p>
          ) : (
            <ForeignCurrencyNote price={quote.perPerson} visitorCurrency={visitorCurrency} className={styles.muted} />
          )}
        </>
      ) : (
        <p className={styles.notice} role="note" data-testid="no-pricing">
          {t('noPricing')}
        </p>
      )}
      {actions ? <div className={styles.bookingActions}>{actions}</div> : null}
      <a className={buttonClassName({ variant: 'ghost', fullWidth: true })} href="#groups">
        {t('seeDates')}
      </a>
      <p className={styles.giftCard}>
        <a href={giftCardHref}>{t('giftCard')}</a>
      </p>
    </section>
  );
}
