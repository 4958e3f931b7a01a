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
 * Which price entry prices a group size, and how (decision 0110):
 * - `entry`: the guide priced exactly this size;
 * - `smaller`: a size between two entries, or above the largest, pays the per-person price of the
 *   largest smaller group the guide priced (a smaller group never pays less per person than the guide asked);
 * - `private`: a size below the smallest entry pays that entry's group total, shared (a private
 *   departure at the guide's minimum revenue).
 */
export type PriceBasis = { kind: 'entry' | 'smaller' | 'private'; entry: PriceEntry };

/** spec §3/§9: how `travellers` people are priced from the guide's entries; null only when there is no entry at all. */
export function priceBasisFor(entries: readonly PriceEntry[], travellers: number): PriceBasis | null {
  const sorted = [...entries].sort((a, b) => a.people - b.people);
  const smallest = sorted[0];
  if (!smallest) return null;
  const below = sorted.filter((entry) => entry.people <= travellers).at(-1);
  if (!below) return { kind: 'private', entry: smallest };
  return { kind: below.people === travellers ? 'entry' : 'smaller', entry: below };
}

/** The group size a price is shown for: the travellers asked for, within the trip's largest group (at least 1). */
export function pricedTravellers(travellers: number, maxGroupSize: number): number {
  return Math.max(1, Math.min(travellers, maxGroupSize));
}

/** spec §3/§9: the price entry for exactly `travellers` people, or null when the guide has not listed that size. */
export function priceEntryFor(entries: readonly PriceEntry[], travellers: number): PriceEntry | null {
  return entries.find((entry) => entry.people === travellers) ?? null;
}

/**
 * spec §3: the base price per person, in minor units of the trip's currency (exact), for
 * `travellers` people and `days` days, by {@link priceBasisFor}: times the days when priced per
 * day. Null only when the trip has no price entry at all (spec §8 no pricing).
 */
export function basePricePerPerson(entries: readonly PriceEntry[], mode: PricingMode, travellers: number, days: number): Ratio | null {
  const basis = priceBasisFor(entries, travellers);
  if (!basis) return null;
  const perPerson = basis.kind === 'private' ? ratio(BigInt(basis.entry.amountMinor * basis.entry.people), BigInt(travellers)) : exact(basis.entry.amountMinor);
  return mode === 'per_person_per_day' ? multiply(perPerson, ratio(BigInt(days))) : perPerson;
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
 * spec §4/§9: a trip amount (minor units of the trip's currency, exact) as the visitor sees it: customer
 * fee removed when the flag applies, the trip's discount applied, converted to the visitor's
 * currency and rounded up to whole units. When either currency has no rate, the trip's own
 * currency is shown (spec §4: "If the chosen currency has no rate, the trip's original currency is shown").
 */
export function displayPrice(
  amount: Money | { exact: Ratio; currency: string },
  rules: { customerFee: boolean; discountPercent: number },
  settings: ConversionSettings,
): DisplayedPrice {
  const base = 'exact' in amount ? amount.exact : exact(amount.amountMinor);
  const net = applyDiscount(removeCustomerFee(base, rules.customerFee), rules.discountPercent);
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

/**
 * spec §9: a trip amount as travellers pay it in the trip's own currency: the customer fee removed
 * when the flag applies, the discount applied, rounded up to whole units (what the page shows
 * before any conversion).
 */
export function travellerPrice(amount: Money, rules: { customerFee: boolean; discountPercent: number }): Money {
  return { amountMinor: roundUpToWholeUnits(applyDiscount(removeCustomerFee(exact(amount.amountMinor), rules.customerFee), rules.discountPercent), amount.currency), currency: amount.currency };
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

/** A trip's price for a group, as the visitor sees it (spec §9). */
export type TripQuote = GroupQuote & {
  perPerson: DisplayedPrice;
  /** The per-person price without the trip's discount. */
  listPerPerson: Money;
  /** Which price entry priced the group and how (decision 0110). */
  basis: PriceBasis;
};

/** The amounts of a request for a group: per person, total, 30 % deposit, 70 % remainder, and the discount when any. */
export type GroupQuote = {
  travellers: number;
  perPerson: { money: Money };
  total: Money;
  deposit: Money;
  remainder: Money;
  /** spec §9 discount: its percent and what it takes off the group's total; null without one. */
  discount: { percent: number; amount: Money } | null;
};

/**
 * spec §9: a group's amounts from the per-person price shown (discount applied) and the same price
 * without the discount. The one computation the server stores and the booking drawer shows.
 */
export function groupQuote(perPerson: Money, listPerPerson: Money, travellers: number, discountPercent: number): GroupQuote {
  const total = times(perPerson, travellers);
  const saved = times(listPerPerson, travellers).amountMinor - total.amountMinor;
  return {
    travellers,
    perPerson: { money: perPerson },
    total,
    ...splitDeposit(total),
    discount: discountPercent > 0 && saved > 0 ? { percent: discountPercent, amount: { amountMinor: saved, currency: total.currency } } : null,
  };
}

/** The same per-person prices (and discount) for `travellers` people: an open group's price for the group asked. */
export function requote(quote: GroupQuote, travellers: number): GroupQuote {
  const saved = quote.discount ? quote.discount.amount.amountMinor / quote.travellers : 0;
  const list = { amountMinor: quote.perPerson.money.amountMinor + saved, currency: quote.total.currency };
  return groupQuote(quote.perPerson.money, list, travellers, quote.discount?.percent ?? 0);
}

type QuotedTrip = { pricingMode: PricingMode; currency: string; customerFee: boolean; discountPercent: number };

/**
 * spec §9 for the trip page, cards and requests: the price per person for `travellers` people over
 * `days` days (rule of {@link priceBasisFor}), shown in the visitor's currency, the total for the
 * group, its 30 % deposit, 70 % remainder and discount. Null only when the trip has no price entry.
 */
export function quoteTrip(trip: QuotedTrip, entries: readonly PriceEntry[], travellers: number, days: number, settings: ConversionSettings): TripQuote | null {
  const basis = priceBasisFor(entries, travellers);
  const base = basePricePerPerson(entries, trip.pricingMode, travellers, days);
  if (!basis || !base) return null;
  const amount = { exact: base, currency: trip.currency };
  const perPerson = displayPrice(amount, trip, settings);
  const list = trip.discountPercent > 0 ? displayPrice(amount, { ...trip, discountPercent: 0 }, settings).money : perPerson.money;
  return { ...groupQuote(perPerson.money, list, travellers, trip.discountPercent), perPerson, listPerPerson: list, basis };
}

/** An open group's price for `travellers` people: its price per person, with the trip's fee and discount rules. */
export function quoteOpenGroup(price: Money, trip: { customerFee: boolean; discountPercent: number }, travellers: number, settings: ConversionSettings): GroupQuote {
  const perPerson = displayPrice(price, trip, settings).money;
  const list = trip.discountPercent > 0 ? displayPrice(price, { ...trip, discountPercent: 0 }, settings).money : perPerson;
  return groupQuote(perPerson, list, travellers, trip.discountPercent);
}

/**
 * The booking drawer's prices, computed on the server: the per-person price (and the same without
 * discount) for every group size the trip takes and, when priced per day, every number of days.
 * The drawer turns one into a {@link GroupQuote} with {@link quoteFromTable}, as the server does.
 */
export type PriceTable = {
  currency: string;
  discountPercent: number;
  /** The first day count of the columns; null when priced per trip (one column). */
  minDays: number | null;
  /** [travellers − 1][days − minDays]: [per person, per person without discount], minor units. */
  perPerson: [number, number][][];
};

export function priceTable(trip: QuotedTrip & { minDays: number; durationDays: number; maxGroupSize: number }, entries: readonly PriceEntry[], settings: ConversionSettings): PriceTable | null {
  const perDay = trip.pricingMode === 'per_person_per_day';
  const dayCounts = perDay ? Array.from({ length: trip.durationDays - trip.minDays + 1 }, (_, index) => trip.minDays + index) : [trip.durationDays];
  const first = quoteTrip(trip, entries, 1, trip.durationDays, settings);
  if (!first) return null;
  const perPerson = Array.from({ length: trip.maxGroupSize }, (_, index) =>
    dayCounts.map((days): [number, number] => {
      const quote = quoteTrip(trip, entries, index + 1, days, settings)!;
      return [quote.perPerson.money.amountMinor, quote.listPerPerson.amountMinor];
    }),
  );
  return { currency: first.total.currency, discountPercent: trip.discountPercent, minDays: perDay ? trip.minDays : null, perPerson };
}

/** The {@link GroupQuote} of `travellers` people over `days` days from a {@link PriceTable}; null outside the table. */
export function quoteFromTable(table: PriceTable, travellers: number, days: number): GroupQuote | null {
  const row = table.perPerson[travellers - 1];
  const cell = row?.[table.minDays === null ? 0 : days - table.minDays];
  if (!cell) return null;
  const money = (amountMinor: number) => ({ amountMinor, currency: table.currency });
  return groupQuote(money(cell[0]), money(cell[1]), travellers, table.discountPercent);
}
