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

/**
 * Stripe's minimum charge per currency (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts),
 * in hundredths of the currency's major unit (USD 0.50 → 50, JPY 50 → 5000). Stripe refuses a Checkout
 * Session or a PaymentIntent below it. Currencies not listed are checked by Stripe against the
 * account's settlement currency after conversion: not modelled here (see decision 0090).
 */
const STRIPE_MINIMUM_HUNDREDTHS: Record<string, number> = {
  USD: 50, AED: 200, AUD: 50, BGN: 100, BRL: 50, CAD: 50, CHF: 50, CZK: 1500, DKK: 250, EUR: 50, GBP: 30, HKD: 400,
  HUF: 17500, INR: 50, JPY: 5000, MXN: 1000, MYR: 200, NOK: 300, NZD: 50, PLN: 200, RON: 200, SEK: 300, SGD: 50, THB: 1000,
};

/** Stripe's minimum charge in our minor units of `currency`, or null when Stripe's table has none for it. */
export function stripeMinimum(currency: string): number | null {
  const code = currency.toUpperCase();
  const hundredths = STRIPE_MINIMUM_HUNDREDTHS[code];
  if (hundredths === undefined) return null;
  const digits = minorUnitDigits(code);
  return digits >= 2 ? hundredths * 10 ** (digits - 2) : Math.ceil(hundredths / 10 ** (2 - digits));
}

/** Whether Stripe would take this amount as one charge: a whole step, and at least its minimum. */
export function isStripeChargeable(money: Money): boolean {
  return isChargeable(money) && money.amountMinor >= (stripeMinimum(money.currency) ?? 0);
}

/**
 * The payments of a booking, each one Stripe can charge, adding up to the total to the minor unit.
 * `remainder` is zero when the whole price is charged at once (the 30 % would be below Stripe's minimum).
 */
export type PaymentSplit = { total: Money; deposit: Money; remainder: Money };

/** Whether the booking is paid in one payment (no remainder to charge later). */
export const paidAtOnce = (split: PaymentSplit): boolean => split.remainder.amountMinor === 0;

/**
 * spec §9 "Deposit 30%, remainder 70%" as charged: the split of lib/money/pricing.ts, with the
 * deposit rounded half up to Stripe's step where the currency has one (three-decimal currencies),
 * so both payments are chargeable and add up exactly to the total. When either part would be below
 * Stripe's minimum charge (or not a whole step), the whole price is one payment, charged now (the
 * terms say so before payment). Null when Stripe cannot charge the total itself: the guide then
 * arranges payment.
 */
export function paymentSplit(total: Money): PaymentSplit | null {
  if (!isStripeChargeable(total)) return null;
  const step = stripeStep(total.currency);
  let split: { deposit: Money; remainder: Money };
  if (step === 1) split = splitDeposit(total);
  else {
    // Half up on whole steps: (steps × 30 + 50) / 100, in integers.
    const deposit = Math.floor(((total.amountMinor / step) * DEPOSIT_PERCENT + 50) / 100) * step;
    split = { deposit: { amountMinor: deposit, currency: total.currency }, remainder: { amountMinor: total.amountMinor - deposit, currency: total.currency } };
  }
  if (!isStripeChargeable(split.deposit) || !isStripeChargeable(split.remainder)) return { total, deposit: total, remainder: { amountMinor: 0, currency: total.currency } };
  return { total, ...split };
}
