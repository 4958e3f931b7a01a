/**
 * Exact rational arithmetic on BigInt, so that money never passes through a float
 * (conventions §7): exchange rates are parsed from their decimal text, and every product and
 * quotient stays exact until the single rounding step.
 */
export type Ratio = { readonly num: bigint; readonly den: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/** A normalised ratio (positive denominator, lowest terms). */
export function ratio(num: bigint, den: bigint = 1n): Ratio {
  if (den === 0n) throw new RangeError('Division by zero');
  const sign = den < 0n ? -1n : 1n;
  const divisor = gcd(num, den) || 1n;
  return { num: (sign * num) / divisor, den: (sign * den) / divisor };
}

/** Parses a plain decimal string ("1.0834", "161", "0.5") exactly; null when it is not one. */
export function parseDecimal(text: string): Ratio | null {
  const match = /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const num = BigInt(`${whole}${fraction}`) * (sign === '-' ? -1n : 1n);
  return ratio(num, 10n ** BigInt(fraction.length));
}

export const multiply = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.num, a.den * b.den);
export const divide = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.den, a.den * b.num);

/** The smallest integer not below the ratio. */
export function ceil(value: Ratio): bigint {
  const quotient = value.num / value.den;
  return value.num % value.den === 0n || value.num < 0n ? quotient : quotient + 1n;
}

/** The largest integer not above the ratio. */
export function floor(value: Ratio): bigint {
  return -ceil(ratio(-value.num, value.den));
}

/** The nearest integer, halves rounded up. */
export function roundHalfUp(value: Ratio): bigint {
  return floor(ratio(2n * value.num + value.den, 2n * value.den));
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compare(a: Ratio, b: Ratio): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** A decimal text without insignificant zeros ("147.30" and "147.30000000" → "147.3"), same value. */
export function canonicalDecimal(text: string): string {
  const trimmed = text.trim();
  return trimmed.includes('.') ? trimmed.replace(/0+$/, '').replace(/\.$/, '') : trimmed;
}
