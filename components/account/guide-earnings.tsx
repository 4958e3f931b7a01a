import { getTranslations } from 'next-intl/server';
import { buttonClassName } from '@/components/ui/button';
import { formatReference } from '@/lib/booking/reference';
import type { GuideEarning } from '@/lib/db/queries/guide-payouts';
import type { GuideStripeAccount } from '@/lib/db/schema';
import type { Locale } from '@/lib/locales';
import { formatMoney } from '@/lib/money/format';
import { earningsTotals } from '@/lib/payments/earnings';
import { isoDayToDate } from '@/lib/iso-day';
import { dateTimeFormat } from '@/lib/text/intl-cache';
import styles from './account.module.css';
import editor from './trip-editor.module.css';

type Props = {
  locale: Locale;
  /** Online payment is on (Stripe keys): otherwise payouts are arranged off the platform and nothing is shown of Stripe. */
  online: boolean;
  account: GuideStripeAccount | null;
  earnings: GuideEarning[];
  feePercent: number;
  delayDays: number;
  /** The connect form's action (a plain form action: works without JavaScript). */
  action: (form: FormData) => Promise<void>;
  /** Stripe could not be reached on the last try. */
  unavailable: boolean;
};

type AccountState = 'none' | 'detailsNeeded' | 'verified' | 'payoutsEnabled';
const stateOf = (account: GuideStripeAccount | null): AccountState =>
  !account ? 'none' : account.payoutsEnabled && account.requirementsDue.length === 0 ? 'payoutsEnabled' : !account.detailsSubmitted || account.requirementsDue.length > 0 ? 'detailsNeeded' : 'verified';
const stateKey = { none: 'statusNone', detailsNeeded: 'statusDetailsNeeded', verified: 'statusVerified', payoutsEnabled: 'statusPayoutsEnabled' } as const;

/** The guide area's Earnings: the Stripe account's state (and the way to connect or finish it), then the share of each booking and where it stands. */
export async function GuideEarnings({ locale, online, account, earnings, feePercent, delayDays, action, unavailable }: Props) {
  const t = await getTranslations({ locale, namespace: 'GuideEarnings' });
  const state = stateOf(account);
  const day = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const totals = [...earningsTotals(earnings)];
  return (
    <section id="earnings" aria-labelledby="earnings-title" data-testid="guide-earnings">
      <h2 id="earnings-title">{t('title')}</h2>
      {!online ? (
        <p className={styles.lead} data-testid="earnings-off-platform">{t('offPlatform')}</p>
      ) : (
        <>
          {state === 'detailsNeeded' ? (
            <p className={styles.notice} role="status" data-testid="earnings-banner">{t('banner')}</p>
          ) : null}
          {unavailable ? <p className={styles.notice} role="alert">{t('unavailable')}</p> : null}
          <p className={styles.lead}>{t('intro', { fee: feePercent, days: delayDays })}</p>
          <p data-testid="stripe-account-status" data-state={state}>{t(stateKey[state])}</p>
          {state === 'payoutsEnabled' ? null : (
            <form action={action}>
              <input type="hidden" name="locale" value={locale} />
              <button type="submit" className={buttonClassName({ variant: 'primary' })} data-testid="connect-stripe">{t(state === 'none' ? 'connect' : 'continue')}</button>
            </form>
          )}
        </>
      )}
      {earnings.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <>
          <dl data-testid="earnings-totals">
            {totals.map(([currency, sum]) => (
              <div key={currency}>
                <dt>{t('summaryUpcoming')}</dt>
                <dd>{formatMoney({ amountMinor: sum.upcoming, currency }, locale)}</dd>
                <dt>{t('summaryInTransit')}</dt>
                <dd>{formatMoney({ amountMinor: sum.inTransit, currency }, locale)}</dd>
                <dt>{t('summaryPaid')}</dt>
                <dd>{formatMoney({ amountMinor: sum.paid, currency }, locale)}</dd>
              </div>
            ))}
          </dl>
          <div className={styles.tableScroll}>
            <table className={editor.shares} data-testid="earnings-table">
              <caption>{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('reference')}</th>
                  <th scope="col">{t('trip')}</th>
                  <th scope="col">{t('lastDay')}</th>
                  <th scope="col">{t('share')}</th>
                  <th scope="col">{t('transferred')}</th>
                  <th scope="col">{t('status')}</th>
                </tr>
              </thead>
              <tbody>
                {earnings.map((row) => (
                  <tr key={row.requestId} data-testid="earnings-row" data-status={row.status}>
                    <th scope="row">{formatReference(row.reference)}</th>
                    <td>{row.tripTitles[locale] ?? row.tripTitles.en ?? Object.values(row.tripTitles)[0] ?? ''}</td>
                    <td>{row.lastDay ? day.format(isoDayToDate(row.lastDay)) : ''}</td>
                    <td data-testid="earnings-share">{formatMoney({ amountMinor: row.shareMinor, currency: row.currency }, locale)}</td>
                    <td data-testid="earnings-transferred">{formatMoney({ amountMinor: row.transferredMinor, currency: row.currency }, locale)}</td>
                    <td>{t(`status_${row.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <a href={`/api/account/earnings?lan=${locale}`} download data-testid="earnings-csv">{t('download')}</a>
          </p>
        </>
      )}
    </section>
  );
}
