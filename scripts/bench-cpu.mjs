// Server CPU per request, Cordée against the minimal app of bench/minimal (part of `npm run bench`):
// the same page shapes, a new search (every query new) and /gift-cards, measured from /proc (utime +
// stime of the serving process, and of Cordée's PostgreSQL when it runs under the bench's server)
// over sequential requests after a warm-up, in rounds that alternate the two apps so that a busy
// moment of the shared machine weighs on both. The minimal app is built when its sources changed.
//
// Alone (to compare a change before and after without the whole bench):
//   node scripts/bench-cpu.mjs [--port 3450] [--requests 300] [--rounds 10] [--runs 1]
// builds Cordée if needed, starts it as `npm start` does on --port (CORDEE_DATA_DIR, default
// .data/bench-postgres: the bench's catalogue when `npm run bench` grew it, else the demo seed), the
// minimal app on --port + 200, and prints each run's figures and, over --runs, their medians.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildIfNeeded, nextBin, root } from './build-if-needed.mjs';
import { coldSearchPath } from './search-load.mjs';

export const MINIMAL_APP = path.join(root, 'bench', 'minimal');
const MINIMAL_SOURCES = ['app', 'components', 'i18n', 'messages', 'proxy.ts', 'instrumentation.ts', 'next.config.ts', 'package.json', path.join('..', '..', 'package-lock.json')];
/** A page within this ratio of the minimal app's CPU per request holds (issue's acceptance line). */
export const CPU_RATIO_TARGET = 1.3;
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const ACCEPT_ENCODING = 'gzip, deflate, br';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const readOr = (file, fallback) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
};

/** A process and every process it started, from /proc. */
export function processTree(pid) {
  const tree = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift();
    tree.push(next);
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${next}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) queue.push(...readOr(`/proc/${next}/task/${task}/children`, '').trim().split(' ').filter(Boolean).map(Number));
  }
  return tree;
}

/**
 * utime + stime of the processes, and cutime + cstime (of their children that ended: PostgreSQL's
 * backends come and go with the pool's connections), in clock ticks; a process gone counts 0.
 */
function cpuTicks(pids) {
  let ticks = 0;
  for (const pid of pids) {
    // The command may hold spaces and parentheses: the fields start after the last ')'.
    const stat = readOr(`/proc/${pid}/stat`, '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 to 17 of stat(5), here 11 to 14 counted from the state (field 3).
    if (fields.length > 14) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks;
}

/** The elements of a page's HTML, its scripts' text left out. */
export function elementCount(html) {
  return (html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '<script></script>').match(/<[a-zA-Z][^\s/>]*/g) ?? []).length;
}

async function get(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return text;
}

/** `next start` of the minimal app on `port`; resolves once it answers. */
async function startMinimalApp(port) {
  buildIfNeeded(MINIMAL_APP, MINIMAL_SOURCES);
  // Not bound to 127.0.0.1 alone: next-intl's rewrite names the host `localhost`, which Next.js then
  // takes for another origin and proxies to (the proxy redirects it back: a loop).
  const app = spawn(process.execPath, [nextBin(), 'start', '-p', String(port)], {
    cwd: MINIMAL_APP,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  app.stdout.on('data', (chunk) => (output += chunk));
  app.stderr.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (app.exitCode !== null) return;
    const exited = new Promise((resolve) => app.once('exit', resolve));
    process.kill(-app.pid, 'SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
  };
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (app.exitCode !== null) throw new Error(`the minimal app stopped:\n${output}`);
    if (await fetch(`http://127.0.0.1:${port}/gift-cards`).then((response) => response.ok, () => false)) return { origin: `http://127.0.0.1:${port}`, pid: app.pid, stop };
    await sleep(250);
  }
  await stop();
  throw new Error(`the minimal app did not answer within 30 s:\n${output}`);
}

/**
 * CPU per request of Cordée (its serving process `serverPid`, its PostgreSQL among `treePid`'s
 * processes) and of the minimal app, for a new search and /gift-cards: `requests` per page in
 * `rounds` alternating rounds, after `warmup` requests of each.
 */
export async function measureServerCpu({ origin, serverPid, treePid, port, requests = 300, rounds = 10, warmup = 60, log = () => undefined }) {
  const minimal = await startMinimalApp(port);
  try {
    const databasePids = () => processTree(treePid).filter((pid) => readOr(`/proc/${pid}/comm`, '').trim() === 'postgres');
    const minimalPids = () => processTree(minimal.pid);
    // Price bounds stay below the search's MAX_PRICE (1,000,000): a larger one is dropped, and the search is then not new.
    let searchNumber = Math.floor(Date.now() / 1000) % 900_000;
    const pages = {
      search: {
        cordee: { origin, path: () => coldSearchPath((searchNumber += 1)), pids: () => [serverPid] },
        minimal: { origin: minimal.origin, path: () => coldSearchPath((searchNumber += 1)), pids: minimalPids },
      },
      giftCards: {
        cordee: { origin, path: () => '/gift-cards', pids: () => [serverPid] },
        minimal: { origin: minimal.origin, path: () => '/gift-cards', pids: minimalPids },
      },
    };
    const totals = {};
    for (const [page, apps] of Object.entries(pages)) {
      for (const [app, target] of Object.entries(apps)) {
        let html = '';
        for (let index = 0; index < warmup; index += 1) html = await get(`${target.origin}${target.path()}`);
        totals[`${page}.${app}`] = { path: target.path(), elements: elementCount(html), ticks: 0, databaseTicks: 0, requests: 0, ms: 0 };
      }
    }
    const perRound = Math.ceil(requests / rounds);
    for (let round = 1; round <= rounds; round += 1) {
      log(`server CPU per request, round ${round} of ${rounds}: ${perRound} requests per page…`);
      for (const [page, apps] of Object.entries(pages)) {
        for (const [app, target] of Object.entries(apps)) {
          const total = totals[`${page}.${app}`];
          const pids = target.pids();
          const database = app === 'cordee' ? databasePids() : [];
          const [before, databaseBefore, started] = [cpuTicks(pids), cpuTicks(database), performance.now()];
          for (let index = 0; index < perRound; index += 1) await get(`${target.origin}${target.path()}`);
          total.ms += performance.now() - started;
          total.ticks += cpuTicks(pids) - before;
          total.databaseTicks += cpuTicks(database) - databaseBefore;
          total.requests += perRound;
        }
      }
    }
    const perRequest = (ticks, count) => Math.round(((ticks * 1000) / CLOCK_TICKS / count) * 100) / 100;
    const result = { requests: perRound * rounds, rounds, warmup, clockTicks: CLOCK_TICKS, target: CPU_RATIO_TARGET, pages: {} };
    for (const page of Object.keys(pages)) {
      const row = {};
      for (const app of ['cordee', 'minimal']) {
        const total = totals[`${page}.${app}`];
        row[app] = { path: total.path, elements: total.elements, cpuMsPerRequest: perRequest(total.ticks, total.requests), wallMsPerRequest: Math.round((total.ms / total.requests) * 10) / 10, ...(app === 'cordee' ? { databaseCpuMsPerRequest: perRequest(total.databaseTicks, total.requests) } : {}) };
      }
      row.ratio = row.minimal.cpuMsPerRequest > 0 ? Math.round((row.cordee.cpuMsPerRequest / row.minimal.cpuMsPerRequest) * 100) / 100 : null;
      row.holds = row.ratio !== null && row.ratio <= CPU_RATIO_TARGET;
      result.pages[page] = row;
    }
    return result;
  } finally {
    await minimal.stop();
  }
}

/** The serving process (`scripts/serve.ts`, which `scripts/start.ts` supervises) among a started server's processes, from /proc. */
export function servingProcess(pid) {
  const serving = processTree(pid).find((candidate) => readOr(`/proc/${candidate}/cmdline`, '').includes('scripts/serve.ts'));
  if (serving === undefined) throw new Error('the server has no scripts/serve.ts process');
  return serving;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round(((sorted[middle - 1] + sorted[middle]) / 2) * 100) / 100;
};

async function main() {
  const { values: options } = parseArgs({
    options: {
      port: { type: 'string', default: '3450' },
      requests: { type: 'string', default: '300' },
      rounds: { type: 'string', default: '10' },
      runs: { type: 'string', default: '1' },
    },
  });
  const port = Number(options.port);
  const origin = `http://127.0.0.1:${port}`;
  buildIfNeeded();
  const server = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, CORDEE_DATA_DIR: process.env.CORDEE_DATA_DIR || '.data/bench-postgres', PORT: String(port), SITE_URL: origin, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
  };
  try {
    let up = false;
    for (let attempt = 0; attempt < 240 && !up; attempt += 1) {
      if (server.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
      up = await fetch(`${origin}/gift-cards`).then((response) => response.ok, () => false);
      if (!up) await sleep(500);
    }
    if (!up) throw new Error(`the server did not answer within 2 minutes:\n${output}`);
    const runs = [];
    for (let run = 1; run <= Number(options.runs); run += 1) {
      const result = await measureServerCpu({ origin, serverPid: servingProcess(server.pid), treePid: server.pid, port: port + 200, requests: Number(options.requests), rounds: Number(options.rounds), log: (line) => console.log(`[run ${run}] ${line}`) });
      runs.push(result);
      for (const [page, row] of Object.entries(result.pages)) {
        console.log(`[run ${run}] ${page.padEnd(10)} cordée ${row.cordee.cpuMsPerRequest} ms (+ ${row.cordee.databaseCpuMsPerRequest} PostgreSQL), ${row.cordee.elements} elements; minimal ${row.minimal.cpuMsPerRequest} ms, ${row.minimal.elements} elements; ${row.ratio}×`);
      }
    }
    console.log(`\nMedians over ${runs.length} run(s), ${runs[0].requests} requests per page each:`);
    for (const page of Object.keys(runs[0].pages)) {
      const pick = (select) => median(runs.map((result) => select(result.pages[page])));
      console.log(`${page.padEnd(10)} cordée ${pick((row) => row.cordee.cpuMsPerRequest)} ms (+ ${pick((row) => row.cordee.databaseCpuMsPerRequest)} PostgreSQL), minimal ${pick((row) => row.minimal.cpuMsPerRequest)} ms, ratio ${pick((row) => row.ratio)}× (runs: ${runs.map((result) => result.pages[page].ratio).join(', ')})`);
    }
  } finally {
    await stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
