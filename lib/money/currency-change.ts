import { minorUnitDigits } from './currency';
import { multiply, ratio, roundHalfUp } from './decimal';
import { convertMinorUnits, roundUpToWholeUnits } from './pricing';
import type { ExchangeRates } from './rates';

/**
 * What a guide chooses when a trip with prices changes currency: `convert` its amounts at today's
 * rates, or `keep` the numbers they read (900 € becomes 900 CHF).
 */
export const currencyChanges = ['convert', 'keep'] as const;
export type CurrencyChange = (typeof currencyChanges)[number];

/**
 * One trip amount (minor units of `from`) in `to`, as the guide chose: converted through the euro
 * rates without the cross-currency factor (it is the guide's own price) and rounded up to whole
 * units, as converted prices are (spec §9); or the same number, rescaled to `to`'s minor units.
 * Never below one minor unit. Throws RangeError when converting without a rate for either currency.
 */
export function restateAmount(amountMinor: number, from: string, to: string, change: CurrencyChange, rates: ExchangeRates | null): number {
  if (from === to) return amountMinor;
  const exact = ratio(BigInt(amountMinor));
  if (change === 'convert') {
    if (!rates) throw new RangeError('No exchange rates');
    return Math.max(1, roundUpToWholeUnits(convertMinorUnits(exact, from, to, rates, '1'), to));
  }
  const scale = ratio(10n ** BigInt(minorUnitDigits(to)), 10n ** BigInt(minorUnitDigits(from)));
  return Math.max(1, Number(roundHalfUp(multiply(exact, scale))));
}
