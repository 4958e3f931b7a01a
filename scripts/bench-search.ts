// `npm run bench:search`: the search's database time over the 50,000-trip scale catalogue.
// Uses DATABASE_URL (else the embedded server), grows the catalogue to --trips (default 50,000),
// runs a mix of searches (text, typo, place, radius growth, country, filters, price range and
// sorts) several times each, and prints p50/p95 per kind and overall; then the suggestions as you
// type (/api/suggest's server time) over a mix of word beginnings, typos and words.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { getExchangeRates } from '../lib/db/queries/exchange-rates';
import { searchTrips } from '../lib/db/queries/search';
import { suggestDestinations } from '../lib/db/queries/suggest';
import { activities, type Activity } from '../lib/catalogue/vocabulary';
import en from '../messages/en.json';
import es from '../messages/es.json';
import fr from '../messages/fr.json';
import { loadDemoCatalogue, seedDemoCatalogue } from '../lib/db/seed';
import { growCatalogue } from '../lib/db/seed/scale';
import { isoDayOf } from '../lib/iso-day';
import type { Locale } from '../lib/locales';
import { parseSearchState } from '../lib/search/search-state';
import { runWithDatabase } from './database';

const { values } = parseArgs({ options: { trips: { type: 'string', default: '50000' }, rounds: { type: 'string', default: '20' }, json: { type: 'boolean', default: false } } });
const target = Number(values.trips);
const rounds = Number(values.rounds);

const searches: [string, Locale, string][] = [
  ['browse', 'en', ''],
  ['text', 'en', 'query=tour+du+mont+blanc'],
  ['text typo', 'fr', 'query=cordillere+blanch'],
  ['text + filters', 'es', 'query=trekking+refugios&duration=8-14&level=intermediate'],
  ['place (Chamonix)', 'en', 'query=chamonix'],
  ['place + activity', 'fr', 'query=ski+de+randonn%C3%A9e+en+norv%C3%A8ge'],
  ['activity word', 'en', 'query=ski'],
  ['place + word', 'en', 'query=chamonix+ski'],
  ['country', 'en', 'query=nepal'],
  ['radius growth', 'en', 'aroundLatLng=47.08,2.4'],
  ['beyond 2,000 km', 'en', 'aroundLatLng=-45,-130'],
  ['filters', 'en', 'activity=trekking&type=group&fitness=high&language=en&month=2027-07'],
  ['open groups', 'fr', 'openGroups=1&sort=rating'],
  ['price range', 'en', 'priceMin=500&priceMax=1500&travellers=4'],
  ['price sort', 'es', 'sort=price&page=3'],
];

/** What a visitor types into a search box, letter by letter or with a typo. */
const suggestTexts: [Locale, string][] = [
  ['en', 'ch'], ['en', 'cha'], ['en', 'chamonx'], ['fr', 'zermat'], ['en', 'annapurna'], ['fr', 'ski'], ['es', 'esqui'],
  ['fr', 'nep'], ['en', 'tour du mont'], ['es', 'patagon'], ['fr', 'glace'], ['en', 'heli'], ['en', 'dolomits'], ['es', 'cordillera bl'],
];
const messages = { en, fr, es };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

runWithDatabase(async (db) => {
  const count = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM trips`)).rows[0]!.n;
  if (count === 0) await seedDemoCatalogue(db, loadDemoCatalogue(), new Date());
  if (count < target) {
    console.log(`Growing the catalogue to ${target} trips…`);
    await growCatalogue(db, target);
    await db.execute(sql`ANALYZE`);
  }
  const rates = await getExchangeRates(db);
  const conversion = { rates: rates!, target: 'USD', crossCurrencyFactor: '1.02' };
  const today = isoDayOf(new Date());
  const all: number[] = [];
  const rows: { kind: string; p50: number; p95: number; total: number }[] = [];
  for (const [kind, locale, query] of searches) {
    const state = parseSearchState(new URLSearchParams(query));
    const times: number[] = [];
    let total = 0;
    for (let round = 0; round < rounds + 2; round += 1) {
      const start = performance.now();
      const outcome = await searchTrips(state, { locale, conversion, today }, db);
      const elapsed = performance.now() - start;
      total = outcome.total;
      if (round >= 2) times.push(elapsed); // two warm-up rounds
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push({ kind, p50: percentile(times, 50), p95: percentile(times, 95), total });
  }
  all.sort((a, b) => a - b);

  const suggestTimes: number[] = [];
  for (const [locale, text] of suggestTexts) {
    const labels = { activity: Object.fromEntries(activities.map((key) => [key, messages[locale].Catalogue.activity[key]])) as Record<Activity, string> };
    for (let round = 0; round < rounds + 2; round += 1) {
      const start = performance.now();
      await suggestDestinations(text, locale, labels, db);
      if (round >= 2) suggestTimes.push(performance.now() - start);
    }
  }
  suggestTimes.sort((a, b) => a - b);
  const suggest = { p50: percentile(suggestTimes, 50), p95: percentile(suggestTimes, 95), texts: suggestTexts.length };
  const summary = { trips: Math.max(count, target), rounds, p50: percentile(all, 50), p95: percentile(all, 95), searches: rows, suggest };
  if (values.json) {
    console.log(JSON.stringify(summary, null, 2));
    return;
  }
  console.log(`Search over ${summary.trips} trips, ${rounds} rounds per kind (ms, database round trips included):`);
  for (const row of rows) console.log(`  ${row.kind.padEnd(20)} p50 ${row.p50.toFixed(1).padStart(6)}  p95 ${row.p95.toFixed(1).padStart(6)}  (${row.total} results)`);
  console.log(`  ${'all'.padEnd(20)} p50 ${summary.p50.toFixed(1).padStart(6)}  p95 ${summary.p95.toFixed(1).padStart(6)}`);
  console.log(`  ${'suggestions'.padEnd(20)} p50 ${suggest.p50.toFixed(1).padStart(6)}  p95 ${suggest.p95.toFixed(1).padStart(6)}  (${suggest.texts} suggestTexts texts)`);
});
