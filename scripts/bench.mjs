#!/usr/bin/env node
// `npm run bench`: builds if needed, grows an embedded database of its own to the scale
// catalogue and measures the search on it (`npm run bench:search`), starts the production server
// on that database, then reports side by side, for home, a trip page, search, a static page and the
// framework floor (`/bench-floor`, the smallest page Next.js serves):
//   - requests/s and p50/p99 latency at 50 connections (wrk when installed, else autocannon; asking
//     for gzip or br as a browser does), with the ratio to the floor; the trip page also through the cluster (`npm run
//     start:cluster`: two instances behind Varnish with deploy/varnish/cordee.vcl) when varnishd is
//     installed, on PORT + 100 and the ports after it, with --redis (REDIS_URL, else the local Redis);
//   - JavaScript the browser downloads on first load (Chromium, from the network responses),
//     gzip bytes split into the framework floor's and our own, for those pages and one page of
//     every other kind, signed-in ones included (a guide's trip editor, the guide area, My trips);
//   - server CPU per request (from /proc) of a new search and /gift-cards against the minimal
//     Next.js app of bench/minimal (same versions, same page shapes), served on --cpu-port (PORT + 200), as
//     ratios (scripts/bench-cpu.mjs; --cpu-requests per page, 300);
//   - database transactions per request once warm;
//   - the search under load: warm at 50 connections, cold (every search new, its first page load)
//     at 10, and a new search and a filter change as the search page fetches them (results as
//     data) at 10, against
//     the floor (scripts/search-load.mjs);
//   - Lighthouse mobile scores (performance, accessibility, best practices, SEO) with LCP, TBT, CLS
//     for home, trip, search without criteria and a new search (a query never asked before: its first load),
//     through a TLS front speaking HTTP/2 (Debian's nginx on PORT + 300, scripts/tls-front.mjs) as the
//     site is served, and straight to the server over HTTP/1.1;
//   - last, the cache-busting mix of `npm run test:abuse` (scripts/cache-busting-mix.mjs) for
//     --mix-seconds (300) at --mix-connections (8), with the server's resident memory before, after
//     and at its peak: it holds when the peak is at most the in-process caches' budgets + 200 MB
//     above the memory before, with no error, timeout nor 5xx answer.
// It writes the whole report as JSON (`--out`, default bench-results/bench-<time>.json), its
// figures into docs/benchmarks.md's generated section (scripts/bench-report.mjs), and compares it
// with an earlier one when given `--compare <file>`.
//
// Options: --port (3450), --duration seconds per route (10), --connections (50), --trips (50000),
//          --workers (the load client's threads, 2), --autocannon (even when wrk is installed), --mix-seconds (300), --mix-connections (8), --redis URL,
//          --cpu-requests (300), --cpu-port, --skip cpu,db,http,js,lighthouse,search,searchload,varnish,mix, --out file,
//          --lighthouse home,trip,tripPhotos,search,searchNew (the pages Lighthouse loads), --lighthouse-runs (3),
//          --compare file.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { buildIfNeeded, root } from './build-if-needed.mjs';
import { CACHE_BUDGET_DEFAULTS_MB, budgetBytesFrom } from '../lib/cache/byte-lru.ts';
import { pagesOf, residentBytes, sendMix } from './cache-busting-mix.mjs';
import { BENCHMARKS_DOC, writeBenchmarksDoc } from './bench-report.mjs';
import { measureServerCpu, servingProcess } from './bench-cpu.mjs';
import { coldSearchPath, measureSearchLoad } from './search-load.mjs';
import { startTlsFront } from './tls-front.mjs';
import { parseWrkOutput } from './wrk-output.mjs';

const { values: options } = parseArgs({
  options: {
    port: { type: 'string', default: '3450' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    trips: { type: 'string', default: '50000' },
    workers: { type: 'string', default: '2' },
    autocannon: { type: 'boolean', default: false },
    'mix-seconds': { type: 'string', default: '300' },
    'mix-connections': { type: 'string', default: '8' },
    'cpu-requests': { type: 'string', default: '300' },
    'cpu-port': { type: 'string' },
    redis: { type: 'string', default: process.env.REDIS_URL || 'redis://127.0.0.1:6379' },
    skip: { type: 'string', default: '' },
    lighthouse: { type: 'string', default: 'home,trip,tripPhotos,search,searchNew' },
    'lighthouse-runs': { type: 'string', default: '3' },
    out: { type: 'string' },
    compare: { type: 'string' },
  },
});
const skip = new Set(options.skip.split(',').filter(Boolean));
const port = Number(options.port);
const origin = `http://127.0.0.1:${port}`;
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => candidate && existsSync(candidate));
// The load client is one address: the search's per-client allowance (RATE_LIMIT_SEARCH_PER_MINUTE) would refuse it.
const env = { ...process.env, CORDEE_DATA_DIR: process.env.CORDEE_DATA_DIR || '.data/bench-postgres', NEXT_TELEMETRY_DISABLED: '1', RATE_LIMIT_SEARCH_PER_MINUTE: process.env.RATE_LIMIT_SEARCH_PER_MINUTE || '1000000' };
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
/** What a browser sends: pages are measured as visitors get them, compressed. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
/** The cluster's Varnish port, its instances on the two after it. */
const clusterPort = port + 100;
/** Slack above the caches' budgets the mix may grow the server by: the runtime's own heap and buffers. */
const MIX_MEMORY_SLACK_MB = 200;

const log = (line) => console.log(`[bench] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The search's database time over the scale catalogue, from `npm run bench:search -- --json` (it grows the catalogue first). */
function benchSearch() {
  log(`search over ${options.trips} trips (npm run bench:search)…`);
  const result = spawnSync(process.execPath, [tsx, 'scripts/bench-search.ts', '--json', '--trips', options.trips], {
    cwd: root,
    // As package.json's bench:search: the query modules import server-only.
    env: { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --conditions=react-server`.trim() },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`bench:search failed:\n${result.stderr}`);
  const json = result.stdout.slice(result.stdout.indexOf('{\n'));
  return JSON.parse(json);
}

/**
 * Stops a detached child and everything it started, as a terminal's Ctrl-C does: the whole process
 * group, since tsx alone may SIGKILL its script before that script stopped its servers (decision
 * 0210). Waits for the exit at most `graceMs`.
 */
async function stopGroup(child, graceMs) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, sleep(graceMs)]);
}

/** `npm start` on the bench database, on its own port; resolves once the home page answers. */
async function startServer() {
  log(`starting the production server on ${origin}…`);
  const server = spawn(process.execPath, [tsx, 'scripts/start.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), SITE_URL: origin },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const stop = () => stopGroup(server, 20_000);
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    try {
      if ((await fetch(`${origin}/`)).ok) return { stop, pid: server.pid };
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  await stop();
  throw new Error(`the server did not answer within 2 minutes:\n${output}`);
}

/**
 * The first path of the sitemap (its child sitemaps in order, when it is an index) starting with
 * each prefix, reading no more child sitemaps than it takes to find them all.
 */
async function firstSitemapPaths(prefixes) {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const children = [...xml.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  const found = {};
  for (const url of children.length > 0 ? children : [null]) {
    const text = url ? await (await fetch(url)).text() : xml;
    for (const [, loc] of text.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const pathname = new URL(loc).pathname;
      for (const prefix of prefixes) if (!found[prefix] && pathname.startsWith(prefix)) found[prefix] = pathname;
    }
    if (prefixes.every((prefix) => found[prefix])) break;
  }
  return found;
}

/** The routes measured: the sitemap's first trip, home, search, a static page and the floor. */
async function chooseRoutes() {
  const { '/trip/': trip } = await firstSitemapPaths(['/trip/']);
  if (!trip) throw new Error('no trip in the sitemap');
  return { floor: '/bench-floor', home: '/', trip, search: '/search', static: '/about' };
}

/**
 * The JavaScript table's routes: the measured ones, and one page of every other kind the budgets
 * cover (trip ≤ 60 KB above the floor, every other page ≤ 30 KB), forms included.
 */
async function chooseJavaScriptRoutes(routes) {
  const found = await firstSitemapPaths(['/mountain-guide/', '/blog/']);
  const more = { guide: found['/mountain-guide/'], post: found['/blog/'], groups: '/open-groups', 'need-help': '/need-help', 'gift-cards': '/gift-cards', concierge: '/concierge', 'sign-in': '/account/bookings' };
  const tripPhotos = await photoTripPath();
  return { ...routes, ...(tripPhotos ? { tripPhotos } : {}), ...Object.fromEntries(Object.entries(more).filter(([, route]) => route)), ...(await chooseSignedInRoutes()) };
}

/** The English page of a demo trip with photos (lib/db/seed/photos.ts): its gallery's first photo should be the LCP. */
async function photoTripPath() {
  const client = await benchDatabase();
  if (!client) return null;
  await client.connect();
  try {
    const { rows: [row] } = await client.query(
      `SELECT tt.slug FROM trips t JOIN trip_translations tt ON tt.trip_id = t.id AND tt.locale = 'en'
       WHERE t.published AND EXISTS (SELECT 1 FROM trip_photos p WHERE p.trip_id = t.id AND p.ready) ORDER BY t.id LIMIT 1`,
    );
    return row ? `/trip/${row.slug}` : null;
  } finally {
    await client.end();
  }
}

/** A client of the bench's database: DATABASE_URL's, else the embedded server's (lib/db/embedded-server.ts), if it runs. */
async function benchDatabase() {
  const { default: pg } = await import('pg');
  if (process.env.DATABASE_URL) return new pg.Client({ connectionString: process.env.DATABASE_URL });
  const pidFile = path.join(path.resolve(root, env.CORDEE_DATA_DIR), 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  return new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: 'cordee-local', database: 'cordee' });
}

/**
 * The signed-in pages, with the session each needs (the budgets cover every page): a
 * guide's trip editor, and the guide area and My trips with a booking request in each (its reply,
 * proposal and cancel forms). The bench's database gets the accounts, sessions and the request
 * (sessions as lib/auth/tokens.ts makes them: the cookie's token, stored as its SHA-256).
 */
async function chooseSignedInRoutes() {
  const client = await benchDatabase();
  if (!client) return {};
  await client.connect();
  try {
    const { rows: [trip] } = await client.query('SELECT t.id, t.guide_id, t.duration_days, t.currency, g.email FROM trips t JOIN guides g ON g.id = t.guide_id WHERE g.email IS NOT NULL ORDER BY t.id LIMIT 1');
    if (!trip) return {};
    const session = async (email, role, guideId) => {
      const { rows: [user] } = await client.query(
        "INSERT INTO users (email, role, guide_id, locale) VALUES ($1, $2, $3, 'en') ON CONFLICT (email) DO UPDATE SET role = EXCLUDED.role, guide_id = EXCLUDED.guide_id RETURNING id",
        [email, role, guideId],
      );
      const token = Array.from(randomBytes(32), (byte) => 'abcdefghijklmnopqrstuvwxyz234567'[byte % 32]).join('');
      await client.query("INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [createHash('sha256').update(token).digest('hex'), user.id]);
      return token;
    };
    const traveller = 'bench-traveller@cordee.example';
    await client.query(
      `INSERT INTO booking_requests (idempotency_key, locale, trip_id, first_name, last_name, email, phone, travellers, days, starts_on, ends_on, comment, currency)
       VALUES ('bench-signed-in', 'en', $1, 'Bench', 'Traveller', $2, '+33612345678', 2, $3, current_date + 60, current_date + 59 + $3::int, 'A question about the trip.', $4)
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [trip.id, traveller, trip.duration_days, trip.currency],
    );
    const guide = await session(trip.email, 'guide', trip.guide_id);
    return {
      editor: { path: `/account/trip?id=${trip.id}`, session: guide },
      'guide-area': { path: '/account/guide', session: guide },
      'my-trips': { path: '/account/bookings', session: await session(traveller, 'traveller', null) },
    };
  } catch (error) {
    log(`signed-in pages not measured: ${error instanceof Error ? error.message : error}`);
    return {};
  } finally {
    await client.end();
  }
}

/** The budget of JavaScript above the framework floor, per route. */
const budgetBytes = (name) => (name === 'trip' || name === 'tripPhotos' ? 60 : 30) * 1024;

/** wrk (Debian's `wrk`) when installed: on 2 shared cores autocannon, in Node, was the limit (docs/decisions/0210). */
const wrkInstalled = !options.autocannon && spawnSync('wrk', ['--version']).error === undefined;

/** One load of `url` by wrk, read back in autocannon's terms (not blocking: the cluster's logs keep flowing). */
async function runWrk(url) {
  const wrk = spawn('wrk', [`-t${options.workers}`, `-c${options.connections}`, `-d${options.duration}s`, '--timeout', '60s', '--latency', '-H', `Accept-Encoding: ${ACCEPT_ENCODING}`, url]);
  let text = '';
  wrk.stdout.on('data', (chunk) => (text += chunk));
  wrk.stderr.on('data', (chunk) => (text += chunk));
  const status = await new Promise((resolve) => wrk.once('close', resolve));
  if (status !== 0) throw new Error(`wrk failed on ${url}:\n${text}`);
  return parseWrkOutput(text, Number(options.duration));
}

function runAutocannon(url) {
  return new Promise((resolve, reject) => {
    // A slow route reports its latency rather than timeouts (autocannon's default is 10 s).
    autocannon(
      { url, connections: Number(options.connections), duration: Number(options.duration), timeout: 60, workers: Number(options.workers), headers: { 'accept-encoding': ACCEPT_ENCODING } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** Every route of a run is loaded by the same client, so that the ratios compare like with like. */
const loadClient = wrkInstalled ? 'wrk' : 'autocannon';
const runLoad = (url) => (wrkInstalled ? runWrk(url) : runAutocannon(url));

/** The bench database's URL, for the cluster's instances: DATABASE_URL, else the embedded server's. */
function benchDatabaseUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const pidFile = path.join(path.resolve(root, env.CORDEE_DATA_DIR), 'postmaster.pid');
  const databasePort = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  return `postgres://postgres:cordee-local@127.0.0.1:${databasePort}/cordee`;
}

/**
 * `npm run start:cluster` on the bench's database: two instances behind Varnish on clusterPort, or
 * null when varnishd is not installed (Debian: varnish, varnish-modules). Resolves once Varnish
 * answers through a healthy instance.
 */
async function startCluster() {
  if (spawnSync('varnishd', ['-V']).status !== 0) {
    log('varnishd is not installed: the cluster is not measured');
    return null;
  }
  const clusterOrigin = `http://127.0.0.1:${clusterPort}`;
  log(`starting the cluster (2 instances behind Varnish) on ${clusterOrigin}…`);
  const cluster = spawn(process.execPath, [tsx, 'scripts/start-cluster.ts'], {
    cwd: root,
    env: { ...env, PORT: String(clusterPort), CLUSTER_APP_PORT: String(clusterPort + 1), CLUSTER_INSTANCES: '2', DATABASE_URL: benchDatabaseUrl(), REDIS_URL: options.redis, SITE_URL: clusterOrigin, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  cluster.stdout.on('data', (chunk) => (output = `${output}${chunk}`.slice(-20_000)));
  cluster.stderr.on('data', (chunk) => (output = `${output}${chunk}`.slice(-20_000)));
  const stop = () => stopGroup(cluster, 40_000);
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (cluster.exitCode !== null) throw new Error(`the cluster stopped:\n${output}`);
    if (await fetch(`${clusterOrigin}/`).then((response) => response.ok, () => false)) return { origin: clusterOrigin, stop };
    await sleep(500);
  }
  await stop();
  throw new Error(`the cluster did not answer within 2 minutes:\n${output}`);
}

/** Requests/s and latency of one URL at N connections, after a short warm-up. */
async function measureRoute(route, url) {
  for (let index = 0; index < 20; index += 1) await fetch(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }).then((response) => response.arrayBuffer());
  log(`${loadClient} ${options.connections} connections × ${options.duration} s on ${url}…`);
  const result = await runLoad(url);
  // What the last request got: compressed or not, from Varnish's cache or not.
  const last = await fetch(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } });
  const body = await last.arrayBuffer();
  return {
    route,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    megabytesPerSecond: Math.round(result.throughput.average / 1e4) / 100,
    bytesPerAnswer: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : null,
    contentEncoding: last.headers.get('content-encoding'),
    decodedBytes: body.byteLength,
    ...(last.headers.has('x-varnish-cache') ? { varnishCache: last.headers.get('x-varnish-cache') } : {}),
  };
}

const withRatios = (rows, floor) => {
  for (const row of Object.values(rows)) row.ratioToFloor = floor > 0 ? Math.round((row.requestsPerSecond / floor) * 1000) / 1000 : null;
  return rows;
};

/** Requests/s and latency per route at N connections, with the ratio to the floor. */
async function measureThroughput(routes) {
  const rows = {};
  for (const [name, route] of Object.entries(routes)) rows[name] = await measureRoute(route, `${origin}${route}`);
  return withRatios(rows, rows.floor.requestsPerSecond);
}

/** The trip page through the cluster's Varnish, once Varnish answers it from its cache. */
async function measureCluster(trip) {
  const cluster = await startCluster();
  if (!cluster) return null;
  try {
    const url = `${cluster.origin}${trip}`;
    // Each instance renders the page once and marks it shareable from its second answer on.
    let state = null;
    for (let attempt = 0; attempt < 40 && state !== 'HIT'; attempt += 1) {
      const response = await fetch(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } });
      await response.arrayBuffer();
      state = response.headers.get('x-varnish-cache');
      if (state !== 'HIT') await sleep(250);
    }
    if (state !== 'HIT') log(`the trip page is not a Varnish hit (x-varnish-cache: ${state}): measured as it is`);
    return { ...(await measureRoute(trip, url)), through: 'Varnish, 2 instances' };
  } finally {
    await cluster.stop();
  }
}

/**
 * The cache-busting mix against the bench server: its resident memory before, every 5 s, after,
 * and whether the peak stayed within the caches' budgets + MIX_MEMORY_SLACK_MB above the start.
 */
async function measureCacheBustingMix(serverPid) {
  const pid = servingProcess(serverPid);
  const pages = await pagesOf(origin);
  const seconds = Number(options['mix-seconds']);
  const connections = Number(options['mix-connections']);
  const budgets = Object.fromEntries(Object.keys(CACHE_BUDGET_DEFAULTS_MB).map((name) => [name, budgetBytesFrom(env, name) / 1048576]));
  const budgetMb = Object.values(budgets).reduce((sum, value) => sum + value, 0);
  const mb = (bytes) => Math.round(bytes / 1048576);
  log(`cache-busting mix over ${pages.length} trip and guide pages, ${connections} connections × ${seconds} s…`);
  const before = residentBytes(pid);
  const samples = [];
  const sampler = setInterval(() => samples.push(residentBytes(pid)), 5000);
  const statuses = new Map();
  let run;
  try {
    run = await sendMix({ base: origin, pages, connections, duration: seconds, timeout: 60, statuses });
  } finally {
    clearInterval(sampler);
  }
  await sleep(2000);
  const after = residentBytes(pid);
  const peak = Math.max(after, ...samples);
  const count5xx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  const limitMb = mb(before) + budgetMb + MIX_MEMORY_SLACK_MB;
  const figures = {
    seconds,
    connections,
    pages: pages.length,
    requests: run.requests.total,
    requestsPerSecond: run.requests.average,
    p50Ms: run.latency.p50,
    p99Ms: run.latency.p99,
    statuses: Object.fromEntries(statuses),
    errors: run.errors + run.timeouts + count5xx,
    budgetsMb: budgets,
    memoryBeforeMb: mb(before),
    memoryAfterMb: mb(after),
    memoryPeakMb: mb(peak),
    memoryLimitMb: limitMb,
    memoryDuringMb: samples.map(mb),
  };
  return { ...figures, holds: after > 0 && figures.errors === 0 && figures.memoryPeakMb <= limitMb };
}

/** The scripts a first load downloads in Chromium, gzip bytes each (measured from the responses' bodies). */
async function measureJavaScript(routes) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  const perRoute = {};
  try {
    for (const [name, route] of Object.entries(routes)) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
      // A signed-in page: `{ path, session }`.
      if (typeof route === 'object') await context.addCookies([{ name: 'cordee_session', value: route.session, url: origin }]);
      const page = await context.newPage();
      const scripts = new Map();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const url = new URL(response.url());
        const body = await response.body().catch(() => null);
        if (!body) return;
        const sizes = await response.request().sizes().catch(() => null);
        scripts.set(url.origin === origin ? url.pathname : url.toString(), { gzipBytes: gzipSync(body).length, transferBytes: sizes?.responseBodySize ?? null, rawBytes: body.length });
      });
      await page.goto(`${origin}${typeof route === 'object' ? route.path : route}`, { waitUntil: 'networkidle' });
      await sleep(1000);
      perRoute[name] = scripts;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const floorScripts = perRoute.floor;
  const sum = (entries) => entries.reduce((total, [, size]) => total + size.gzipBytes, 0);
  const floorBytes = sum([...floorScripts]);
  const rows = {};
  for (const [name, scripts] of Object.entries(perRoute)) {
    const entries = [...scripts];
    const framework = entries.filter(([url]) => floorScripts.has(url));
    const ours = entries.filter(([url]) => !floorScripts.has(url));
    rows[name] = {
      route: typeof routes[name] === 'object' ? routes[name].path : routes[name],
      signedIn: typeof routes[name] === 'object',
      scripts: entries.length,
      totalGzipBytes: sum(entries),
      frameworkGzipBytes: sum(framework),
      oursGzipBytes: sum(ours),
      aboveFloorGzipBytes: sum(entries) - floorBytes,
      budgetGzipBytes: name === 'floor' ? null : budgetBytes(name),
      transferBytes: entries.reduce((total, [, size]) => total + (size.transferBytes ?? 0), 0),
      ourScripts: Object.fromEntries(ours.map(([url, size]) => [url, size.gzipBytes])),
    };
  }
  return rows;
}

/**
 * Database transactions per request of each route once warm (the cache's promise: a cached page
 * costs none), from PostgreSQL's own counters on the bench's embedded server. Queries outside a
 * transaction block count one each.
 */
async function measureDatabaseWork(routes) {
  // The embedded server's own counters (another server's count other databases' work too).
  const client = process.env.DATABASE_URL ? null : await benchDatabase();
  if (!client) return null;
  await client.connect();
  // The database's transactions, and its autovacuum and autoanalyze runs: the workers'
  // transactions would count as the route's (one run after the search bench's writes showed a
  // cached page at 1.05 transactions per request once; no later run did).
  const counters = async () => {
    // An idle backend reports its counters within 10 s (PostgreSQL's PGSTAT_IDLE_INTERVAL): a
    // shorter wait counts the previous route's last transactions in this one's.
    await sleep(11_000);
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query(
      `SELECT (xact_commit + xact_rollback)::int AS n,
              (SELECT coalesce(sum(autovacuum_count + autoanalyze_count), 0)::int FROM pg_stat_all_tables) AS maintenance
         FROM pg_stat_database WHERE datname = 'cordee'`,
    );
    return rows[0];
  };
  const requests = 20;
  const rows = {};
  try {
    // Past the server's own start-up work (the reply-promise check 5 s after start,
    // lib/server/reply-promise.ts): only the requests' transactions count below.
    await counters();
    for (const [name, route] of Object.entries(routes)) {
      for (let index = 0; index < 3; index += 1) await (await fetch(`${origin}${route}`)).arrayBuffer();
      // A window in which PostgreSQL's own maintenance ran is measured again (three tries).
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const before = await counters();
        for (let index = 0; index < requests; index += 1) await (await fetch(`${origin}${route}`)).arrayBuffer();
        const after = await counters();
        // Minus the two counter reads of this measure (pg_stat_clear_snapshot and the count).
        rows[name] = { route, transactionsPerRequest: Math.max(0, after.n - before.n - 2) / requests, maintenanceRuns: after.maintenance - before.maintenance };
        if (rows[name].maintenanceRuns === 0) break;
        log(`database maintenance ran while ${route} was measured: again`);
      }
    }
  } finally {
    await client.end();
  }
  return rows;
}

/**
 * Lighthouse (mobile, its default) in Debian's Chromium for home, trip, search without criteria and
 * `searchNew`, a search no earlier request asked (the cold load's shape: its first load, as a
 * visitor who typed it gets it), or the pages `--lighthouse` names. The other pages are asked once
 * before, as every visitor after the first gets them (the page store keeps them; a freshly started
 * process renders its first page cold). `--lighthouse-runs` loads of each page (a new cold search
 * each time): the run with the median LCP is reported, with every run's LCP. Each load is made
 * twice, alternated: through the TLS front (HTTP/2, as the site is served: scripts/tls-front.mjs)
 * and straight to the server over HTTP/1.1; the row is the first's, `http1` the second's (decision
 * 0305). Without nginx, the row is the HTTP/1.1 loads'.
 */
async function measureLighthouse(routes) {
  const tripPhotos = await photoTripPath();
  routes = { ...routes, ...(tripPhotos ? { tripPhotos } : {}) };
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const front = await startTlsFront({ dir: path.join(root, '.data', 'bench-tls'), port: port + 300, backendPort: port, log });
  // The front's certificate is self-signed.
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'] });
  const ways = front ? [['h2', front.origin], ['http1', origin]] : [['http1', origin]];
  const median = (runs) => {
    const sorted = [...runs].sort((a, b) => a.lcpMs - b.lcpMs);
    return { ...sorted[Math.floor((sorted.length - 1) / 2)], lcpRunsMs: sorted.map((row) => row.lcpMs) };
  };
  const rows = {};
  try {
    for (const name of options.lighthouse.split(',').filter((name) => name in routes || name === 'searchNew')) {
      const runs = Object.fromEntries(ways.map(([way]) => [way, []]));
      const wanted = Number(options['lighthouse-runs']);
      for (let run = 0; run < 2 * wanted && ways.some(([way]) => runs[way].length < wanted); run++) {
        for (const [index, [way, wayOrigin]] of ways.entries()) {
          // A load Lighthouse could not time (no LCP in its trace) is no figure: loaded again, twice the runs at most.
          if (runs[way].length >= wanted) continue;
          // 'trek' with a price bound of this second's: a multiple of the cold texts' count keeps the text.
          const route = name === 'searchNew' ? coldSearchPath(8 * ((Math.floor(Date.now() / 1000) + run * ways.length + index) % 100_000)) : routes[name];
          if (name !== 'searchNew') await (await fetch(`${origin}${route}`)).arrayBuffer();
          log(`lighthouse ${route} (${way}, run ${run + 1})…`);
          const result = await lighthouse(`${wayOrigin}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
          const row = lighthouseRow(route, result.lhr);
          if (Number.isFinite(row.lcpMs)) runs[way].push(row);
          else log(`lighthouse ${route}: no LCP (${result.lhr.audits['largest-contentful-paint']?.errorMessage ?? result.lhr.runtimeError?.code ?? 'unknown'}), loaded again`);
        }
      }
      const [first] = ways[0];
      if (runs[first].length === 0) continue;
      rows[name] = { ...median(runs[first]), via: first };
      if (front && runs.http1.length > 0) {
        const http1 = median(runs.http1);
        rows[name].http1 = { lcpMs: http1.lcpMs, lcpRunsMs: http1.lcpRunsMs, performance: http1.performance };
      }
    }
  } finally {
    chrome.kill();
    await front?.stop();
  }
  return rows;
}

/** One Lighthouse report's figures. */
function lighthouseRow(route, { categories, audits }) {
  const score = (key) => (categories[key]?.score === null || categories[key] === undefined ? null : Math.round(categories[key].score * 100));
  return {
    route,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(audits['total-blocking-time'].numericValue),
    cls: Math.round(audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
    // What the LCP was (a trip with photos: its gallery's first <img>, which the page preloads).
    lcpElement: audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 160) ?? null,
    failedAudits: Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function printReport(report, previous) {
  const delta = (now, before) => (before === undefined || before === null ? '' : ` (${now >= before ? '+' : ''}${Math.round(((now - before) / (before || 1)) * 100)} %)`);
  if (report.serverCpu) {
    console.log(`\nServer CPU per request (/proc), ${report.serverCpu.requests} requests per page in ${report.serverCpu.rounds} rounds`);
    console.log('page'.padEnd(10), 'Cordée ms'.padStart(10), '+ PG ms'.padStart(8), 'elements'.padStart(9), 'minimal ms'.padStart(11), 'elements'.padStart(9), 'ratio'.padStart(6));
    for (const [name, row] of Object.entries(report.serverCpu.pages)) {
      console.log(name.padEnd(10), row.cordee.cpuMsPerRequest.toFixed(2).padStart(10), row.cordee.databaseCpuMsPerRequest.toFixed(2).padStart(8), String(row.cordee.elements).padStart(9), row.minimal.cpuMsPerRequest.toFixed(2).padStart(11), String(row.minimal.elements).padStart(9), `${row.ratio}×`.padStart(6), row.holds ? `≤ ${report.serverCpu.target}×` : `OVER ${report.serverCpu.target}×`, delta(row.cordee.cpuMsPerRequest, previous?.serverCpu?.pages?.[name]?.cordee?.cpuMsPerRequest));
    }
  }
  if (report.http) {
    console.log(`\nThroughput at ${report.settings.connections} connections, ${report.settings.durationSeconds} s per route`);
    console.log('route'.padEnd(10), 'path'.padEnd(46), 'req/s'.padStart(10), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs floor'.padStart(9));
    for (const [name, row] of Object.entries(report.http)) {
      console.log(
        name.padEnd(10),
        row.route.slice(0, 46).padEnd(46),
        row.requestsPerSecond.toFixed(1).padStart(10),
        String(row.p50Ms).padStart(8),
        String(row.p99Ms).padStart(8),
        `${(row.ratioToFloor * 100).toFixed(1)} %`.padStart(9),
        delta(row.requestsPerSecond, previous?.http?.[name]?.requestsPerSecond),
      );
    }
  }
  if (report.javascript) {
    console.log('\nJavaScript on first load (gzip)');
    console.log('route'.padEnd(10), 'scripts'.padStart(8), 'total'.padStart(10), 'framework'.padStart(10), 'ours'.padStart(10), 'above floor'.padStart(12), 'budget'.padStart(14));
    for (const [name, row] of Object.entries(report.javascript)) {
      const budget = row.budgetGzipBytes ? `${row.aboveFloorGzipBytes <= row.budgetGzipBytes ? '≤' : 'OVER'} ${kb(row.budgetGzipBytes)}` : '';
      console.log(name.padEnd(10), String(row.scripts).padStart(8), kb(row.totalGzipBytes).padStart(10), kb(row.frameworkGzipBytes).padStart(10), kb(row.oursGzipBytes).padStart(10), kb(row.aboveFloorGzipBytes).padStart(12), budget.padStart(14), delta(row.totalGzipBytes, previous?.javascript?.[name]?.totalGzipBytes));
    }
  }
  if (report.lighthouse) {
    console.log('\nLighthouse (mobile)');
    console.log('route'.padEnd(10), 'perf'.padStart(5), 'a11y'.padStart(5), 'b.p.'.padStart(5), 'seo'.padStart(5), 'LCP ms'.padStart(8), 'TBT ms'.padStart(8), 'CLS'.padStart(6));
    for (const [name, row] of Object.entries(report.lighthouse)) {
      console.log(name.padEnd(10), String(row.performance).padStart(5), String(row.accessibility).padStart(5), String(row.bestPractices).padStart(5), String(row.seo).padStart(5), String(row.lcpMs).padStart(8), String(row.tbtMs).padStart(8), String(row.cls).padStart(6));
      if (row.lcpRunsMs) console.log(' '.repeat(10), `LCP of each run${row.via === 'h2' ? ' through the TLS front (HTTP/2)' : ' (HTTP/1.1)'}: ${row.lcpRunsMs.join(', ')} ms`);
      if (row.http1) console.log(' '.repeat(10), `straight to the server (HTTP/1.1): median ${row.http1.lcpMs} ms, each run ${row.http1.lcpRunsMs.join(', ')} ms`);
      if (row.lcpElement) console.log(' '.repeat(10), `LCP element: ${row.lcpElement}`);
    }
  }
  if (report.database) {
    console.log('\nDatabase transactions per request, warm');
    for (const [name, row] of Object.entries(report.database)) console.log(name.padEnd(10), row.route.slice(0, 46).padEnd(46), row.transactionsPerRequest.toFixed(2).padStart(6), row.maintenanceRuns ? `  (PostgreSQL's maintenance ran during each try: ${row.maintenanceRuns} runs)` : '');
  }
  if (report.searchLoad) {
    const { floor, warm, cold, data, filter } = report.searchLoad;
    console.log(`\nSearch under load (floor ${floor.requestsPerSecond.toFixed(1)} req/s; cold: a first page load; new/filter: the search page's results as data)`);
    const rows = [['warm', warm], ['cold', cold], ['new', data], ['filter', filter]].filter(([, row]) => row);
    for (const [name, row] of rows) {
      console.log(name.padEnd(6), `${row.connections} conn`.padStart(8), `${row.requestsPerSecond.toFixed(1)} req/s`.padStart(14), `${(row.ratioToFloor * 100).toFixed(1)} %`.padStart(8), `p50/p95/p99 ${Math.round(row.p50Ms)}/${Math.round(row.p95Ms)}/${Math.round(row.p99Ms)} ms`, `errors ${row.non2xx + row.errors + row.timeouts}`, row.holds ? 'holds' : 'OVER target');
    }
  }
  if (report.cacheBustingMix) {
    const mix = report.cacheBustingMix;
    console.log(`\nCache-busting mix, ${mix.seconds} s at ${mix.connections} connections over ${mix.pages} pages: ${mix.requests} requests (${mix.requestsPerSecond.toFixed(1)} req/s), errors ${mix.errors}`);
    console.log(`  memory ${mix.memoryBeforeMb} MB before, ${mix.memoryPeakMb} MB at most, ${mix.memoryAfterMb} MB after; limit ${mix.memoryLimitMb} MB: ${mix.holds ? 'holds' : 'OVER'}`);
  }
  if (report.search) {
    console.log(`\nSearch database time over ${report.search.trips} trips: p50 ${report.search.p50.toFixed(1)} ms, p95 ${report.search.p95.toFixed(1)} ms${delta(report.search.p50, previous?.search?.p50)}`);
  }
}

async function main() {
  buildIfNeeded();
  const report = {
    date: new Date().toISOString(),
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim(),
    settings: { connections: Number(options.connections), durationSeconds: Number(options.duration), client: loadClient, clientThreads: Number(options.workers), acceptEncoding: ACCEPT_ENCODING, trips: Number(options.trips), cpus: (await import('node:os')).cpus().length },
  };
  if (!skip.has('search')) report.search = benchSearch();
  const server = await startServer();
  try {
    report.routes = await chooseRoutes();
    // First, on a server that has served nothing else yet: its heap as a visitor's request finds it.
    if (!skip.has('cpu')) report.serverCpu = await measureServerCpu({ origin, serverPid: servingProcess(server.pid), treePid: server.pid, port: Number(options['cpu-port'] ?? port + 200), requests: Number(options['cpu-requests']), log });
    if (!skip.has('db')) report.database = await measureDatabaseWork(report.routes);
    if (!skip.has('http')) {
      report.http = await measureThroughput(report.routes);
      // The same trip page through two instances behind Varnish, as a ratio to this run's floor.
      const cluster = skip.has('varnish') ? null : await measureCluster(report.routes.trip);
      if (cluster) report.http.tripVarnish = withRatios({ cluster }, report.http.floor.requestsPerSecond).cluster;
    }
    // The search warm and cold against the floor, in the same run (scripts/search-load.mjs).
    if (!skip.has('searchload')) report.searchLoad = await measureSearchLoad(origin, { duration: Number(options.duration), log });
    if (!skip.has('js')) report.javascript = await measureJavaScript(await chooseJavaScriptRoutes(report.routes));
    if (!skip.has('lighthouse')) report.lighthouse = await measureLighthouse(report.routes);
    // Last: the mix fills the page cache with variants nobody else asks for.
    if (!skip.has('mix')) report.cacheBustingMix = await measureCacheBustingMix(server.pid);
  } finally {
    await server.stop();
  }
  const out = options.out ?? path.join('bench-results', `bench-${report.date.replace(/[:.]/g, '-')}.json`);
  mkdirSync(path.dirname(path.resolve(root, out)), { recursive: true });
  writeFileSync(path.resolve(root, out), `${JSON.stringify(report, null, 2)}\n`);
  const previous = options.compare ? JSON.parse(readFileSync(options.compare, 'utf8')) : undefined;
  printReport(report, previous);
  console.log(`\nReport: ${out}${previous ? ` (compared with ${options.compare})` : ''}`);
  // The figures of this run replace the generated section of docs/benchmarks.md.
  writeBenchmarksDoc(report);
  console.log(`Figures written to ${path.relative(root, BENCHMARKS_DOC)}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
