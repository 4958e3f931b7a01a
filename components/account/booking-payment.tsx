import { getTranslations } from 'next-intl/server';
import { buttonClassName } from '@/components/ui/button';
import { cancellationTerms } from '@/lib/booking/cancellation';
import type { BookingPayments } from '@/lib/db/queries/payments';
import type { Locale } from '@/lib/locales';
import { formatMoney } from '@/lib/money/format';
import { paidAtOnce } from '@/lib/payments/amounts';
import { guideInstructions, paymentStory, type Payee, type PaymentPlan } from '@/lib/payments/plan';
import { platformFee } from '@/lib/payments/ledger';
import { staticPagePath } from '@/lib/routing/static-pages';
import { dateTimeFormat } from '@/lib/text/intl-cache';
import styles from './account.module.css';

type Props = {
  locale: Locale;
  reference: string;
  status: string;
  /** The trip's first day (ISO), when known: the remainder's date and the free cancellation count from it. */
  departure: string | null;
  payments: BookingPayments | undefined;
  /** The remainder's date as the server will charge it. */
  remainderDueAt: Date | null;
  /** Online payment is on (STRIPE_SECRET_KEY): otherwise the guide sends payment instructions. */
  online: boolean;
  /** The booking's terms as paid (lib/payments/plan.ts): without online payment, what the guide's instructions will ask, and when. */
  plan: PaymentPlan | null;
  /** The guide, paid directly when payments are off, and their instructions. */
  payee: Payee;
  action: (form: FormData) => Promise<void>;
  now: Date;
};

/** A plain server-drawn form that goes to Stripe's Checkout page (works before any code loads). */
function PayForm({ locale, reference, kind, label, action }: { locale: Locale; reference: string; kind: 'deposit' | 'remainder'; label: string; action: Props['action'] }) {
  return (
    <form action={action}>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="reference" value={reference} />
      <input type="hidden" name="kind" value={kind} />
      <button type="submit" className={`${buttonClassName({ variant: 'accent' })} ${styles.payButton}`} data-testid={`pay-${kind}`}>
        {label}
      </button>
    </form>
  );
}

/**
 * spec §1, §9 in My trips: a confirmed booking's deposit to pay (the exact amounts, the
 * remainder's date, the deadline and the cancellation terms), then the secured booking's two
 * payments. Without online payment, the payment story: the guide's instructions, amounts and days.
 */
export async function BookingPayment({ locale, reference, status, departure, payments, remainderDueAt, online, plan, payee, action, now }: Props) {
  if (status !== 'confirmed' && status !== 'secured') return null;
  const [t, tp] = await Promise.all([getTranslations({ locale, namespace: 'Account' }), getTranslations({ locale, namespace: 'Payment' })]);
  const day = dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const moment = dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  const split = payments?.split ?? null;
  if (!online || !split) {
    if (status !== 'confirmed' || !plan) return null;
    const instructions = guideInstructions(plan, payee);
    return (
      <div data-testid="payment-offline">
        <p className={styles.muted}>{paymentStory(tp, plan, 'after', locale, payee)}</p>
        {instructions ? (
          <figure className={styles.steps} data-testid="payment-instructions">
            <figcaption>{tp('instructionsTitle', { guide: payee.name })}</figcaption>
            <blockquote className={styles.instructions}>{instructions}</blockquote>
          </figure>
        ) : null}
      </div>
    );
  }
  const money = (amountMinor: number) => formatMoney({ amountMinor, currency: split.total.currency }, locale);
  const remainderDate = remainderDueAt ? day.format(remainderDueAt) : null;

  if (status === 'confirmed' && paidAtOnce(split)) {
    return (
      <div className={styles.steps} data-testid="deposit-panel">
        <h3>{t('payment.title')}</h3>
        <dl className={styles.facts}>
          <div>
            <dt>{t('payment.atOnceNow')}</dt>
            <dd data-testid="total-amount">{money(split.total.amountMinor)}</dd>
          </div>
        </dl>
        <p className={styles.muted} data-testid="payment-terms">
          {t('payment.atOnceWhy')} <a href={staticPagePath('terms-fwt-waiver', locale)}>{t('bookings.terms')}</a>
        </p>
        {payments?.depositDueAt ? <p className={styles.muted}>{t('payment.deadline', { date: moment.format(payments.depositDueAt) })}</p> : null}
        <PayForm locale={locale} reference={reference} kind="deposit" label={t('payment.payAtOnce', { amount: money(split.total.amountMinor) })} action={action} />
      </div>
    );
  }

  if (status === 'confirmed') {
    // The free cancellation would count from a payment made now.
    const terms = cancellationTerms(now, departure, now);
    return (
      <div className={styles.steps} data-testid="deposit-panel">
        <h3>{t('payment.title')}</h3>
        <dl className={styles.facts}>
          <div>
            <dt>{tp('deposit')}</dt>
            <dd data-testid="deposit-amount">{money(split.deposit.amountMinor)}</dd>
          </div>
          <div>
            <dt>{tp('remainder')}</dt>
            <dd data-testid="remainder-amount">{remainderDate ? t('payment.remainderOn', { amount: money(split.remainder.amountMinor), date: remainderDate }) : money(split.remainder.amountMinor)}</dd>
          </div>
          <div>
            <dt>{t('payment.total')}</dt>
            <dd data-testid="total-amount">{money(split.total.amountMinor)}</dd>
          </div>
        </dl>
        <p className={styles.muted}>{t('payment.noInterest')}</p>
        {payments?.depositDueAt ? <p className={styles.muted}>{t('payment.deadline', { date: moment.format(payments.depositDueAt) })}</p> : null}
        <p className={styles.muted} data-testid="payment-terms">
          {terms.free ? t('payment.freeCancellation') : t('payment.noFreeCancellation')} <a href={staticPagePath('terms-fwt-waiver', locale)}>{t('bookings.terms')}</a>
        </p>
        <p className={styles.muted}>{t('payment.consent', { remainder: money(split.remainder.amountMinor), date: remainderDate ?? '–' })}</p>
        <PayForm locale={locale} reference={reference} kind="deposit" label={t('payment.payDeposit', { amount: money(split.deposit.amountMinor) })} action={action} />
      </div>
    );
  }

  const { deposit, remainder } = payments!;
  return (
    <div className={styles.steps} data-testid="secured-panel">
      <h3>{t('payment.securedTitle')}</h3>
      <ul>
        {deposit?.paidAt ? <li data-testid="deposit-paid">{t('payment.depositPaid', { amount: money(deposit.amountMinor), date: day.format(deposit.paidAt) })}</li> : null}
        {remainder ? (
          <li data-testid={`remainder-${remainder.status}`}>
            {remainder.status === 'succeeded' && remainder.paidAt
              ? t('payment.remainderPaid', { amount: money(remainder.amountMinor), date: day.format(remainder.paidAt) })
              : remainder.status === 'requires_action' || remainder.status === 'failed'
                ? t(remainder.status === 'requires_action' ? 'payment.remainderAction' : 'payment.remainderFailed', { amount: money(remainder.amountMinor) })
                : t('payment.remainderScheduled', { amount: money(remainder.amountMinor), date: remainder.dueAt ? day.format(remainder.dueAt) : '–' })}
          </li>
        ) : null}
      </ul>
      {remainder && (remainder.status === 'requires_action' || remainder.status === 'failed') ? (
        <PayForm locale={locale} reference={reference} kind="remainder" label={t('payment.payRemainder', { amount: money(remainder.amountMinor) })} action={action} />
      ) : null}
    </div>
  );
}

/**
 * The guide area's line under a secured booking: what the ledger says the guide is owed so far,
 * and what it comes to once the remainder is paid (the platform's fee taken from each payment).
 */
export async function GuidePayout({ locale, payments, feePercent }: { locale: Locale; payments: BookingPayments | undefined; feePercent: number }) {
  if (!payments?.split || !payments.securedAt) return null;
  const t = await getTranslations({ locale, namespace: 'Account' });
  const day = dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const { split, remainder, owedToGuideMinor } = payments;
  const money = (amountMinor: number) => formatMoney({ amountMinor, currency: split.total.currency }, locale);
  const owedInAll = split.deposit.amountMinor - platformFee(split.deposit.amountMinor, feePercent) + split.remainder.amountMinor - platformFee(split.remainder.amountMinor, feePercent);
  return (
    <p className={styles.muted} data-testid="guide-payout">
      {remainder?.status === 'succeeded'
        ? t('payment.guideOwedPaid', { owed: money(owedToGuideMinor) })
        : t('payment.guideOwed', { owed: money(owedToGuideMinor), total: money(owedInAll), date: remainder?.dueAt ? day.format(remainder.dueAt) : '–' })}
    </p>
  );
}
