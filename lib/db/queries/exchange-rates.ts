import 'server-only';
import type { ExchangeRates } from '../../money/rates';
import { getDb } from '../client';
import type { Database } from '../database';
import { readExchangeRates } from '../exchange-rates';

/** The current euro reference rates, or null when none are stored. */
export async function getExchangeRates(db: Database = getDb()): Promise<ExchangeRates | null> {
  return readExchangeRates(db);
}
