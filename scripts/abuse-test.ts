// `npm run test:abuse`: the production app (as `npm start` serves it, scripts/serve.mjs) on its own
// embedded PostgreSQL (.data/abuse-postgres), on loopback, under what an anonymous attacker can send
// to make its caches grow or to change what others see:
//   1. the cache-busting mix: every trip and guide page × travellers 1–99 and garbage counts × 30
//      currencies, garbage and duplicated currency cookies, random extra query parameters, spoofed
//      X-Forwarded-For and country headers, at 8 connections for 3 minutes after a warm-up of the
//      same mix; passes with 0 errors (no 5xx, no socket error or timeout) and the app's resident
//      memory after (and at every 5 s sample) ≤ 1.3× its warm size (docs/decisions/0060);
//   2. the duplicated-cookie poisoning: after `currency=; currency=JPY` and `currency=EUR; currency=JPY`
//      (with a spoofed address), a visitor without a cookie never gets the JPY page, one with EUR gets EUR;
//   3. the contract the front relies on with Next.js (x-middleware-rewrite, x-nextjs-cache): a page
//      cached whole is answered by the front (x-front-cache: HIT) from its second request on, and a
//      non-canonical URL of it never is.
// The page store's budget is small here (PAGE_STORE_BUDGET_MB=48 unless set) so that the warm-up
// fills it: growth past the warm size is then memory no budget holds.
// `--short` (npm test): 40 s warm-up (as the full run: a shorter one left the working set still growing) and 20 s of mix. `--seconds N`, `--warm-seconds N`,
// `--connections N` override; `--json FILE` writes the figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverNodeArgs } from '../lib/server/heap-limit.mjs';
// @ts-expect-error plain ESM helper shared with the test scripts
import { buildIfNeeded, root } from './build-if-needed.mjs';
// @ts-expect-error plain ESM helper shared with the bench
import { pagesOf, sendMix } from './cache-busting-mix.mjs';
import { createChecks, freePort, productionEnv, rss, runMain, sleep, waitUntilReady } from './harness';
import { startTestDatabase } from './test-database';

const { values: options } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    'warm-seconds': { type: 'string' },
    connections: { type: 'string' },
    json: { type: 'string' },
  },
});
const seconds = Number(options.seconds ?? (options.short ? 20 : 180));
const warmSeconds = Number(options['warm-seconds'] ?? 40);
const connections = Number(options.connections ?? 8);
const TIMEOUT_SECONDS = 60;
const MEMORY_GROWTH_LIMIT = 1.3;
const { check, failures, conclude } = createChecks();
const mb = (bytes: number) => Math.round(bytes / 1048576);

function mix(base: string, pages: string[], duration: number, statuses: Map<number, number>) {
  return sendMix({ base, pages, connections, duration, timeout: TIMEOUT_SECONDS, statuses });
}

/** The currency a page's header shows (the picker's data-currency), or null. */
async function pageCurrency(url: string, headers: Record<string, string> = {}): Promise<{ status: number; currency: string | null; front: boolean }> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  const html = await response.text();
  return { status: response.status, currency: /data-currency="([A-Z]{3})"/.exec(html)?.[1] ?? null, front: response.headers.get('x-front-cache') === 'HIT' };
}

async function main() {
  buildIfNeeded();
  const { database } = await startTestDatabase(path.join(root, '.data', 'abuse-postgres'));

  const appPort = await freePort();
  const base = `http://127.0.0.1:${appPort}`;
  const appLog: string[] = [];
  const appEnv = { ...productionEnv(appPort, database.url), PAGE_STORE_BUDGET_MB: process.env.PAGE_STORE_BUDGET_MB ?? '48' };
  // With the heap limit `npm start` gives it (lib/server/heap-limit.mjs).
  const app: ChildProcess = spawn(process.execPath, [...serverNodeArgs(appEnv), 'scripts/serve.mjs'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: appEnv,
  });
  for (const stream of [app.stdout!, app.stderr!]) stream.on('data', (chunk: Buffer) => appLog.length < 20_000 && appLog.push(chunk.toString()));

  try {
    await waitUntilReady(base);
    const pages: string[] = await pagesOf(base);
    const trip = pages.find((page) => /^\/trip\//.test(page));
    if (!trip) throw new Error('no trip page in the sitemap');
    console.log(`app on ${base}: ${pages.length} trip and guide pages, ${connections} connections, warm-up ${warmSeconds} s, mix ${seconds} s`);

    // 3. The contract with Next.js the front relies on: the first answer names its internal path
    // and cache status, and the front answers the same request from then on.
    const canonical = `${base}${trip}?travellers=3`;
    const first = await fetch(canonical);
    await first.text();
    const rewrite = first.headers.get('x-middleware-rewrite') ?? '';
    check(/\/cached\/USD-fallback\/trip\/[^/]+\/3(\?|$)/.test(new URL(rewrite, base).pathname + new URL(rewrite, base).search), `contract: Next.js names the internal path in x-middleware-rewrite (${rewrite})`);
    check(['HIT', 'MISS'].includes(first.headers.get('x-nextjs-cache') ?? ''), `contract: Next.js says the page came from its cache (x-nextjs-cache ${first.headers.get('x-nextjs-cache')})`);
    let answered = false;
    for (let i = 0; i < 5 && !answered; i += 1) {
      answered = (await pageCurrency(canonical)).front;
      if (!answered) await sleep(200);
    }
    check(answered, 'contract: the front answers a page cached whole from its second request on (x-front-cache: HIT)');
    const extra = await pageCurrency(`${canonical}&utm_source=abuse`);
    const extraAgain = await pageCurrency(`${canonical}&utm_source=abuse`);
    check(extra.status === 200 && !extra.front && !extraAgain.front, 'contract: a URL with a parameter outside the closed list is never the front\'s');

    // 1. The cache-busting mix: warm-up, then the measured run.
    const warmStatuses = new Map<number, number>();
    const warm = await mix(base, pages, warmSeconds, warmStatuses);
    await sleep(2000);
    const memoryWarm = rss(app.pid!);
    const statuses = new Map<number, number>();
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rss(app.pid!)), 5000);
    const run = await mix(base, pages, seconds, statuses);
    clearInterval(sampler);
    await sleep(2000);
    const memoryAfter = rss(app.pid!);
    const peak = Math.max(memoryAfter, ...samples);
    const count5xx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0) + [...warmStatuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    const figures = {
      seconds,
      warmSeconds,
      connections,
      pages: pages.length,
      requests: run.requests.total,
      warmRequests: warm.requests.total,
      requestsPerSecond: run.requests.average,
      latencyMs: { p50: run.latency.p50, p99: run.latency.p99, max: run.latency.max },
      errors: run.errors + warm.errors,
      timeouts: run.timeouts + warm.timeouts,
      statuses: Object.fromEntries(statuses),
      warmStatuses: Object.fromEntries(warmStatuses),
      memoryWarmMb: mb(memoryWarm),
      memoryAfterMb: mb(memoryAfter),
      memoryPeakMb: mb(peak),
      memoryDuringMb: samples.map(mb),
    };
    console.log('abuse:', JSON.stringify(figures));
    check(app.exitCode === null && memoryAfter > 0, 'mix: the app is still running');
    check(figures.errors === 0 && figures.timeouts === 0, `mix: no socket error or timeout (${figures.errors} errors, ${figures.timeouts} timeouts)`);
    check(count5xx === 0, `mix: no answer 5xx (${count5xx}; ${JSON.stringify(figures.statuses)})`);
    check(peak <= memoryWarm * MEMORY_GROWTH_LIMIT, `mix: memory ${figures.memoryWarmMb} MB warm, ${figures.memoryAfterMb} MB after, ${figures.memoryPeakMb} MB at most (≤ ${MEMORY_GROWTH_LIMIT}×)`);

    // 2. The duplicated-cookie poisoning, with a spoofed address.
    const poisoned = `${base}${trip}`;
    for (const cookie of ['currency=; currency=JPY', 'currency=EUR; currency=JPY', 'currency=null;currency=JPY']) {
      for (let i = 0; i < 3; i += 1) await pageCurrency(poisoned, { cookie, 'x-forwarded-for': '203.0.113.7' });
    }
    for (let i = 0; i < 3; i += 1) {
      const cookieless = await pageCurrency(poisoned);
      check(cookieless.status === 200 && cookieless.currency === 'USD', `poisoning: a visitor without a cookie gets USD (got ${cookieless.currency}, status ${cookieless.status}, ${cookieless.front ? 'front' : 'Next.js'})`);
      const eur = await pageCurrency(poisoned, { cookie: 'currency=EUR' });
      check(eur.status === 200 && eur.currency === 'EUR', `poisoning: a visitor who chose EUR gets EUR (got ${eur.currency}, ${eur.front ? 'front' : 'Next.js'})`);
    }
    if (options.json) writeFileSync(options.json, JSON.stringify({ ...figures, failures }, null, 2));
  } finally {
    if (app.exitCode === null) {
      app.kill('SIGTERM');
      await Promise.race([new Promise((resolve) => app.once('exit', resolve)), sleep(30_000)]);
    }
    await database.stop().catch(() => undefined);
    writeFileSync(path.join(root, '.data', 'abuse-test-app.log'), appLog.join(''));
    console.log('app stopped; log in .data/abuse-test-app.log');
  }
  conclude('abuse test passed');
}

runMain(main);
