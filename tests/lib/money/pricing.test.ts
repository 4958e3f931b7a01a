import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceil, parseDecimal, ratio, roundHalfUp, floor, compare } from '@/lib/money/decimal';
import {
  applyDiscount,
  basePricePerPerson,
  convertMinorUnits,
  displayPrice,
  priceEntryFor,
  removeCustomerFee,
  roundUpToWholeUnits,
  splitDeposit,
  times,
} from '@/lib/money/pricing';
import type { ExchangeRates } from '@/lib/money/rates';

const rates: ExchangeRates = { base: 'EUR', date: '2026-11-20', rates: { USD: '1.1583', GBP: '0.87935', CHF: '0.9312', JPY: '181.42', NOK: '11.7485' } };
const settings = (target: string, crossCurrencyFactor = '1.02') => ({ rates, target, crossCurrencyFactor });
const r = (n: number) => ratio(BigInt(n));

describe('exact decimals', () => {
  it.each([
    ['1.1583', 11583n, 10000n],
    ['181.42', 9071n, 50n],
    ['0.5', 1n, 2n],
    ['7', 7n, 1n],
  ])('parses %s exactly', (text, num, den) => {
    expect(parseDecimal(text)).toEqual({ num, den });
  });
  it.each(['', 'abc', '1,5', '1e3', '.5'])('rejects %j', (text) => expect(parseDecimal(text)).toBeNull());
  it('rounds', () => {
    expect(ceil(ratio(7n, 2n))).toBe(4n);
    expect(ceil(ratio(-7n, 2n))).toBe(-3n);
    expect(floor(ratio(-7n, 2n))).toBe(-4n);
    expect(roundHalfUp(ratio(5n, 2n))).toBe(3n);
    expect(roundHalfUp(ratio(12n, 5n))).toBe(2n);
    expect(compare(ratio(1n, 3n), ratio(33n, 100n))).toBe(1);
  });
});

describe('spec §3/§9 price for N travellers', () => {
  const entries = [
    { people: 1, amountMinor: 52_000 },
    { people: 2, amountMinor: 31_500 },
    { people: 4, amountMinor: 24_000 },
  ];
  it.each([
    { mode: 'per_trip' as const, travellers: 2, days: 5, expected: 31_500 },
    { mode: 'per_person_per_day' as const, travellers: 2, days: 5, expected: 157_500 },
    { mode: 'per_person_per_day' as const, travellers: 1, days: 1, expected: 52_000 },
    { mode: 'per_trip' as const, travellers: 3, days: 5, expected: null },
    { mode: 'per_trip' as const, travellers: 9, days: 5, expected: null },
  ])('$mode, $travellers travellers, $days days → $expected', ({ mode, travellers, days, expected }) => {
    expect(basePricePerPerson(entries, mode, travellers, days)).toBe(expected);
  });
  it('uses the entry for exactly that group size', () => {
    expect(priceEntryFor(entries, 4)?.amountMinor).toBe(24_000);
    expect(priceEntryFor(entries, 3)).toBeNull();
  });
});

describe('spec §9 fee, discount, conversion, rounding', () => {
  it('removes the 5 % customer fee only when the flag applies', () => {
    expect(removeCustomerFee(r(10_000), true)).toEqual(r(9_500));
    expect(removeCustomerFee(r(10_000), false)).toEqual(r(10_000));
  });
  it.each([
    [0, 10_000],
    [10, 9_000],
    [25, 7_500],
  ])('a discount of %i %% is (100 − percent)/100', (percent, expected) => {
    expect(applyDiscount(r(10_000), percent)).toEqual(r(expected));
  });
  it('rejects an impossible discount', () => expect(() => applyDiscount(r(1), 120)).toThrow(RangeError));

  it('converts through the euro rates times the cross-currency factor', () => {
    // 100.00 EUR → USD: 10000 × 1.1583 × 1.02 = 11814.66 cents
    expect(convertMinorUnits(r(10_000), 'EUR', 'USD', rates, '1.02')).toEqual(ratio(1_181_466n, 100n));
    // 100.00 USD → EUR: 10000 / 1.1583 × 1.02
    expect(convertMinorUnits(r(10_000), 'USD', 'EUR', rates, '1.02')).toEqual(ratio(10_200n * 10_000n, 11_583n));
    // minor digits differ: 100.00 EUR → JPY (no minor unit): 100 × 181.42 × 1 = 18142 yen
    expect(convertMinorUnits(r(10_000), 'EUR', 'JPY', rates, '1')).toEqual(r(18_142));
    expect(convertMinorUnits(r(10_000), 'GBP', 'GBP', rates, '1.02')).toEqual(r(10_000));
  });

  it.each([
    [ratio(1_181_466n, 100n), 'USD', 11_900],
    [r(11_800), 'USD', 11_800],
    [r(11_801), 'USD', 11_900],
    [ratio(18_1421n, 10n), 'JPY', 18_143],
  ])('rounds %o up to whole units of %s', (value, currency, expected) => {
    expect(roundUpToWholeUnits(value, currency)).toBe(expected);
  });

  it('shows a trip price in the visitor currency, converted and rounded up', () => {
    const price = displayPrice({ amountMinor: 100_000, currency: 'EUR' }, { customerFee: true, discountPercent: 10 }, settings('CHF'));
    // 1000 € × 0.95 × 0.9 = 855 € → × 0.9312 × 1.02 = 812.084... CHF → 813 CHF
    expect(price).toEqual({ money: { amountMinor: 81_300, currency: 'CHF' }, convertedFrom: 'EUR', rateDate: '2026-11-20' });
  });
  it('keeps the trip currency when the visitor has the same one (no factor, still whole units)', () => {
    const price = displayPrice({ amountMinor: 100_050, currency: 'EUR' }, { customerFee: false, discountPercent: 0 }, settings('EUR'));
    expect(price).toEqual({ money: { amountMinor: 100_100, currency: 'EUR' }, convertedFrom: null, rateDate: null });
  });
  it("spec §4: a chosen currency without a rate shows the trip's original currency", () => {
    const price = displayPrice({ amountMinor: 50_000, currency: 'EUR' }, { customerFee: false, discountPercent: 0 }, settings('XAF'));
    expect(price.money).toEqual({ amountMinor: 50_000, currency: 'EUR' });
    expect(price.convertedFrom).toBeNull();
  });
  it('a trip priced in a currency without a rate stays in it', () => {
    const price = displayPrice({ amountMinor: 950_000, currency: 'MAD' }, { customerFee: false, discountPercent: 0 }, settings('USD'));
    expect(price.money).toEqual({ amountMinor: 950_000, currency: 'MAD' });
  });
  it('the cross-currency factor is configurable', () => {
    const plain = displayPrice({ amountMinor: 10_000, currency: 'EUR' }, { customerFee: false, discountPercent: 0 }, settings('USD', '1'));
    expect(plain.money.amountMinor).toBe(11_600); // 115.83 → 116
  });
});

describe('spec §9 deposit 30 %, remainder 70 %', () => {
  it.each([
    [123_400, 37_020, 86_380],
    [100, 30, 70],
    [1, 0, 1],
    [5, 2, 3], // 1.5 rounds half up
    [99_999, 30_000, 69_999],
  ])('total %i → deposit %i + remainder %i', (total, deposit, remainder) => {
    const split = splitDeposit({ amountMinor: total, currency: 'EUR' });
    expect(split.deposit.amountMinor).toBe(deposit);
    expect(split.remainder.amountMinor).toBe(remainder);
  });
  it('multiplies a per-person price by the travellers', () => {
    expect(times({ amountMinor: 81_300, currency: 'CHF' }, 3)).toEqual({ amountMinor: 243_900, currency: 'CHF' });
  });
});

describe('properties (fast-check)', () => {
  const currency = fc.constantFrom('EUR', 'USD', 'GBP', 'CHF', 'JPY', 'NOK');
  const amount = fc.integer({ min: 1, max: 50_000_000 });

  it('deposit + remainder = total, and the deposit is 30 % to the nearest minor unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), currency, (total, code) => {
        const { deposit, remainder } = splitDeposit({ amountMinor: total, currency: code });
        expect(deposit.amountMinor + remainder.amountMinor).toBe(total);
        expect(Math.abs(deposit.amountMinor * 100 - total * 30)).toBeLessThanOrEqual(50);
        expect(remainder.amountMinor).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('rounding never goes below the exact converted value, and by less than one unit', () => {
    fc.assert(
      fc.property(amount, currency, currency, (minor, from, to) => {
        const exact = convertMinorUnits(r(minor), from, to, rates, '1.02');
        const rounded = roundUpToWholeUnits(exact, to);
        expect(compare(r(rounded), exact)).toBeGreaterThanOrEqual(0);
        const unit = to === 'JPY' ? 1 : 100;
        expect(compare(r(rounded - unit), exact)).toBe(-1);
      }),
    );
  });

  it('conversion is monotonic in the amount', () => {
    fc.assert(
      fc.property(amount, amount, currency, currency, (a, b, from, to) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const rules = { customerFee: true, discountPercent: 5 };
        const lowPrice = displayPrice({ amountMinor: low, currency: from }, rules, settings(to)).money.amountMinor;
        const highPrice = displayPrice({ amountMinor: high, currency: from }, rules, settings(to)).money.amountMinor;
        expect(lowPrice).toBeLessThanOrEqual(highPrice);
      }),
    );
  });
});
