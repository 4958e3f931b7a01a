// `npm run rates:refresh`: downloads the ECB daily reference rates from RATES_URL (or --url) and
// stores them; on any failure the previous rates stay and the command exits with status 1.
import { parseArgs } from 'node:util';
import { refreshExchangeRates } from '../lib/db/exchange-rates';
import { runWithDatabase } from './database';

const { values } = parseArgs({ options: { url: { type: 'string' }, timeout: { type: 'string' } } });
const url = values.url ?? process.env.RATES_URL;
if (!url) {
  console.error('No rates feed: set RATES_URL or pass --url <eurofxref-daily.xml URL>.');
  process.exit(2);
}
const timeoutMs = Number(values.timeout ?? process.env.RATES_TIMEOUT_MS ?? 10_000);

runWithDatabase(async (db) => {
  const result = await refreshExchangeRates(db, url, { timeoutMs });
  if (!result.ok) {
    console.error(`Rates not refreshed (previous rates kept): ${result.error}`);
    process.exitCode = 1;
  } else if (result.status === 'stored') console.log(`Stored ${result.currencies} euro reference rates of ${result.date}.`);
  else if (result.status === 'unchanged') console.log(`Rates of ${result.date} are already stored.`);
  else console.log(`The feed's rates of ${result.date} are older than the stored ones; kept the stored rates.`);
});
