import type { PricingMode } from '../catalogue/vocabulary';
import { minorUnitDigits, type Money } from './currency';
import { ceil, divide, multiply, parseDecimal, ratio, roundHalfUp, type Ratio } from './decimal';
import { hasRate, RATES_BASE, type ExchangeRates } from './rates';

/** spec §9: "Customer fee 5 percent". */
export const CUSTOMER_FEE_PERCENT = 5;
/** spec §9: "A price multiplier constant of 1.02 exists"; the default cross-currency factor. */
export const PRICE_MULTIPLIER = '1.02';
/** spec §9: "Deposit 30%, remainder 70%". */
export const DEPOSIT_PERCENT = 30;

/** spec §3 price entry: the price per person for a group of `people` travellers. */
export type PriceEntry = { people: number; amountMinor: number };

/** What a price needs to be shown in another currency. */
export type ConversionSettings = {
  rates: ExchangeRates;
  /** The visitor's currency. */
  target: string;
  /** spec §9 cross-currency factor, as decimal text (default {@link PRICE_MULTIPLIER}). */
  crossCurrencyFactor: string;
};

/** A price in the currency it is shown in, and where it came from. */
export type DisplayedPrice = {
  money: Money;
  /** The trip's own currency when the price was converted from it, else null. */
  convertedFrom: string | null;
  /** The day of the rates used for the conversion, else null. */
  rateDate: string | null;
};

const exact = (amountMinor: number) => ratio(BigInt(amountMinor));

/**
 * spec §3/§9: the price entry for exactly `travellers` people, or null when the guide has not
 * priced that group size (spec §8: 'Pricing is not updated for this number of travelers…').
 */
export function priceEntryFor(entries: readonly PriceEntry[], travellers: number): PriceEntry | null {
  return entries.find((entry) => entry.people === travellers) ?? null;
}

/**
 * spec §3: the base price per person, in the trip's currency, for `travellers` people and `days`
 * days: the entry's price times the days when priced per day, the entry's price when per trip.
 * Null when no entry exists for that many travellers (spec §8 no pricing).
 */
export function basePricePerPerson(entries: readonly PriceEntry[], mode: PricingMode, travellers: number, days: number): number | null {
  const entry = priceEntryFor(entries, travellers);
  if (!entry) return null;
  return mode === 'per_person_per_day' ? entry.amountMinor * days : entry.amountMinor;
}

/**
 * spec §9: "Customer fee 5 percent, removed from a base price before conversion when the fee
 * flag applies": the amount less 5 % of it. Exact; rounding happens once, at the end.
 */
export function removeCustomerFee(amount: Ratio, feeApplies: boolean): Ratio {
  return feeApplies ? multiply(amount, ratio(BigInt(100 - CUSTOMER_FEE_PERCENT), 100n)) : amount;
}

/** spec §9: "a discount is (100 minus percent)/100". */
export function applyDiscount(amount: Ratio, discountPercent: number): Ratio {
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 100) throw new RangeError(`Invalid discount ${discountPercent}`);
  return multiply(amount, ratio(BigInt(100 - discountPercent), 100n));
}

/** Units of `currency` for one euro (1 for the euro itself). */
function euroRate(rates: ExchangeRates, currency: string): Ratio {
  if (currency === RATES_BASE) return ratio(1n);
  const text = rates.rates[currency];
  const value = text === undefined ? null : parseDecimal(text);
  if (!value) throw new RangeError(`No rate for ${currency}`);
  return value;
}

/**
 * spec §9 conversion: an amount in minor units of `from` to minor units of `to`, through the euro
 * rates (from → EUR → to), times the cross-currency factor because the currencies differ. Exact.
 */
export function convertMinorUnits(amount: Ratio, from: string, to: string, rates: ExchangeRates, crossCurrencyFactor: string): Ratio {
  if (from === to) return amount;
  const factor = parseDecimal(crossCurrencyFactor);
  if (!factor || factor.num <= 0n) throw new RangeError(`Invalid cross-currency factor ${crossCurrencyFactor}`);
  const digits = ratio(10n ** BigInt(minorUnitDigits(to)), 10n ** BigInt(minorUnitDigits(from)));
  const inEuros = divide(amount, euroRate(rates, from));
  return multiply(multiply(multiply(inEuros, euroRate(rates, to)), digits), factor);
}

/** spec §9: "Converted prices are rounded up": to whole units of the display currency, in minor units. */
export function roundUpToWholeUnits(amount: Ratio, currency: string): number {
  const unit = 10n ** BigInt(minorUnitDigits(currency));
  return Number(ceil(divide(amount, ratio(unit))) * unit);
}

/**
 * spec §4/§9: a trip amount (minor units of the trip's currency) as the visitor sees it: customer
 * fee removed when the flag applies, the trip's discount applied, converted to the visitor's
 * currency and rounded up to whole units. When either currency has no rate, the trip's own
 * currency is shown (spec §4: "If the chosen currency has no rate, the trip's original currency is shown").
 */
export function displayPrice(
  amount: Money,
  rules: { customerFee: boolean; discountPercent: number },
  settings: ConversionSettings,
): DisplayedPrice {
  const net = applyDiscount(removeCustomerFee(exact(amount.amountMinor), rules.customerFee), rules.discountPercent);
  const { rates, target } = settings;
  const convertible = target !== amount.currency && hasRate(rates, target) && hasRate(rates, amount.currency);
  const currency = convertible ? target : amount.currency;
  const value = convertible ? convertMinorUnits(net, amount.currency, target, rates, settings.crossCurrencyFactor) : net;
  return {
    money: { amountMinor: roundUpToWholeUnits(value, currency), currency },
    convertedFrom: convertible ? amount.currency : null,
    rateDate: convertible ? rates.date : null,
  };
}

/** A money amount times a whole count (per-person price × travellers). */
export function times(money: Money, count: number): Money {
  return { amountMinor: money.amountMinor * count, currency: money.currency };
}

/**
 * spec §9: "Deposit 30%, remainder 70%": the deposit is 30 % of the total rounded to the nearest
 * minor unit, the remainder is the rest, so the two always add up exactly to the total.
 */
export function splitDeposit(total: Money): { deposit: Money; remainder: Money } {
  const deposit = Number(roundHalfUp(ratio(BigInt(total.amountMinor) * BigInt(DEPOSIT_PERCENT), 100n)));
  return {
    deposit: { amountMinor: deposit, currency: total.currency },
    remainder: { amountMinor: total.amountMinor - deposit, currency: total.currency },
  };
}

/** A trip's price for a group, as the visitor sees it (spec §9), or null without a price entry for that size. */
export type TripQuote = {
  travellers: number;
  perPerson: DisplayedPrice;
  total: Money;
  deposit: Money;
  remainder: Money;
};

/**
 * spec §9 for the trip page and cards: the price per person for `travellers` people over `days`
 * days, shown in the visitor's currency, the total for the group, and its 30 % deposit and 70 %
 * remainder. Null when the guide has no price for that group size (spec §8 no pricing).
 */
export function quoteTrip(
  trip: { pricingMode: PricingMode; currency: string; customerFee: boolean; discountPercent: number },
  entries: readonly PriceEntry[],
  travellers: number,
  days: number,
  settings: ConversionSettings,
): TripQuote | null {
  const base = basePricePerPerson(entries, trip.pricingMode, travellers, days);
  if (base === null) return null;
  const perPerson = displayPrice({ amountMinor: base, currency: trip.currency }, trip, settings);
  const total = times(perPerson.money, travellers);
  return { travellers, perPerson, total, ...splitDeposit(total) };
}
