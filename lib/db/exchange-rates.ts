import { eq, max, sql } from 'drizzle-orm';
import { canonicalDecimal } from '../money/decimal';
import { parseEcbDailyXml } from '../money/ecb-rates';
import { RATES_BASE, type ExchangeRates } from '../money/rates';
import type { Database, DatabaseTransaction } from './database';
import { exchangeRates } from './schema';
import { logger } from '../log';

type Executor = Database | DatabaseTransaction;

export type StoreResult = 'stored' | 'unchanged' | 'older-than-stored';

// Counts the rates stored by this process (shared by Next.js's server bundles through globalThis).
const RATES_VERSION = Symbol.for('cordee.exchangeRatesVersion');
type VersionHolder = { [RATES_VERSION]?: number };

/** How many times this process stored new rates: readers that keep rates in memory compare it. */
export function storedRatesVersion(): number {
  return (globalThis as VersionHolder)[RATES_VERSION] ?? 0;
}

/**
 * Replaces the stored euro rates with `rates` in one transaction, unless the stored ones are as
 * recent or newer (rates never move back in time, and the same day is not rewritten).
 */
export async function storeExchangeRates(db: Executor, rates: ExchangeRates): Promise<StoreResult> {
  return db.transaction(async (tx) => {
    // Serialises concurrent refreshes (several instances) on the same base.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('exchange_rates'))`);
    const [stored] = await tx
      .select({ date: max(exchangeRates.rateDate) })
      .from(exchangeRates)
      .where(eq(exchangeRates.base, rates.base));
    if (stored?.date && stored.date > rates.date) return 'older-than-stored';
    if (stored?.date === rates.date) return 'unchanged';
    await tx.delete(exchangeRates).where(eq(exchangeRates.base, rates.base));
    await tx.insert(exchangeRates).values(
      Object.entries(rates.rates).map(([currency, rate]) => ({ base: rates.base, currency, rate, rateDate: rates.date })),
    );
    return 'stored';
  }).then((result) => {
    if (result === 'stored') (globalThis as VersionHolder)[RATES_VERSION] = storedRatesVersion() + 1;
    return result;
  });
}

/** The stored euro rates (rate text exactly as stored), or null when there are none. */
export async function readExchangeRates(db: Executor): Promise<ExchangeRates | null> {
  const rows = await db
    .select({ currency: exchangeRates.currency, rate: exchangeRates.rate, date: exchangeRates.rateDate })
    .from(exchangeRates)
    .where(eq(exchangeRates.base, RATES_BASE));
  if (rows.length === 0) return null;
  const date = rows.reduce((latest, row) => (row.date > latest ? row.date : latest), rows[0]!.date);
  // numeric(18,8) comes back padded ("1.15830000"): same value, canonical text.
  return { base: RATES_BASE, date, rates: Object.fromEntries(rows.map((row) => [row.currency, canonicalDecimal(row.rate)])) };
}

export type RefreshResult =
  | { ok: true; status: StoreResult; date: string; currencies: number }
  | { ok: false; error: string };

/**
 * Downloads the ECB daily reference-rates XML from `url`, validates it and stores it. Any failure
 * (network, timeout, HTTP status, malformed or incomplete file) keeps the previous rates and is
 * reported in the result, never thrown.
 */
export async function refreshExchangeRates(
  db: Executor,
  url: string,
  options: { timeoutMs: number } = { timeoutMs: 10_000 },
): Promise<RefreshResult> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs), headers: { accept: 'application/xml, text/xml' } });
    if (!response.ok) return { ok: false, error: `HTTP ${response.status} from the rates feed` };
    const body = await response.text();
    const rates = parseEcbDailyXml(body);
    const status = await storeExchangeRates(db, rates);
    return { ok: true, status, date: rates.date, currencies: Object.keys(rates.rates).length };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ok: false, error: message };
  }
}

/**
 * Refreshes the rates from `url` now and then every `intervalMs` (timers do not keep the process
 * alive). Each outcome is logged as one JSON line; failures keep the previous rates.
 */
export function scheduleExchangeRatesRefresh(
  db: Database,
  url: string,
  options: { intervalMs: number; timeoutMs: number },
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const result = await refreshExchangeRates(db, url, { timeoutMs: options.timeoutMs });
      logger()[result.ok ? 'info' : 'warn']({ ...result }, 'exchange rates refresh');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), 0);
  const timer = setInterval(() => void run(), options.intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
