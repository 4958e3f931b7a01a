import type { Money } from '../money/currency';
import { formatMoney } from '../money/format';
import { splitDeposit } from '../money/pricing';
import { dateTimeFormat } from '../text/intl-cache';
import { paymentSplit } from './amounts';
import { remainderDueAt } from './schedule';

/**
 * How a booking's price is paid, the one story every page and e-mail tells: `online`, the deposit
 * paid on Stripe's page once the guide confirms and the remainder charged on its day; otherwise (no
 * Stripe keys, or a total Stripe cannot charge) the same amounts and days, paid to the guide, who
 * sends the instructions. `remainder` is zero when the whole price is paid at once.
 */
export type PaymentPlan = {
  online: boolean;
  total: Money;
  deposit: Money;
  remainder: Money;
  /** The remainder's day; null while the departure is not known (or nothing remains). */
  remainderDueAt: Date | null;
  remainderDaysBefore: number;
};

export type PaymentSettings = { online: boolean; remainderDaysBefore: number };

/** spec §9 "deposit 30 %, remainder 70 % charged `remainderDaysBefore` days before departure", for a booking's terms. */
export function paymentPlan(total: Money, departure: string | null, settings: PaymentSettings, now: Date): PaymentPlan {
  const split = settings.online ? paymentSplit(total) : null;
  const parts = split ?? { total, ...splitDeposit(total) };
  const dated = departure !== null && parts.remainder.amountMinor > 0;
  return {
    online: split !== null,
    total,
    deposit: parts.deposit,
    remainder: parts.remainder,
    remainderDueAt: dated ? remainderDueAt(departure, settings.remainderDaysBefore, now) : null,
    remainderDaysBefore: settings.remainderDaysBefore,
  };
}

/** The `Payment` messages (messages/*.json), from whichever translator the caller holds. */
export type PaymentTranslate = (key: 'before' | 'after' | 'whenOn' | 'whenBefore' | 'amountWhen' | 'deposit' | 'remainder' | 'short' | 'instructionsTitle', values?: Record<string, string | number>) => string;

const paidAtOnce = (plan: PaymentPlan) => plan.remainder.amountMinor === 0;

/** When the remainder is paid: its day, or so many days before a departure not fixed yet. */
function remainderWhen(t: PaymentTranslate, plan: PaymentPlan, locale: string): string {
  if (!plan.remainderDueAt) return t('whenBefore', { days: plan.remainderDaysBefore });
  return t('whenOn', { date: dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(plan.remainderDueAt) });
}

/** The remainder as a fact: its amount and when it is due. */
export function remainderText(t: PaymentTranslate, plan: PaymentPlan, locale: string): string {
  return t('amountWhen', { amount: formatMoney(plan.remainder, locale), when: remainderWhen(t, plan, locale) });
}

/** Whom the traveller pays when payments are off: the guide, and what they wrote on how (null until written). */
export type Payee = { name: string; instructions: string | null };

/** The guide's own payment instructions, when the plan is paid to them and they wrote some; else null. */
export function guideInstructions(plan: PaymentPlan, payee: Payee): string | null {
  return !plan.online && payee.instructions ? payee.instructions : null;
}

/**
 * The payment story in one sentence: `before` the guide confirms (trip page, drawer, request
 * e-mails, an open request in My trips), or `after` (the confirmation e-mail, a confirmed booking),
 * which, paid to the guide, points to their instructions (shown beside it, {@link guideInstructions}).
 */
export function paymentStory(t: PaymentTranslate, plan: PaymentPlan, phase: 'before' | 'after', locale: string, payee: Payee): string {
  return t(phase, {
    mode: !plan.online ? 'guide' : paidAtOnce(plan) ? 'atOnce' : 'online',
    deposit: formatMoney(plan.deposit, locale),
    remainder: formatMoney(plan.remainder, locale),
    total: formatMoney(plan.total, locale),
    when: remainderWhen(t, plan, locale),
    guide: payee.name,
    written: guideInstructions(plan, payee) ? 'yes' : 'no',
  });
}
