import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balances, paymentEntries, platformFee, refundedFee, refundEntries, reversalEntries, transferDue, transferEntries } from '@/lib/payments/ledger';
import { csvField, csvLine, earningsTotals } from '@/lib/payments/earnings';

describe('guide transfers in the ledger', () => {
  it('a payment, its transfer, a refund and the reversal of the guide’s part leave nothing owed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 10_000_000 }), (paid, percent, asked) => {
        const refund = Math.min(asked, paid);
        const fee = platformFee(paid, percent);
        const lines = paymentEntries(1, { amountMinor: paid, currency: 'EUR' }, fee).flatMap((entry) => entry.lines);
        const sent = transferDue(balances(lines).owed_to_guide);
        if (sent > 0) lines.push(...transferEntries(1, { amountMinor: sent, currency: 'EUR' })[0]!.lines);
        lines.push(...refundEntries(1, { amountMinor: refund, currency: 'EUR' }, refundedFee(paid, fee, refund)).flatMap((entry) => entry.lines));
        const back = -transferDue(balances(lines).owed_to_guide);
        if (back > 0) lines.push(...reversalEntries(1, { amountMinor: back, currency: 'EUR' })[0]!.lines);
        const result = balances(lines);
        expect(result.owed_to_guide).toBe(0);
        // What the guide holds plus what the platform kept is what the traveller paid less the refund.
        expect(sent - back - result.platform_fee).toBe(paid - refund);
        expect(Object.values(result).reduce((sum, value) => sum + value, 0)).toBe(0);
      }),
    );
  });

  it('refuses a transfer or reversal of nothing', () => {
    expect(() => transferEntries(1, { amountMinor: 0, currency: 'EUR' })).toThrow(RangeError);
    expect(() => reversalEntries(1, { amountMinor: -5, currency: 'EUR' })).toThrow(RangeError);
  });
});

describe('earnings totals and CSV', () => {
  it('sums upcoming, in transit and paid per currency', () => {
    const totals = earningsTotals([
      { currency: 'EUR', shareMinor: 10_000, transferredMinor: 0, status: 'upcoming' },
      { currency: 'EUR', shareMinor: 8_500, transferredMinor: 8_500, status: 'inTransit' },
      { currency: 'EUR', shareMinor: 4_000, transferredMinor: 4_000, status: 'paid' },
      { currency: 'CHF', shareMinor: 3_000, transferredMinor: 0, status: 'upcoming' },
    ]);
    expect(totals.get('EUR')).toEqual({ upcoming: 10_000, inTransit: 8_500, paid: 4_000 });
    expect(totals.get('CHF')).toEqual({ upcoming: 3_000, inTransit: 0, paid: 0 });
  });

  it('quotes fields with separators and defuses formulas', () => {
    expect(csvField('Cogne')).toBe('Cogne');
    expect(csvField('1 234,50 €')).toBe('"1 234,50 €"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });
});
