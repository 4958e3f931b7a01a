import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ratio } from '@/lib/money/decimal';
import type { ExchangeRates } from '@/lib/money/rates';
import { giftCardCurrency, giftCardMoney, giftCardOffer, isGiftCardAmount, parseWholeAmount, pleasantAmount } from '@/lib/gift-cards/amounts';

const rates: ExchangeRates = {
  base: 'EUR',
  date: '2026-11-20',
  rates: { USD: '1.1601', GBP: '0.88012', CHF: '0.932', JPY: '181.9', INR: '103.012', HUF: '384.6', NOK: '11.755', IDR: '19350.5', AUD: '1.787' },
};

describe('pleasant amounts', () => {
  it.each([
    [116.01, 120],
    [108, 100],
    [88.012, 80],
    [220.03, 200],
    [290.03, 300],
    [9000, 10000],
    [8900, 8000],
    [45475, 50000],
    [1_819_000, 2_000_000],
    [250, 250],
    [73, 75],
    [5, 5],
  ])('%d → %d', (value, expected) => {
    expect(pleasantAmount(ratio(BigInt(Math.round(value * 1000)), 1000n))).toBe(expected);
  });

  it('stays within 25 % of the value and always has at most two significant digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 1_000_000_000 }), (value) => {
        const amount = pleasantAmount(ratio(BigInt(value)));
        expect(Math.abs(amount - value) / value).toBeLessThanOrEqual(0.25);
        expect(String(amount).replace(/0+$/, '').length).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('the gift card offer in the visitor currency', () => {
  it('is 100, 250, 500 and 1,000 in euros, from 50 to 5,000', () => {
    expect(giftCardOffer(rates, 'EUR')).toEqual({ currency: 'EUR', presets: [100, 250, 500, 1000], min: 50, max: 5000 });
  });

  it.each([
    ['USD', [120, 300, 600, 1200], 60, 6000],
    ['GBP', [80, 200, 400, 800], 40, 4000],
    ['CHF', [100, 250, 500, 1000], 50, 5000],
    ['JPY', [20000, 50000, 100000, 200000], 10000, 1_000_000],
    ['HUF', [40000, 100000, 200000, 400000], 20000, 2_000_000],
  ])('%s: pleasant figures near the euro amounts', (currency, presets, min, max) => {
    expect(giftCardOffer(rates, currency)).toEqual({ currency, presets, min, max });
  });

  it('never offers more than the database stores (integer minor units)', () => {
    const offer = giftCardOffer(rates, 'IDR');
    expect(offer.max).toBeLessThanOrEqual(2_147_483_647);
    expect(offer.presets.every((amount) => amount <= offer.max)).toBe(true);
    expect(offer.presets.length).toBeGreaterThan(0);
    expect(giftCardMoney(offer.max, 'IDR').amountMinor).toBeLessThanOrEqual(2_147_483_647);
  });

  it('falls back to the euro for a currency without a rate (spec §4: a chosen currency may have none)', () => {
    expect(giftCardCurrency(rates, 'XPF')).toBe('EUR');
    expect(giftCardOffer(rates, 'XPF').currency).toBe('EUR');
    expect(giftCardOffer({ base: 'EUR', date: '', rates: {} }, 'USD')).toEqual({ currency: 'EUR', presets: [100, 250, 500, 1000], min: 50, max: 5000 });
  });

  it('accepts whole amounts within the bounds only', () => {
    const offer = giftCardOffer(rates, 'EUR');
    expect(isGiftCardAmount(50, offer)).toBe(true);
    expect(isGiftCardAmount(5000, offer)).toBe(true);
    expect(isGiftCardAmount(49, offer)).toBe(false);
    expect(isGiftCardAmount(5001, offer)).toBe(false);
    expect(isGiftCardAmount(99.5, offer)).toBe(false);
  });

  it('stores whole units as minor units of the currency', () => {
    expect(giftCardMoney(250, 'EUR')).toEqual({ amountMinor: 25000, currency: 'EUR' });
    expect(giftCardMoney(50000, 'JPY')).toEqual({ amountMinor: 50000, currency: 'JPY' });
  });
});

describe('typed amounts', () => {
  it.each([
    ['250', 250],
    ['1 000', 1000],
    ['1\u202f000', 1000],
    ["1'000", 1000],
    ['10,000,000', 10_000_000],
    ['250,00', 250],
  ])('%j → %i', (text, units) => expect(parseWholeAmount(text)).toBe(units));

  it.each(['', ' ', '0', '-5', '2.5', '1,5', '12 34', '€100', '1e3', '0x10', '10000000000000'])('%j is not a whole amount', (text) => expect(parseWholeAmount(text)).toBeNull());
});
