'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/money/format';
import type { GroupQuote } from '@/lib/money/pricing';
import { isoDayToDate } from '@/lib/iso-day';
import styles from './price-summary.module.css';

type Props = {
  /** null: the trip has no price for this request, the guide quotes it. */
  quote: GroupQuote | null;
  travellers: number;
  /** Shown when the price depends on the days (priced per day); else null. */
  days: number | null;
  dates: { start: string | null; end: string | null };
};

/**
 * spec §9 the price of a booking request as the server stores it: per person, the discount when
 * any, the total for the travellers, the 30 % deposit and 70 % remainder, with the dates and travellers.
 */
export function PriceSummary({ quote, travellers, days, dates }: Props) {
  const t = useTranslations('BookingForm.summary');
  const payment = useTranslations('Payment');
  const locale = useLocale();
  const format = useFormatter();
  const money = (value: GroupQuote['total']) => formatMoney(value, locale);
  const range =
    dates.start && dates.end ? format.dateTimeRange(isoDayToDate(dates.start), isoDayToDate(dates.end), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) : t('noDates');
  return (
    <section className={styles.summary} aria-label={t('title')} data-testid="price-summary">
      <h3 className={styles.title}>{t('title')}</h3>
      <dl className={styles.lines}>
        <div>
          <dt>{t('dates')}</dt>
          <dd data-testid="summary-dates">{range}</dd>
        </div>
        <div>
          <dt>{t('travellers')}</dt>
          <dd data-testid="summary-travellers">{travellers}</dd>
        </div>
        {quote ? (
          <>
            <div>
              <dt>
                {t('perPerson')}
                {days === null ? null : <> {t('days', { count: days })}</>}
              </dt>
              <dd data-testid="summary-per-person">{money(quote.perPerson.money)}</dd>
            </div>
            {quote.discount ? (
              <div>
                <dt>{t('discount', { percent: quote.discount.percent })}</dt>
                <dd data-testid="summary-discount">−{money(quote.discount.amount)}</dd>
              </div>
            ) : null}
            <div className={styles.total}>
              <dt>{t('total', { count: quote.travellers })}</dt>
              <dd data-testid="summary-total">{money(quote.total)}</dd>
            </div>
            <div>
              <dt>{payment('deposit')}</dt>
              <dd data-testid="summary-deposit">{money(quote.deposit)}</dd>
            </div>
            <div>
              <dt>{payment('remainder')}</dt>
              <dd>{money(quote.remainder)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {quote ? null : <p className={styles.note}>{t('onRequest')}</p>}
    </section>
  );
}
