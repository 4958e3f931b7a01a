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
 * - a transfer to the guide's connected account (decision 0293): what the guide was owed leaves the
 *   platform's Stripe balance (debit owed_to_guide, credit stripe_balance);
 * - a transfer reversal after a refund: it comes back (debit stripe_balance, credit owed_to_guide).
 * So for a booking: stripe_balance = paid − refunded − transferred, i.e. what the platform's Stripe
 * balance holds for it, and owed_to_guide + platform_fee = −stripe_balance.
 */
export type LedgerAccountName = 'stripe_balance' | 'traveller_paid' | 'refunds' | 'platform_fee' | 'owed_to_guide';
export type LedgerLine = { account: LedgerAccountName; amountMinor: number; currency: string };
export type JournalEntry = { kind: 'payment' | 'allocation' | 'refund' | 'refund_allocation' | 'transfer' | 'transfer_reversal'; dedupeKey: string; lines: LedgerLine[] };

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

/** The entry of a transfer Stripe made: the guide's share leaves the platform's balance. */
export function transferEntries(transferId: number, sent: Money): JournalEntry[] {
  if (sent.amountMinor <= 0) throw new RangeError(`Invalid transfer ${sent.amountMinor}`);
  return [{ kind: 'transfer', dedupeKey: `transfer:${transferId}`, lines: lines(sent.currency, [['owed_to_guide', sent.amountMinor], ['stripe_balance', -sent.amountMinor]]) }];
}

/** The entry of a transfer reversal Stripe made: part of a transfer comes back to the platform's balance. */
export function reversalEntries(reversalId: number, back: Money): JournalEntry[] {
  if (back.amountMinor <= 0) throw new RangeError(`Invalid reversal ${back.amountMinor}`);
  return [{ kind: 'transfer_reversal', dedupeKey: `reversal:${reversalId}`, lines: lines(back.currency, [['stripe_balance', back.amountMinor], ['owed_to_guide', -back.amountMinor]]) }];
}

/**
 * What a booking's guide should be sent now, from owed_to_guide's balance once no movement waits for
 * Stripe: its credit (positive). Negative: the guide was sent more than its share (a refund after
 * the transfer), which a reversal takes back.
 */
export function transferDue(owedToGuideBalance: number): number {
  return owedToGuideBalance === 0 ? 0 : -owedToGuideBalance;
}

/** Balances per account from lines (what a booking's ledger says). */
export function balances(all: readonly Pick<LedgerLine, 'account' | 'amountMinor'>[]): Record<LedgerAccountName, number> {
  const result: Record<LedgerAccountName, number> = { stripe_balance: 0, traveller_paid: 0, refunds: 0, platform_fee: 0, owed_to_guide: 0 };
  for (const line of all) result[line.account] += line.amountMinor;
  return result;
}
