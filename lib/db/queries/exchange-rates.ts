import 'server-only';
import type { ExchangeRates } from '../../money/rates';
import { getDb } from '../client';
import type { Database } from '../database';
import { readExchangeRates, storedRatesVersion } from '../exchange-rates';

// Rates change once a day: pages read them from memory, at most a minute old (a cached
// page costs no database query); rates this process stores are seen at once.
const RATES_MEMORY_MS = 60_000;
let remembered: { version: number; at: number; rates: Promise<ExchangeRates | null> } | null = null;

/** getExchangeRates for page rendering: from memory when read less than a minute ago and no newer rates were stored here. */
export function getRecentExchangeRates(now: number = Date.now()): Promise<ExchangeRates | null> {
  const version = storedRatesVersion();
  if (!remembered || remembered.version !== version || now - remembered.at > RATES_MEMORY_MS) {
    const rates = getExchangeRates();
    remembered = { version, at: now, rates };
    // A failed read is not remembered.
    rates.catch(() => {
      if (remembered?.rates === rates) remembered = null;
    });
  }
  return remembered.rates;
}

/** The current euro reference rates, or null when none are stored. */
export async function getExchangeRates(db: Database = getDb()): Promise<ExchangeRates | null> {
  return readExchangeRates(db);
}
