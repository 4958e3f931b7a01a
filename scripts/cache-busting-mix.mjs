// The cache-busting mix an anonymous attacker can send to make a server's caches grow: every trip
// and guide page × travellers 1–99 and garbage counts × 30 currencies, garbage and duplicated
// currency cookies, random extra query parameters, spoofed X-Forwarded-For and country headers
// (docs/decisions/0060). Plain ESM: `npm run test:abuse` (scripts/abuse-test.ts) and `npm run bench`
// (scripts/bench.mjs) send the same mix.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** The 30 currencies of the seeded rates (the picker's choices). */
export const CURRENCIES = ['EUR', 'USD', 'JPY', 'CZK', 'DKK', 'GBP', 'HUF', 'PLN', 'RON', 'SEK', 'CHF', 'ISK', 'NOK', 'TRY', 'AUD', 'BRL', 'CAD', 'CNY', 'HKD', 'IDR', 'ILS', 'INR', 'KRW', 'MXN', 'MYR', 'NZD', 'PHP', 'SGD', 'THB', 'ZAR'];
const COUNTRIES = ['FR', 'GB', 'JP', 'US', 'CH', 'DE', 'BR', 'IN', 'ZZ', 'xx'];
/** Child sitemaps read at most: enough pages for a mix that never repeats, without reading 50,000 trips. */
const MAX_CHILD_SITEMAPS = 50;

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const randomWord = (length) => Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Every trip and guide page of the sitemap (its first 50 parts when it is an index), as paths. */
export async function pagesOf(base) {
  const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  const first = await (await fetch(`${base}/sitemap.xml`)).text();
  let paths = locs(first);
  if (first.includes('<sitemapindex')) {
    paths = [];
    for (const part of locs(first).slice(0, MAX_CHILD_SITEMAPS)) paths.push(...locs(await (await fetch(`${base}${part}`)).text()));
  }
  return [...new Set(paths.filter((page) => /\/(trip|guide|mountain-guide)\/[^/]+$/.test(page)))];
}

/**
 * One request of the mix: a page, a traveller count, extra parameters, cookies and spoofed headers.
 * @param {string[]} pages
 * @returns {{ path: string; headers: Record<string, string> }}
 */
export function abusiveRequest(pages) {
  const roll = Math.random();
  const travellers = roll < 0.75 ? String(1 + Math.floor(Math.random() * 99)) : roll < 0.9 ? pick(['0', '-1', '03', '1e3', 'abc', '99999', '2.5', '']) : null;
  const query = new URLSearchParams();
  if (travellers !== null) query.set('travellers', travellers);
  if (Math.random() < 0.3) query.set(pick(['utm_source', 'gclid', 'x', randomWord(6)]), randomWord(8));
  if (Math.random() < 0.05) query.set('travellers', '7');
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  const cookie = Math.random();
  if (cookie < 0.5) headers.cookie = `currency=${pick(CURRENCIES)}`;
  else if (cookie < 0.6) headers.cookie = `currency=${randomWord(3).toUpperCase()}`;
  else if (cookie < 0.65) headers.cookie = `currency=${pick(CURRENCIES).toLowerCase()}; other=${randomWord(4)}`;
  else if (cookie < 0.8) headers.cookie = pick([`currency=; currency=${pick(CURRENCIES)}`, `currency=${pick(CURRENCIES)}; currency=${pick(CURRENCIES)}`, `currency=null;currency=JPY`]);
  if (Math.random() < 0.5) headers['x-forwarded-for'] = `${Math.floor(Math.random() * 223) + 1}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  if (Math.random() < 0.1) headers['cf-ipcountry'] = pick(COUNTRIES);
  const search = query.toString();
  return { path: `${pick(pages)}${search ? `?${search}` : ''}`, headers };
}

/**
 * The mix at `connections` for `duration` seconds against `base`; every answer's status is counted
 * in `statuses`. Resolves with autocannon's result.
 * @param {{ base: string; pages: string[]; connections: number; duration: number; timeout: number; statuses: Map<number, number> }} options
 */
export function sendMix({ base, pages, connections, duration, timeout, statuses }) {
  return autocannon({
    url: base,
    connections,
    duration,
    timeout,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const { path, headers } = abusiveRequest(pages);
          return { ...request, path, headers };
        },
        onResponse: (status) => void statuses.set(status, (statuses.get(status) ?? 0) + 1),
      },
    ],
  });
}

/** Resident memory of one process, in bytes (Linux /proc); 0 once it ended. */
export function residentBytes(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
