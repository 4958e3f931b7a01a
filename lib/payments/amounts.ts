import { minorUnitDigits, type Money } from '../money/currency';
import { DEPOSIT_PERCENT, splitDeposit } from '../money/pricing';

/**
 * Stripe's own minor-unit rules (docs.stripe.com/currencies). Our money is integer minor units of
 * ISO 4217 as Intl knows it; Stripe's API sometimes counts a currency differently:
 * - zero-decimal currencies: the amount is in whole units;
 * - ISK and HUF stay two-decimal in Stripe's API for backwards compatibility (ISK in whole krónur
 *   only, i.e. a multiple of 100), where ISO and Intl give them no decimals;
 * - three-decimal currencies: the last digit must be 0 (amounts rounded to the nearest ten).
 */
export const STRIPE_ZERO_DECIMAL = ['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'] as const;
export const STRIPE_THREE_DECIMAL = ['BHD', 'JOD', 'KWD', 'OMR', 'TND'] as const;
/** Two-decimal in Stripe's API whatever ISO says; ISK charges in whole units only. */
const STRIPE_TWO_DECIMAL_COMPAT = ['ISK', 'HUF'] as const;
/** Stripe amounts of these must be a multiple of this (in Stripe's units). */
const STRIPE_MULTIPLE: Record<string, number> = { ISK: 100, BHD: 10, JOD: 10, KWD: 10, OMR: 10, TND: 10 };

const includes = (list: readonly string[], code: string) => list.includes(code);

/** How many decimals Stripe's API counts for `currency` (ISO code, any case). */
export function stripeDigits(currency: string): number {
  const code = currency.toUpperCase();
  if (includes(STRIPE_ZERO_DECIMAL, code)) return 0;
  if (includes(STRIPE_THREE_DECIMAL, code)) return 3;
  if (includes(STRIPE_TWO_DECIMAL_COMPAT, code)) return 2;
  return minorUnitDigits(code);
}

/**
 * The smallest step, in our minor units of `currency`, that Stripe accepts as a charge: 1 for most
 * currencies, 10 for the three-decimal ones (last digit 0), more when Stripe counts fewer decimals
 * than ISO does.
 */
export function stripeStep(currency: string): number {
  const code = currency.toUpperCase();
  const ours = minorUnitDigits(code);
  const theirs = stripeDigits(code);
  const multiple = STRIPE_MULTIPLE[code] ?? 1;
  if (theirs >= ours) return Math.max(1, multiple / 10 ** (theirs - ours));
  return 10 ** (ours - theirs) * multiple;
}

/** Whether Stripe can charge exactly this amount (a positive whole number of steps). */
export function isChargeable(money: Money): boolean {
  return Number.isSafeInteger(money.amountMinor) && money.amountMinor > 0 && money.amountMinor % stripeStep(money.currency) === 0;
}

/** An amount as Stripe's API takes it: integer in Stripe's units, lower-case ISO code. */
export type StripeAmount = { amount: number; currency: string };

/**
 * Our integer minor units to Stripe's (`amount`, `currency`), exactly, or a RangeError when Stripe
 * cannot charge that amount (not a whole step: never rounded silently).
 */
export function toStripeAmount(money: Money): StripeAmount {
  if (!isChargeable(money)) throw new RangeError(`Stripe cannot charge ${money.amountMinor} minor units of ${money.currency}`);
  const code = money.currency.toUpperCase();
  const shift = stripeDigits(code) - minorUnitDigits(code);
  const amount = shift >= 0 ? money.amountMinor * 10 ** shift : money.amountMinor / 10 ** -shift;
  return { amount, currency: code.toLowerCase() };
}

/** Stripe's amount back to our integer minor units (what a webhook or a refund reports). */
export function fromStripeAmount(stripe: StripeAmount): Money {
  const code = stripe.currency.toUpperCase();
  const shift = stripeDigits(code) - minorUnitDigits(code);
  const amountMinor = shift >= 0 ? stripe.amount / 10 ** shift : stripe.amount * 10 ** -shift;
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`${stripe.amount} ${stripe.currency} is not a whole number of ${code} minor units`);
  return { amountMinor, currency: code };
}

/** The two payments of a booking, each one Stripe can charge, adding up to the total to the minor unit. */
export type PaymentSplit = { total: Money; deposit: Money; remainder: Money };

/**
 * spec §9 "Deposit 30%, remainder 70%" as charged: the split of lib/money/pricing.ts, with the
 * deposit rounded half up to Stripe's step where the currency has one (three-decimal currencies),
 * so both payments are chargeable and add up exactly to the total. Null when Stripe cannot charge
 * the total itself (not a whole step) or a part of it would be zero.
 */
export function paymentSplit(total: Money): PaymentSplit | null {
  if (!isChargeable(total)) return null;
  const step = stripeStep(total.currency);
  let split: { deposit: Money; remainder: Money };
  if (step === 1) split = splitDeposit(total);
  else {
    // Half up on whole steps: (steps × 30 + 50) / 100, in integers.
    const deposit = Math.floor(((total.amountMinor / step) * DEPOSIT_PERCENT + 50) / 100) * step;
    split = { deposit: { amountMinor: deposit, currency: total.currency }, remainder: { amountMinor: total.amountMinor - deposit, currency: total.currency } };
  }
  // A total of a step or two has no chargeable 30 %: nothing to split.
  if (!isChargeable(split.deposit) || !isChargeable(split.remainder)) return null;
  return { total, ...split };
}
