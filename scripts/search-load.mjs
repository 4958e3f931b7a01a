#!/usr/bin/env node
// The search under load (part of `npm run bench`; alone: `node scripts/search-load.mjs <origin>`
// against a running production server): the floor, then the search warm (one free-text search
// repeated at 50 connections: its cached results) and cold (every request a search never asked
// before, at 10 connections: its first page load, rendered on request), then as the search page
// now serves a new search and a filter change (its results as data from /api/search, every request
// new, 10 connections), each with requests/s, p50/p95/p99, errors and timeouts, and whether it
// holds its target (warm ≥ 25 % of the floor's requests/s and p99 ≤ 300 ms; cold and a new search
// as data p95 ≤ 150 ms; a filter change p95 ≤ 100 ms; none with an error, a timeout or an answer
// other than 200). A server started by hand for it needs RATE_LIMIT_SEARCH_PER_MINUTE raised: the load
// client is one address.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const SEARCH_TARGETS = { warmRatioToFloor: 0.25, warmP99Ms: 300, coldP95Ms: 150, filterP95Ms: 100 };
export const WARM_SEARCH = '/search?query=trekking';
/** Texts the cold searches cycle through; each request gets a price bound of its own, so a new cache key. */
const COLD_QUERIES = ['trek', 'ski touring', 'climbing', 'chamonix', 'nepal', 'alps', 'patagonia', ''];

/** The q-th quantile of sorted values (nearest rank). */
export function quantile(sorted, q) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** The path of the n-th cold search: a query text and a maximum price no earlier request used. */
export function coldSearchPath(n) {
  const query = COLD_QUERIES[n % COLD_QUERIES.length];
  const params = new URLSearchParams();
  if (query) params.set('query', query);
  params.set('priceMax', String(200 + n));
  return `/search?${params}`;
}

/** What the search page adds to a search's parameters when it fetches its results (components/search/live-search.tsx). */
const DATA_PARAMS = 'locale=en&currency=EUR-fallback';

/** The n-th new search as the search page fetches it: the cold search's parameters, as data. */
export function newSearchDataPath(n) {
  return `/api/search?${coldSearchPath(n).split('?')[1]}&${DATA_PARAMS}`;
}

const FILTERS = ['duration=8-14', 'level=sustained', 'duration=2-4&level=easy', 'type=group', 'fitness=good', 'openGroups=1', 'activity=trekking', 'sort=price'];

/** The n-th filter change: a search's query with one more filter set (and a price bound no earlier request used), as data. */
export function filterChangePath(n) {
  const params = new URLSearchParams(coldSearchPath(n).split('?')[1]);
  for (const [name, value] of new URLSearchParams(FILTERS[Math.floor(n / COLD_QUERIES.length) % FILTERS.length])) params.append(name, value);
  return `/api/search?${params}&${DATA_PARAMS}`;
}

/** autocannon with every response's time kept (its own percentiles stop short of p95). */
function load(options) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ timeout: 10, headers: { 'accept-encoding': 'gzip' }, ...options }, (error, result) => {
      if (error) return reject(error);
      times.sort((a, b) => a - b);
      resolve({
        requestsPerSecond: result.requests.average,
        p50Ms: quantile(times, 0.5),
        p95Ms: quantile(times, 0.95),
        p99Ms: quantile(times, 0.99),
        requests: times.length,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** Floor, warm search and cold search on a running server; `duration` seconds each. */
export async function measureSearchLoad(origin, { duration = 10, log = () => undefined } = {}) {
  const get = (route) => fetch(`${origin}${route}`, { headers: { 'accept-encoding': 'gzip' } }).then((response) => response.arrayBuffer());
  for (let index = 0; index < 20; index += 1) await Promise.all([get('/bench-floor'), get(WARM_SEARCH)]);
  log(`search load: floor, then ${WARM_SEARCH} at 50 connections, ${duration} s each…`);
  const floor = await load({ url: `${origin}/bench-floor`, connections: 50, duration });
  const warm = await load({ url: `${origin}${WARM_SEARCH}`, connections: 50, duration });
  log(`search load: cold (every search new) at 10 connections, ${duration} s…`);
  let next = Math.floor(Date.now() / 1000) % 1_000_000;
  const cold = await load({ url: origin, connections: 10, duration, requests: [{ setupRequest: (request) => ({ ...request, path: coldSearchPath((next += 1)) }) }] });
  log(`search load: a new search and a filter change as data (/api/search) at 10 connections, ${duration} s each…`);
  const data = await load({ url: origin, connections: 10, duration, requests: [{ setupRequest: (request) => ({ ...request, path: newSearchDataPath((next += 1)) }) }] });
  const filter = await load({ url: origin, connections: 10, duration, requests: [{ setupRequest: (request) => ({ ...request, path: filterChangePath((next += 1)) }) }] });
  const clean = (row) => row.non2xx + row.errors + row.timeouts === 0;
  warm.ratioToFloor = floor.requestsPerSecond > 0 ? Math.round((warm.requestsPerSecond / floor.requestsPerSecond) * 1000) / 1000 : null;
  warm.holds = warm.ratioToFloor !== null && warm.ratioToFloor >= SEARCH_TARGETS.warmRatioToFloor && warm.p99Ms <= SEARCH_TARGETS.warmP99Ms && clean(warm);
  cold.ratioToFloor = floor.requestsPerSecond > 0 ? Math.round((cold.requestsPerSecond / floor.requestsPerSecond) * 1000) / 1000 : null;
  cold.holds = cold.p95Ms !== null && cold.p95Ms <= SEARCH_TARGETS.coldP95Ms && clean(cold);
  for (const [row, target] of [[data, SEARCH_TARGETS.coldP95Ms], [filter, SEARCH_TARGETS.filterP95Ms]]) {
    row.ratioToFloor = floor.requestsPerSecond > 0 ? Math.round((row.requestsPerSecond / floor.requestsPerSecond) * 1000) / 1000 : null;
    row.holds = row.p95Ms !== null && row.p95Ms <= target && clean(row);
  }
  return {
    floor,
    warm: { route: WARM_SEARCH, connections: 50, ...warm },
    cold: { route: coldSearchPath(0), connections: 10, ...cold },
    data: { route: newSearchDataPath(0), connections: 10, ...data },
    filter: { route: filterChangePath(0), connections: 10, ...filter },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const origin = process.argv[2] ?? 'http://127.0.0.1:3000';
  const duration = Number(process.argv[3] ?? 10);
  console.log(JSON.stringify(await measureSearchLoad(origin, { duration, log: (line) => console.error(line) }), null, 2));
}
