import { describe, expect, it } from 'vitest';
import { restateAmount } from '@/lib/money/currency-change';
import type { ExchangeRates } from '@/lib/money/rates';

const rates: ExchangeRates = { base: 'EUR', date: '2026-11-27', rates: { CHF: '0.9400', JPY: '160.50', USD: '1.0500' } };

describe('a trip amount when its currency changes', () => {
  it.each([
    // amount (minor of from), from, to, choice, expected (minor of to)
    [90_000, 'EUR', 'CHF', 'keep', 90_000],
    [90_000, 'EUR', 'JPY', 'keep', 900],
    [90_050, 'EUR', 'JPY', 'keep', 901],
    [900, 'JPY', 'EUR', 'keep', 90_000],
    [90_000, 'EUR', 'CHF', 'convert', 84_600],
    [90_000, 'EUR', 'JPY', 'convert', 144_450],
    [90_000, 'CHF', 'USD', 'convert', 100_600],
    [1, 'JPY', 'EUR', 'convert', 100],
    [50_000, 'USD', 'USD', 'convert', 50_000],
  ] as const)('%i %s → %s (%s) is %i', (amount, from, to, change, expected) => {
    expect(restateAmount(amount, from, to, change, rates)).toBe(expected);
  });

  it('refuses to convert without rates, and keeps the numbers without them', () => {
    expect(() => restateAmount(100, 'EUR', 'CHF', 'convert', null)).toThrow(RangeError);
    expect(restateAmount(100, 'EUR', 'CHF', 'keep', null)).toBe(100);
  });
});
