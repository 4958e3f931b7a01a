/**
 * Digits of a currency's minor unit (2 for EUR, 0 for JPY), from ISO 4217 as Intl knows it.
 * Money is stored and compared as integer minor units plus an ISO code (conventions §7).
 */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Major units (as written in data files) to integer minor units, rounding half up. */
export function toMinorUnits(amount: number, currency: string): number {
  const factor = 10 ** minorUnitDigits(currency);
  return Math.round(amount * factor);
}
