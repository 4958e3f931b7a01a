import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateRefund, refundableTotal } from '@/lib/payments/refund-allocation';

describe("support's refund of a late cancellation", () => {
  const paid = [
    { paymentId: 10, refundableMinor: 30030 },
    { paymentId: 11, refundableMinor: 70070 },
  ];

  it('takes the remainder first, then the deposit', () => {
    expect(allocateRefund(paid, 50000)).toEqual([{ paymentId: 11, amountMinor: 50000 }]);
    expect(allocateRefund(paid, 100100)).toEqual([
      { paymentId: 11, amountMinor: 70070 },
      { paymentId: 10, amountMinor: 30030 },
    ]);
  });

  it('refuses nothing, less than nothing, fractions and more than was paid', () => {
    expect(allocateRefund(paid, 0)).toBeNull();
    expect(allocateRefund(paid, -1)).toBeNull();
    expect(allocateRefund(paid, 1.5)).toBeNull();
    expect(allocateRefund(paid, 100101)).toBeNull();
    expect(allocateRefund([{ paymentId: 1, refundableMinor: 0 }], 1)).toBeNull();
  });

  it('refunds exactly the amount asked, never more than a payment holds', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 3_000_000 }), (amounts, asked) => {
        const payments = amounts.map((refundableMinor, index) => ({ paymentId: index + 1, refundableMinor }));
        const parts = allocateRefund(payments, asked);
        if (asked > refundableTotal(payments)) {
          expect(parts).toBeNull();
          return;
        }
        expect(parts!.reduce((sum, part) => sum + part.amountMinor, 0)).toBe(asked);
        for (const part of parts!) expect(part.amountMinor).toBeLessThanOrEqual(payments.find((payment) => payment.paymentId === part.paymentId)!.refundableMinor);
      }),
    );
  });
});
