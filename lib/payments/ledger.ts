import type { Money } from '../money/currency';

/**
 * The double-entry ledger's journal entries (integer minor units; debit positive, credit
 * negative; every entry sums to zero, which the database checks again at commit):
 * - a payment: Stripe holds the money (debit stripe_balance), received from the traveller (credit
 *   traveller_paid); the same sum is then allocated (debit traveller_paid) between what the guide
 *   is owed and the platform's fee (credits);
 * - a refund: the money leaves Stripe (credit stripe_balance) back to the traveller (debit
 *   refunds), and the allocation is undone in proportion (debits owed_to_guide and platform_fee,
 *   credit refunds).
 * So for a booking: stripe_balance = paid − refunded, i.e. what Stripe holds for it, and
 * owed_to_guide + platform_fee = −stripe_balance.
 */
export type LedgerAccountName = 'stripe_balance' | 'traveller_paid' | 'refunds' | 'platform_fee' | 'owed_to_guide';
export type LedgerLine = { account: LedgerAccountName; amountMinor: number; currency: string };
export type JournalEntry = { kind: 'payment' | 'allocation' | 'refund' | 'refund_allocation'; dedupeKey: string; lines: LedgerLine[] };

/** The platform's fee on an amount: `percent` of it, rounded half up to the minor unit. */
export function platformFee(amountMinor: number, percent: number): number {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`Invalid fee percent ${percent}`);
  return Math.floor((amountMinor * percent + 50) / 100);
}

/** Lines without the zero ones (the database refuses a zero line: a 0 % fee simply has no fee line). */
const lines = (currency: string, amounts: Array<[LedgerAccountName, number]>): LedgerLine[] =>
  amounts.filter(([, amountMinor]) => amountMinor !== 0).map(([account, amountMinor]) => ({ account, amountMinor, currency }));

/** The entries of a payment Stripe confirmed: received, then split between the guide and the platform. */
export function paymentEntries(paymentId: number, paid: Money, feeMinor: number): JournalEntry[] {
  const { amountMinor, currency } = paid;
  if (feeMinor < 0 || feeMinor > amountMinor) throw new RangeError(`Invalid fee ${feeMinor} of ${amountMinor}`);
  return [
    { kind: 'payment', dedupeKey: `payment:${paymentId}`, lines: lines(currency, [['stripe_balance', amountMinor], ['traveller_paid', -amountMinor]]) },
    {
      kind: 'allocation',
      dedupeKey: `payment:${paymentId}:allocation`,
      lines: lines(currency, [['traveller_paid', amountMinor], ['owed_to_guide', -(amountMinor - feeMinor)], ['platform_fee', -feeMinor]]),
    },
  ];
}

/**
 * The share of a payment's fee that a refund of `refundMinor` gives back: in proportion, rounded
 * half up, so a full refund gives back the whole fee.
 */
export function refundedFee(paymentMinor: number, paymentFeeMinor: number, refundMinor: number): number {
  if (refundMinor === paymentMinor) return paymentFeeMinor;
  return Math.floor((paymentFeeMinor * refundMinor * 2 + paymentMinor) / (2 * paymentMinor));
}

/** The entries of a refund Stripe confirmed: the money goes back, and its allocation is undone. */
export function refundEntries(refundId: number, refunded: Money, feeBackMinor: number): JournalEntry[] {
  const { amountMinor, currency } = refunded;
  return [
    { kind: 'refund', dedupeKey: `refund:${refundId}`, lines: lines(currency, [['refunds', amountMinor], ['stripe_balance', -amountMinor]]) },
    {
      kind: 'refund_allocation',
      dedupeKey: `refund:${refundId}:allocation`,
      lines: lines(currency, [['owed_to_guide', amountMinor - feeBackMinor], ['platform_fee', feeBackMinor], ['refunds', -amountMinor]]),
    },
  ];
}

/** Balances per account from lines (what a booking's ledger says). */
export function balances(all: readonly Pick<LedgerLine, 'account' | 'amountMinor'>[]): Record<LedgerAccountName, number> {
  const result: Record<LedgerAccountName, number> = { stripe_balance: 0, traveller_paid: 0, refunds: 0, platform_fee: 0, owed_to_guide: 0 };
  for (const line of all) result[line.account] += line.amountMinor;
  return result;
}
