import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { getRecentExchangeRates } from '../db/queries/exchange-rates';
import { env } from '../env';
import type { ConversionSettings } from '../money/pricing';
import { cachedPageContext } from './cached-page';
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
 * The visitor's currency and the rates to show prices in it, once per request (the header's picker
 * and the page share it). A page cached whole has it from its path (./cached-page.ts); any other
 * reads the proxy's request header (so it renders per request, never at build time) before the database.
 */
export const getPricingContext = cache(async (): Promise<PricingContext> => {
  const requested = cachedPageContext()?.currency ?? decodeVisitorCurrency((await headers()).get(VISITOR_CURRENCY_HEADER));
  const rates = await getRecentExchangeRates().catch(() => null);
  const supported = rates ? supportedCurrencies(rates) : [];
  const currency = visitorCurrency(requested, supported);
  return {
    currency,
    supported,
    ratesDate: rates?.date ?? null,
    conversion: { rates: rates ?? NO_RATES, target: currency.code, crossCurrencyFactor: env.CROSS_CURRENCY_FACTOR },
  };
});
