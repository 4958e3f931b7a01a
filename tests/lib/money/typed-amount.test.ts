import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTypedAmount, typedMinorUnits } from '@/lib/money/typed-amount';

describe('readTypedAmount', () => {
  it.each([
    ['en', '1,234.56', '1234.56'],
    ['en', '1234.56', '1234.56'],
    ['en', ' 800 ', '800'],
    ['en', '1,234,567', '1234567'],
    ['fr', '1 234,56', '1234.56'],
    ['fr', '1\u00a0234,56', '1234.56'],
    ['fr', '1\u202f234,56', '1234.56'],
    ['fr', '12\u202f345\u00a0678,9', '12345678.9'],
    ['fr', '800', '800'],
    ['es', '1.234,56', '1234.56'],
    ['es', '1234,56', '1234.56'],
    ['es', '0,5', '0.5'],
    ['en', '007.50', '7.50'],
  ] as const)('%s reads %j as %s', (locale, text, expected) => {
    expect(readTypedAmount(text, locale)).toBe(expected);
  });

  it.each([
    ['en', '0x10'],
    ['en', '1e1'],
    ['en', '1E3'],
    ['en', '-10'],
    ['en', '+10'],
    ['en', 'Infinity'],
    ['en', 'NaN'],
    ['en', '1,234,56'],
    ['en', '12,34.5'],
    ['en', '1 234.56'],
    ['en', '1.234,56'],
    ['en', '.5'],
    ['en', '10.'],
    ['en', ''],
    ['fr', '1,234.56'],
    ['fr', '1.234,56'],
    ['fr', '1 23,5'],
    ['es', '1,234.56'],
    ['es', '1.5'],
    ['es', '1 234,56'],
    ['es', '١٢٣'],
  ] as const)('%s refuses %j', (locale, text) => {
    expect(readTypedAmount(text, locale)).toBeNull();
  });

  it('reads back what Intl writes in each locale, grouping or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), fc.constantFrom('en', 'fr', 'es'), fc.boolean(), (cents, locale, grouping) => {
        const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: grouping }).format(cents / 100);
        const read = readTypedAmount(text, locale as 'en' | 'fr' | 'es');
        expect(read).not.toBeNull();
        expect(typedMinorUnits(read!, 'EUR')).toBe(cents);
      }),
    );
  });
});

describe('typedMinorUnits', () => {
  it('turns a decimal text into minor units of the currency, exactly', () => {
    expect(typedMinorUnits('800', 'EUR')).toBe(80000);
    expect(typedMinorUnits('123456.78', 'EUR')).toBe(12345678);
    expect(typedMinorUnits('0.3', 'EUR')).toBe(30);
    expect(typedMinorUnits('1000', 'JPY')).toBe(1000);
    expect(typedMinorUnits('1.234', 'KWD')).toBe(1234);
  });

  it('refuses more decimals than the currency has, and amounts past a safe integer', () => {
    expect(typedMinorUnits('10.005', 'EUR')).toBeNull();
    expect(typedMinorUnits('10.500', 'EUR')).toBeNull();
    expect(typedMinorUnits('1000.5', 'JPY')).toBeNull();
    expect(typedMinorUnits('99999999999999999999', 'EUR')).toBeNull();
    expect(typedMinorUnits('1e3', 'EUR')).toBeNull();
  });
});
