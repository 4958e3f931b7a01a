import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { formatMoney } from '@/lib/money/format';
import { travellerPrice } from '@/lib/money/pricing';
import { platformFee } from '@/lib/payments/ledger';
import styles from './trip-editor.module.css';

type Props = {
  locale: Locale;
  trip: { currency: string; customerFee: boolean; discountPercent: number; pricingMode: string };
  entries: ReadonlyArray<{ people: number; amountMinor: number }>;
  /** Cordée's commission on every payment (the ledger's platform fee). */
  feePercent: number;
};

/** Beside a guide's saved prices: what travellers pay per person (as the trip page shows it) and what reaches the guide, in the trip's currency. */
export async function PriceShares({ locale, trip, entries, feePercent }: Props) {
  if (entries.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'Account.trips' });
  return (
    <table className={styles.shares} data-testid="price-shares">
      <caption>{t(trip.customerFee ? 'sharesFeeRemoved' : 'sharesFeeIncluded', { currency: trip.currency, fee: feePercent, perDay: trip.pricingMode === 'per_person_per_day' ? 'yes' : 'no' })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('people')}</th>
          <th scope="col">{t('travellersPay')}</th>
          <th scope="col">{t('youGet')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const paid = travellerPrice({ amountMinor: entry.amountMinor, currency: trip.currency }, trip);
          return (
            <tr key={entry.people}>
              <th scope="row">{entry.people}</th>
              <td>{formatMoney(paid, locale)}</td>
              <td>{formatMoney({ amountMinor: paid.amountMinor - platformFee(paid.amountMinor, feePercent), currency: paid.currency }, locale)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
