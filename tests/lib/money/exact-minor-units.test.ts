import { describe, expect, it } from 'vitest';
import { exactMinorUnits } from '@/lib/money/currency';

describe('exactMinorUnits', () => {
  it('turns amounts with the currency\'s decimals into minor units, binary fractions included', () => {
    expect(exactMinorUnits(800, 'EUR')).toBe(80000);
    expect(exactMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
    expect(exactMinorUnits(123456.78, 'EUR')).toBe(12345678);
    expect(exactMinorUnits(1000, 'JPY')).toBe(1000);
    expect(exactMinorUnits(1.234, 'KWD')).toBe(1234);
  });

  it('refuses amounts finer than the currency\'s minor unit', () => {
    expect(exactMinorUnits(10.005, 'EUR')).toBeNull();
    expect(exactMinorUnits(0.001, 'USD')).toBeNull();
    expect(exactMinorUnits(1000.5, 'JPY')).toBeNull();
    expect(exactMinorUnits(Number.MAX_VALUE, 'EUR')).toBeNull();
  });
});
