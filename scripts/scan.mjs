#!/usr/bin/env node
// A maintained scanner nobody here wrote, over the running production site: Debian's `wapiti`
// with its default modules (SQL and blind SQL injection, XSS and stored XSS, command execution,
// file inclusion and traversal, open redirect, SSRF, CSP, security headers, cookie flags). Starts
// the app as `npm start` does (its own data folder and port), crawls and attacks it on loopback only,
// prints every finding (the report stays in the output, the JSON beside it in .data/scan/), and
// fails on any high or medium one.
//
// Bounded: wapiti stops crawling and attacking after SCAN_SECONDS (default 240, `--short` 35) in
// all, each module after a share of it, at 3 levels of links and 20 links per page (`--short`: 2
// levels and 8 links, from the home page, a trip page, search pages and the sign-in page, so the
// forms those hold are crawled and attacked whatever the links reached first). No --exclude: Debian's
// wapiti 3.0.4 fails on its own wildcard pattern under Python 3.11 (re.error, global flags).
// Env: SCAN_PORT (3400), WAPITI (the wapiti binary, default `wapiti` on PATH).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

const short = process.argv.includes('--short');
const port = Number(process.env.SCAN_PORT || 3400);
const scanSeconds = Number(process.env.SCAN_SECONDS || (short ? 35 : 240));
/** The pages whose forms and parameters are always scanned, besides what the crawl reaches. */
const startPaths = ['trip/tour-du-mont-blanc-guided-hut-trek', 'search?query=trek', 'fr/search?query=nepal', 'account/sign-in'];
const wapiti = process.env.WAPITI || 'wapiti';
const site = `http://127.0.0.1:${port}/`;
const out = path.join(root, '.data', 'scan');
const report = path.join(out, 'wapiti-report.json');
/** wapiti's levels (wapitiCore/language/vulnerability.py): 4 critical, 3 high, 2 medium, 1 low, 0 info. */
const LEVEL_NAMES = { 4: 'critical', 3: 'high', 2: 'medium', 1: 'low', 0: 'info' };
const FAILING_LEVEL = 2;

if (spawnSync(wapiti, ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error(`wapiti not found (${wapiti}): install it (Debian: apt-get install wapiti) or set WAPITI.`);
  process.exit(1);
}

buildIfNeeded();
rmSync(out, { recursive: true, force: true });
mkdirSync(path.join(out, 'config'), { recursive: true });
// Every module is loaded, used or not; without this file the (unused) wapp module downloads its database from GitHub.
writeFileSync(path.join(out, 'config', 'apps.json'), '{}');

const app = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), SITE_URL: site.slice(0, -1), CORDEE_DATA_DIR: '.data/scan-postgres', NEXT_TELEMETRY_DISABLED: '1' },
});
let appExited = false;
app.on('exit', () => (appExited = true));

async function stopApp() {
  if (appExited) return;
  const exited = new Promise((resolve) => app.once('exit', resolve));
  app.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 40_000))]);
  if (!appExited) app.kill('SIGKILL');
}

async function waitForSite(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (appExited) throw new Error('the app exited before answering');
    try {
      const response = await fetch(site, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`${site} did not answer within ${timeoutMs / 1000} s`);
}

/** Runs wapiti to its end (its own time limits bound it), its progress in this output. */
function scan() {
  const args = [
    '--url', site,
    '--scope', 'folder',
    ...startPaths.flatMap((startPath) => ['--start', `${site}${startPath}`]),
    '--depth', short ? '2' : '3',
    '--max-links-per-page', short ? '8' : '20',
    '--max-files-per-dir', short ? '10' : '30',
    '--max-scan-time', String(scanSeconds),
    // Each of the 11 default modules gets its share, so every one of them runs.
    '--max-attack-time', String(Math.max(2, Math.floor((scanSeconds * 0.7) / 11))),
    '--timeout', '15',
    '--flush-session',
    '--store-session', path.join(out, 'session'),
    '--store-config', path.join(out, 'config'),
    // Loopback only: no bug report sent anywhere, and the SSRF/XXE endpoint is a closed local port.
    '--no-bugreport',
    '--endpoint', 'http://127.0.0.1:9/',
    '--format', 'json',
    '--output', report,
    '--verbose', '1',
  ];
  console.log(`$ ${wapiti} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(wapiti, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Every finding of the report, printed, and those at medium or above. */
function summarize() {
  const data = JSON.parse(readFileSync(report, 'utf8'));
  const failing = [];
  console.log(`\nwapiti report (${path.relative(root, report)}):`);
  for (const section of ['vulnerabilities', 'anomalies', 'additionals']) {
    const categories = Object.entries(data[section] ?? {}).filter(([, findings]) => findings.length > 0);
    console.log(`  ${section}: ${categories.length === 0 ? 'none' : ''}`);
    for (const [category, findings] of categories) {
      for (const finding of findings) {
        const level = Number(finding.level);
        console.log(`    [${LEVEL_NAMES[level] ?? level}] ${category}: ${finding.method} ${finding.path}${finding.parameter ? ` (${finding.parameter})` : ''}: ${String(finding.info).replace(/\s+/g, ' ').slice(0, 300)}`);
        if (section !== 'additionals' && level >= FAILING_LEVEL) failing.push(`${category} ${finding.path}`);
      }
    }
  }
  console.log(`  crawled: ${data.infos?.target ?? site}, scope ${data.infos?.scope ?? 'folder'}`);
  return failing;
}

const started = Date.now();
let status = 1;
try {
  await waitForSite(120_000);
  console.log(`app ready in ${Math.round((Date.now() - started) / 1000)} s`);
  const code = await scan();
  const failing = summarize();
  const seconds = Math.round((Date.now() - started) / 1000);
  if (code !== 0) console.error(`\n✖ wapiti exited with ${code}.`);
  else if (failing.length > 0) console.error(`\n✖ ${failing.length} high or medium finding(s) (${seconds} s).`);
  else console.log(`\n✔ No high or medium finding (${seconds} s).`);
  status = code === 0 && failing.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopApp();
}
process.exit(status);
