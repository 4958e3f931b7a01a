import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceil, parseDecimal, ratio, roundHalfUp, floor, compare, multiply } from '@/lib/money/decimal';
import {
  applyDiscount,
  basePricePerPerson,
  convertMinorUnits,
  priceBasisFor,
  pricedTravellers,
  priceTable,
  quoteFromTable,
  quoteOpenGroup,
  quoteTrip,
  requote,
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

describe('spec §3/§9 price for N travellers (decision 0110)', () => {
  const entries = [
    { people: 8, amountMinor: 18_000 },
    { people: 4, amountMinor: 24_000 },
    { people: 6, amountMinor: 21_000 },
  ];
  it.each([
    // exact entries
    { travellers: 4, kind: 'entry', people: 4, perPerson: ratio(24_000n) },
    { travellers: 8, kind: 'entry', people: 8, perPerson: ratio(18_000n) },
    // between two entries: the next smaller group's per-person price
    { travellers: 5, kind: 'smaller', people: 4, perPerson: ratio(24_000n) },
    { travellers: 7, kind: 'smaller', people: 6, perPerson: ratio(21_000n) },
    // above the largest entry: the largest entry's per-person price
    { travellers: 12, kind: 'smaller', people: 8, perPerson: ratio(18_000n) },
    // below the smallest entry: its group total (4 × 240.00), shared
    { travellers: 3, kind: 'private', people: 4, perPerson: ratio(96_000n, 3n) },
    { travellers: 2, kind: 'private', people: 4, perPerson: ratio(48_000n) },
    { travellers: 1, kind: 'private', people: 4, perPerson: ratio(96_000n) },
  ])('$travellers travellers → $kind of $people', ({ travellers, kind, people, perPerson }) => {
    expect(priceBasisFor(entries, travellers)).toEqual({ kind, entry: entries.find((entry) => entry.people === people) });
    expect(basePricePerPerson(entries, 'per_trip', travellers, 5)).toEqual(perPerson);
  });
  it('multiplies by the days when priced per day', () => {
    expect(basePricePerPerson(entries, 'per_person_per_day', 5, 3)).toEqual(ratio(72_000n));
    expect(basePricePerPerson(entries, 'per_person_per_day', 2, 3)).toEqual(ratio(144_000n));
  });
  it('has no price only without any entry', () => {
    expect(priceBasisFor([], 2)).toBeNull();
    expect(basePricePerPerson([], 'per_trip', 2, 5)).toBeNull();
  });
  it('keeps the entry for exactly one group size', () => {
    expect(priceEntryFor(entries, 4)?.amountMinor).toBe(24_000);
    expect(priceEntryFor(entries, 5)).toBeNull();
  });
  it('a private group pays at least the smallest entry, each pays no less than a bigger group', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (travellers) => {
        const perPerson = basePricePerPerson(entries, 'per_trip', travellers, 1)!;
        expect(compare(multiply(perPerson, r(travellers)), r(travellers < 4 ? 96_000 : 0))).toBeGreaterThanOrEqual(0);
        const next = basePricePerPerson(entries, 'per_trip', travellers + 1, 1)!;
        expect(compare(perPerson, next)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('prices every size up to the group limit', () => {
    expect(pricedTravellers(8, 6)).toBe(6);
    expect(pricedTravellers(0, 6)).toBe(1);
    expect(pricedTravellers(3, 6)).toBe(3);
  });
});

describe('spec §9 quotes: the trip page, the drawer and the stored request agree', () => {
  const trip = { pricingMode: 'per_trip' as const, currency: 'EUR', customerFee: false, discountPercent: 10 };
  const entries = [{ people: 4, amountMinor: 81_600 }];
  it('a private group of 3 shares the total of 4, rounded up per person, discount shown', () => {
    const quote = quoteTrip(trip, entries, 3, 5, settings('EUR'))!;
    // 4 × 816 € = 3264 € / 3 = 1088 €, − 10 % = 979.20 € → 980 € (whole units)
    expect(quote.perPerson.money).toEqual({ amountMinor: 98_000, currency: 'EUR' });
    expect(quote.listPerPerson).toEqual({ amountMinor: 108_800, currency: 'EUR' });
    expect(quote.total).toEqual({ amountMinor: 294_000, currency: 'EUR' });
    expect(quote.discount).toEqual({ percent: 10, amount: { amountMinor: 32_400, currency: 'EUR' } });
    expect(quote.deposit.amountMinor + quote.remainder.amountMinor).toBe(294_000);
    expect(quote.deposit.amountMinor).toBe(88_200);
    expect(quote.basis.kind).toBe('private');
  });
  it('no discount line without a discount', () => {
    expect(quoteTrip({ ...trip, discountPercent: 0 }, entries, 4, 5, settings('EUR'))!.discount).toBeNull();
  });
  it.each(['JPY', 'USD', 'CHF'])('the drawer table gives the same quote as the server, in %s', (target) => {
    const perDay = { ...trip, pricingMode: 'per_person_per_day' as const, discountPercent: 15, customerFee: true, minDays: 2, durationDays: 6, maxGroupSize: 9 };
    const many = [{ people: 2, amountMinor: 12_345 }, { people: 5, amountMinor: 9_999 }];
    const table = priceTable(perDay, many, settings(target))!;
    for (let travellers = 1; travellers <= 9; travellers += 1) {
      for (let days = 2; days <= 6; days += 1) {
        const { perPerson, basis, listPerPerson, ...server } = quoteTrip(perDay, many, travellers, days, settings(target))!;
        expect(perPerson.money.currency).toBe(target);
        expect(basis).toBeDefined();
        expect(listPerPerson.amountMinor).toBeGreaterThanOrEqual(perPerson.money.amountMinor);
        expect(quoteFromTable(table, travellers, days)).toEqual({ ...server, perPerson: { money: perPerson.money } });
      }
    }
    expect(quoteFromTable(table, 10, 3)).toBeNull();
    expect(quoteFromTable(table, 3, 7)).toBeNull();
  });
  it('whole units in a zero-decimal currency: yen have no minor unit', () => {
    const quote = quoteTrip({ ...trip, discountPercent: 5 }, [{ people: 2, amountMinor: 10_001 }], 3, 1, settings('JPY', '1'))!;
    // 100.01 € × 0.95 = 95.0095 € × 181.42 = 17236.62 → 17237 ¥
    expect(quote.perPerson.money).toEqual({ amountMinor: 17_237, currency: 'JPY' });
    expect(quote.total.amountMinor).toBe(51_711);
    expect(quote.deposit.amountMinor).toBe(15_513); // 15513.3
    expect(Number.isInteger(quote.discount!.amount.amountMinor)).toBe(true);
  });
  it('an open group is requoted for any number of travellers as the server quotes it', () => {
    const one = quoteOpenGroup({ amountMinor: 70_000, currency: 'EUR' }, { customerFee: true, discountPercent: 12 }, 1, settings('USD'));
    const four = quoteOpenGroup({ amountMinor: 70_000, currency: 'EUR' }, { customerFee: true, discountPercent: 12 }, 4, settings('USD'));
    expect(requote(one, 4)).toEqual(four);
    expect(four.discount?.percent).toBe(12);
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
