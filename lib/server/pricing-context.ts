import 'server-only';
import { headers } from 'next/headers';
import { getExchangeRates } from '../db/queries/exchange-rates';
import { env } from '../env';
import type { Money } from '../money/currency';
import { displayPrice, type ConversionSettings, type DisplayedPrice } from '../money/pricing';
import { RATES_BASE, supportedCurrencies, type ExchangeRates } from '../money/rates';
import { decodeVisitorCurrency, visitorCurrency, VISITOR_CURRENCY_HEADER, type VisitorCurrency } from '../money/visitor-currency';


export type PricingContext = {
  /** The visitor's currency (spec §4/§8) and where it came from. */
  currency: VisitorCurrency;
  /** Every currency that has a rate (the currency picker's choices). */
  supported: string[];
  /** The day of the rates, or null when none are stored. */
  ratesDate: string | null;
  conversion: ConversionSettings;
};

const NO_RATES: ExchangeRates = { base: RATES_BASE, date: '', rates: {} };

/**
 * The visitor's currency and the rates to show prices in it. Reads the request (so the page renders
 * per request, never at build time) before it reads the database.
 */
export async function getPricingContext(): Promise<PricingContext> {
  const requested = decodeVisitorCurrency((await headers()).get(VISITOR_CURRENCY_HEADER));
  const rates = await getExchangeRates().catch(() => null);
  const supported = rates ? supportedCurrencies(rates) : [];
  const currency = visitorCurrency(requested, supported);
  return {
    currency,
    supported,
    ratesDate: rates?.date ?? null,
    conversion: { rates: rates ?? NO_RATES, target: currency.code, crossCurrencyFactor: env.CROSS_CURRENCY_FACTOR },
  };
}

/** A trip amount in the visitor's currency (spec §9 rules in lib/money/pricing). */
export function priceForVisitor(context: PricingContext, amount: Money, rules: { customerFee: boolean; discountPercent: number }): DisplayedPrice {
  return displayPrice(amount, rules, context.conversion);
}
