import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitDeposit } from '@/lib/money/pricing';
import { remainderDueAt } from '@/lib/payments/schedule';
import { fromStripeAmount, isChargeable, isStripeChargeable, paidAtOnce, paymentSplit, STRIPE_THREE_DECIMAL, STRIPE_ZERO_DECIMAL, stripeMinimum, stripeStep, toStripeAmount } from '@/lib/payments/amounts';

/** Currencies of every kind of minor unit Stripe and ISO disagree or agree on. */
const currencies = [...STRIPE_ZERO_DECIMAL, ...STRIPE_THREE_DECIMAL, 'ISK', 'HUF', 'TWD', 'EUR', 'USD', 'GBP', 'CHF', 'NOK', 'MXN', 'INR'];

describe("our minor units to Stripe's amounts", () => {
  it.each([
    [{ amountMinor: 12345, currency: 'EUR' }, { amount: 12345, currency: 'eur' }],
    [{ amountMinor: 5000, currency: 'JPY' }, { amount: 5000, currency: 'jpy' }],
    [{ amountMinor: 250000, currency: 'UGX' }, { amount: 250000, currency: 'ugx' }],
    // ISK: ISO has no decimals, Stripe's API keeps two (5 ISK is 500).
    [{ amountMinor: 5, currency: 'ISK' }, { amount: 500, currency: 'isk' }],
    // HUF: two-decimal charges in Stripe's API.
    [{ amountMinor: 12000, currency: 'HUF' }, { amount: 1200000, currency: 'huf' }],
    [{ amountMinor: 150050, currency: 'TWD' }, { amount: 150050, currency: 'twd' }],
    // Three-decimal currencies: the last digit must be 0.
    [{ amountMinor: 5120, currency: 'KWD' }, { amount: 5120, currency: 'kwd' }],
  ])('%o → %o', (money, stripe) => {
    expect(toStripeAmount(money)).toEqual(stripe);
    expect(fromStripeAmount(stripe)).toEqual(money);
  });

  it.each([
    [{ amountMinor: 5124, currency: 'KWD' }],
    [{ amountMinor: 0, currency: 'EUR' }],
    [{ amountMinor: -100, currency: 'EUR' }],
    [{ amountMinor: 10.5, currency: 'EUR' }],
  ])('refuses what Stripe cannot charge: %o', (money) => {
    expect(isChargeable(money)).toBe(false);
    expect(() => toStripeAmount(money)).toThrow(RangeError);
  });

  it('refuses a Stripe amount that is not a whole number of our minor units (ISK 40.10)', () => {
    expect(() => fromStripeAmount({ amount: 4010, currency: 'isk' })).toThrow(RangeError);
  });

  it('steps: 10 for three-decimal currencies, 1 elsewhere', () => {
    expect(stripeStep('KWD')).toBe(10);
    expect(stripeStep('ISK')).toBe(1);
    expect(stripeStep('JPY')).toBe(1);
    expect(stripeStep('eur')).toBe(1);
  });

  it('round-trips every chargeable amount of every currency', () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencies), fc.integer({ min: 1, max: 10_000_000 }), (currency, steps) => {
        const money = { amountMinor: steps * stripeStep(currency), currency };
        const stripe = toStripeAmount(money);
        expect(Number.isSafeInteger(stripe.amount)).toBe(true);
        expect(stripe.currency).toBe(currency.toLowerCase());
        expect(fromStripeAmount(stripe)).toEqual(money);
      }),
    );
  });
});

describe('spec §9: deposit 30 % + remainder 70 % = the quoted total, as charged', () => {
  it('deposit + remainder = total to the minor unit, both chargeable, for every currency', () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencies), fc.integer({ min: 1, max: 100_000_000 }), (currency, steps) => {
        const total = { amountMinor: steps * stripeStep(currency), currency };
        const split = paymentSplit(total);
        if (split === null) {
          // Only totals below Stripe's minimum charge are refused.
          expect(total.amountMinor).toBeLessThan(stripeMinimum(currency)!);
          return;
        }
        expect(split.deposit.amountMinor + split.remainder.amountMinor).toBe(total.amountMinor);
        // Every payment made is one Stripe takes; a 30 % too small for Stripe makes one payment of the total.
        expect(isStripeChargeable(split.deposit)).toBe(true);
        if (paidAtOnce(split)) {
          expect(split.deposit).toEqual(total);
          return;
        }
        expect(isStripeChargeable(split.remainder)).toBe(true);
        // The deposit is 30 % to within half a step.
        const step = stripeStep(currency);
        expect(Math.abs(split.deposit.amountMinor - total.amountMinor * 0.3)).toBeLessThanOrEqual(step / 2 + 1e-6);
        expect(split.deposit.currency).toBe(currency);
      }),
    );
  });

  it("is pricing's split wherever Stripe charges any minor unit and both parts reach its minimum, so every screen shows the same amounts", () => {
    fc.assert(
      fc.property(fc.constantFrom('EUR', 'USD', 'JPY', 'ISK', 'HUF', 'TWD', 'UGX'), fc.integer({ min: 10, max: 100_000_000 }), (currency, amountMinor) => {
        const total = { amountMinor, currency };
        const pricing = splitDeposit(total);
        if (!isStripeChargeable(total)) expect(paymentSplit(total)).toBeNull();
        else if (isStripeChargeable(pricing.deposit) && isStripeChargeable(pricing.remainder)) expect(paymentSplit(total)).toEqual({ total, ...pricing });
        else expect(paymentSplit(total)).toEqual({ total, deposit: total, remainder: { amountMinor: 0, currency } });
      }),
    );
  });

  it.each([
    [{ amountMinor: 100000, currency: 'EUR' }, 30000, 70000],
    [{ amountMinor: 99999, currency: 'EUR' }, 30000, 69999],
    [{ amountMinor: 333, currency: 'JPY' }, 100, 233],
    [{ amountMinor: 1250, currency: 'KWD' }, 380, 870],
    [{ amountMinor: 10000, currency: 'KWD' }, 3000, 7000],
  ])('%o → %i + %i', (total, deposit, remainder) => {
    const split = paymentSplit(total)!;
    expect(split.deposit.amountMinor).toBe(deposit);
    expect(split.remainder.amountMinor).toBe(remainder);
  });

  it('refuses totals Stripe cannot charge: not a whole step, or below its minimum charge', () => {
    expect(paymentSplit({ amountMinor: 5125, currency: 'KWD' })).toBeNull();
    expect(paymentSplit({ amountMinor: 1, currency: 'EUR' })).toBeNull();
    expect(paymentSplit({ amountMinor: 0, currency: 'EUR' })).toBeNull();
    expect(paymentSplit({ amountMinor: 49, currency: 'EUR' })).toBeNull();
    expect(paymentSplit({ amountMinor: 29, currency: 'GBP' })).toBeNull();
    expect(paymentSplit({ amountMinor: 49, currency: 'JPY' })).toBeNull();
  });

  it.each([
    // 30 % of EUR 1.66 is 0.498, 0.50 half up: Stripe's minimum, so two payments.
    [{ amountMinor: 166, currency: 'EUR' }, 50, 116],
    // 30 % of EUR 1.60 is 0.48, below Stripe's 0.50: the whole price now.
    [{ amountMinor: 160, currency: 'EUR' }, 160, 0],
    // GBP's minimum is 0.30: 30 % of 1.00 is exactly it.
    [{ amountMinor: 100, currency: 'GBP' }, 30, 70],
    [{ amountMinor: 90, currency: 'GBP' }, 90, 0],
    // JPY 50 minimum: 30 % of 166 is 50; of 160, 48.
    [{ amountMinor: 166, currency: 'JPY' }, 50, 116],
    [{ amountMinor: 160, currency: 'JPY' }, 160, 0],
    // HUF 175 minimum (whole forints in our units).
    [{ amountMinor: 500, currency: 'HUF' }, 500, 0],
  ])('Stripe minimum: %o → %i now + %i later', (total, deposit, remainder) => {
    const split = paymentSplit(total)!;
    expect(split.deposit.amountMinor).toBe(deposit);
    expect(split.remainder.amountMinor).toBe(remainder);
    expect(paidAtOnce(split)).toBe(remainder === 0);
  });

  it("knows Stripe's minimum in our minor units", () => {
    expect(stripeMinimum('usd')).toBe(50);
    expect(stripeMinimum('GBP')).toBe(30);
    expect(stripeMinimum('JPY')).toBe(50);
    expect(stripeMinimum('HUF')).toBe(175);
    expect(stripeMinimum('KWD')).toBeNull();
    expect(isStripeChargeable({ amountMinor: 50, currency: 'EUR' })).toBe(true);
    expect(isStripeChargeable({ amountMinor: 49, currency: 'EUR' })).toBe(false);
  });
});

describe('spec §9: when the remainder is charged', () => {
  const now = new Date('2031-01-10T12:00:00Z');
  it.each([
    ['2031-03-01', 14, '2031-02-15T09:00:00.000Z'],
    ['2031-03-01', 30, '2031-01-30T09:00:00.000Z'],
    // Departure sooner than the lead time: charged at once.
    ['2031-01-20', 14, '2031-01-10T12:00:00.000Z'],
    [null, 14, '2031-01-10T12:00:00.000Z'],
  ] as const)('departure %s, %i days before → %s', (departure, days, due) => {
    expect(remainderDueAt(departure, days, now).toISOString()).toBe(due);
  });
});
