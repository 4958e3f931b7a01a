import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { getRecentExchangeRates } from '../db/queries/exchange-rates';
import { env } from '../env';
import type { ConversionSettings } from '../money/pricing';
import { RATES_BASE, supportedCurrencies, type ExchangeRates } from '../money/rates';
import { decodeVisitorCurrency, encodeVisitorCurrency, visitorCurrency, VISITOR_CURRENCY_HEADER, type VisitorCurrency } from '../money/visitor-currency';
import type { PageAudience } from './page-audience';

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
 * and the page share it). A page cached whole has the currency of its path (./page-audience.ts); a
 * page drawn for this visitor reads the proxy's request header (so it renders per request, never at
 * build time) before the database.
 */
export function getPricingContext(audience: PageAudience): Promise<PricingContext> {
  return pricingFor(audience.kind === 'shared' ? encodeVisitorCurrency(audience.currency) : null);
}

// Keyed by a string, not the audience object: React's cache compares arguments by identity.
const pricingFor = cache(async (cachedCurrency: string | null): Promise<PricingContext> => {
  const requested = decodeVisitorCurrency(cachedCurrency ?? (await headers()).get(VISITOR_CURRENCY_HEADER));
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
