import { minorUnitDigits, type Money } from '../money/currency';
import { multiply, parseDecimal, ratio, type Ratio } from '../money/decimal';
import { hasRate, RATES_BASE, type ExchangeRates } from '../money/rates';

/** The gift card amounts offered, in whole euros; other currencies get the pleasant figure nearest to each. */
export const GIFT_CARD_PRESETS_EUR = [100, 250, 500, 1000] as const;
/** The smallest and largest amount a buyer may type, in whole euros (converted the same way). */
export const GIFT_CARD_LIMITS_EUR = { min: 50, max: 5000 } as const;
/** How long a gift card can be used, from the day it is sent. */
export const GIFT_CARD_VALIDITY_MONTHS = 18;

/** What the gift cards page offers a visitor: whole units of one currency. */
export type GiftCardOffer = { currency: string; presets: number[]; min: number; max: number };

// gift_card_requests.amount_minor is a PostgreSQL integer.
const MAX_STORED_MINOR = 2_147_483_647n;
// Figures people give: 10, 12, 15, 20, 25… times a power of ten.
const PLEASANT_MANTISSAS = [10n, 12n, 15n, 20n, 25n, 30n, 40n, 50n, 60n, 75n, 80n, 100n];

/** The pleasant figures around `value` (≥ 10): the largest at most it and the smallest at least it. */
function pleasantNeighbours(value: Ratio): { below: bigint; above: bigint } {
  const whole = value.num / value.den;
  const scale = 10n ** BigInt(Math.max(whole.toString().length - 2, 0));
  const candidates = PLEASANT_MANTISSAS.map((mantissa) => mantissa * scale);
  const atMost = (candidate: bigint) => candidate * value.den <= value.num;
  const below = candidates.filter(atMost).at(-1) ?? candidates[0]!;
  const above = candidates.find((candidate) => candidate * value.den >= value.num) ?? candidates.at(-1)!;
  return { below, above };
}

/**
 * The pleasant figure nearest to an amount of whole units (108.3 → 100, 212.5 → 200, 9000 →
 * 10000): the nearer of its two pleasant neighbours by ratio (value² against their product), exact.
 */
export function pleasantAmount(value: Ratio): number {
  if (value.num < 10n * value.den) return Math.max(1, Number((value.num + value.den / 2n) / value.den));
  const { below, above } = pleasantNeighbours(value);
  return Number(value.num * value.num <= below * above * value.den * value.den ? below : above);
}

/**
 * The currency a gift card is sold in: the visitor's when it has a rate (spec §4), else the euro,
 * the currency the amounts are set in.
 */
export function giftCardCurrency(rates: ExchangeRates, visitorCurrency: string): string {
  return hasRate(rates, visitorCurrency) ? visitorCurrency : RATES_BASE;
}

/**
 * The gift card amounts in the visitor's currency: each euro amount converted at the reference
 * rate and rounded to a pleasant figure (€250 → US$250, £200, ¥40,000), the bounds of a custom
 * amount the same way, and never more than the database can store.
 */
export function giftCardOffer(rates: ExchangeRates, visitorCurrency: string): GiftCardOffer {
  const currency = giftCardCurrency(rates, visitorCurrency);
  const rate = currency === RATES_BASE ? ratio(1n) : parseDecimal(rates.rates[currency]!);
  const convert = (euros: number) => (rate ? pleasantAmount(multiply(ratio(BigInt(euros)), rate)) : euros);
  const storable = MAX_STORED_MINOR / 10n ** BigInt(minorUnitDigits(currency));
  const max = Math.min(convert(GIFT_CARD_LIMITS_EUR.max), Number(storable < 10n ? storable : pleasantNeighbours(ratio(storable)).below));
  const presets = [...new Set(GIFT_CARD_PRESETS_EUR.map(convert))].filter((amount) => amount <= max);
  return { currency, presets, min: Math.min(convert(GIFT_CARD_LIMITS_EUR.min), max), max };
}

/** A whole amount a buyer may ask for: one of the offer's, or a whole number within its bounds. */
export function isGiftCardAmount(units: number, offer: GiftCardOffer): boolean {
  return Number.isSafeInteger(units) && units >= offer.min && units <= offer.max;
}

/** Whole units of a currency as money (minor units). */
export function giftCardMoney(units: number, currency: string): Money {
  return { amountMinor: units * 10 ** minorUnitDigits(currency), currency };
}

/**
 * An amount as a buyer types it, in whole units: digits, optionally grouped by thousands with a
 * space, comma, dot or apostrophe, optionally followed by zero cents ("1 500", "1,500", "250.00").
 * Null for anything else (a fraction, a negative, letters).
 */
export function parseWholeAmount(text: string): number | null {
  const amount = text.trim().replace(/[.,]0{1,2}$/, '');
  if (!/^\d{1,12}$/.test(amount) && !/^\d{1,3}(?:[\s.,'’]\d{3})+$/.test(amount)) return null;
  const value = Number(amount.replace(/\D/g, ''));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
