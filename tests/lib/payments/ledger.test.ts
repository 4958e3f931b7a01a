import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balances, paymentEntries, platformFee, refundedFee, refundEntries } from '@/lib/payments/ledger';

const sum = (lines: { amountMinor: number }[]) => lines.reduce((total, line) => total + line.amountMinor, 0);

describe('the ledger entries of payments and refunds', () => {
  it('a deposit of 300.00 EUR with a 15 % fee', () => {
    const entries = paymentEntries(7, { amountMinor: 30000, currency: 'EUR' }, platformFee(30000, 15));
    expect(entries.map((entry) => entry.dedupeKey)).toEqual(['payment:7', 'payment:7:allocation']);
    expect(balances(entries.flatMap((entry) => entry.lines))).toEqual({ stripe_balance: 30000, traveller_paid: 0, refunds: 0, platform_fee: -4500, owed_to_guide: -25500 });
  });

  it('a 0 % fee writes no zero line', () => {
    const entries = paymentEntries(1, { amountMinor: 100, currency: 'JPY' }, platformFee(100, 0));
    expect(entries.flatMap((entry) => entry.lines).every((line) => line.amountMinor !== 0)).toBe(true);
  });

  it('rounds the fee half up, and gives the whole fee back with a full refund', () => {
    expect(platformFee(1, 50)).toBe(1);
    expect(platformFee(3, 15)).toBe(0);
    expect(refundedFee(30001, 4500, 30001)).toBe(4500);
    expect(refundedFee(30000, 4500, 15000)).toBe(2250);
  });

  it('every entry sums to zero, and Stripe holds what was paid less what was refunded, split between guide and platform', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.integer({ min: 1, max: 50_000_000 }), refundShare: fc.double({ min: 0, max: 1, noNaN: true }) }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 100 }),
        (payments, percent) => {
          const entries = payments.flatMap(({ amount, refundShare }, index) => {
            const fee = platformFee(amount, percent);
            const refund = Math.floor(amount * refundShare);
            return [...paymentEntries(index, { amountMinor: amount, currency: 'EUR' }, fee), ...(refund > 0 ? refundEntries(index, { amountMinor: refund, currency: 'EUR' }, refundedFee(amount, fee, refund)) : [])];
          });
          for (const entry of entries) expect(sum(entry.lines)).toBe(0);
          const paid = payments.reduce((total, payment) => total + payment.amount, 0);
          const refunded = payments.reduce((total, payment) => total + Math.floor(payment.amount * payment.refundShare), 0);
          const result = balances(entries.flatMap((entry) => entry.lines));
          expect(result.stripe_balance).toBe(paid - refunded);
          expect(result.owed_to_guide + result.platform_fee).toBe(refunded - paid);
          expect(result.owed_to_guide).toBeLessThanOrEqual(0);
          expect(result.platform_fee).toBeLessThanOrEqual(0);
          expect(result.traveller_paid).toBe(0);
          expect(result.refunds).toBe(0);
        },
      ),
    );
  });
});
