#!/usr/bin/env node
// The crawl test: the production app as `npm start` serves it (own database in .data/crawl-postgres),
// freshly started, then a maintained link checker (linkinator) follows every link reachable from the
// home page and every URL of every sitemap robots.txt names (a sitemap index's parts, and each entry's
// language alternates), with CRAWL_CONNECTIONS (8) requests at a time, as a search engine's crawler
// does. Every request goes through a timing relay in front of the app, which gives each answer's
// latency (p50, p99). Passes with 0 answers of 500 or more (so no 503: a crawler reads it as "come
// back later"), no failed connection and no broken link (an answer of 400 or more, after redirects).
// Writes .data/crawl-report.json. Then every sitemap page as
// a search engine reads it (scripts/seo-check.ts: canonical, hreflang, unique titles, JSON-LD, trip
// tabs), from the copies the crawl left in the page store. Then the HTML check (scripts/validate-html.mjs:
// the Nu Html Checker over five kinds of page in three languages, 0 errors). Then the log check: a page that fails to
// render with a sign-in token in its URL and a session cookie (the crash-test route), and the sign-in
// page with a token; the app's whole captured output must hold the failure's log line and neither secret.
// Usage: node scripts/crawl-test.mjs [--connections N]
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LinkChecker } from 'linkinator';
import { buildIfNeeded, root } from './build-if-needed.mjs';

const { values: options } = parseArgs({ options: { connections: { type: 'string' } } });
const connections = Number(options.connections ?? process.env.CRAWL_CONNECTIONS ?? 8);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const unescapeXml = (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** Every page URL of a sitemap and its entries' language alternates, following a sitemap index's parts. */
async function sitemapUrls(url, depth = 0) {
  const xml = await (await fetch(url)).text();
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => unescapeXml(match[1]));
  if (/<sitemapindex/.test(xml)) return depth > 2 ? [] : (await Promise.all(locations.map((part) => sitemapUrls(part, depth + 1)))).flat();
  const alternates = [...xml.matchAll(/<xhtml:link [^>]*href="([^"]+)"/g)].map((match) => unescapeXml(match[1]));
  return [...locations, ...alternates];
}

/** Every sitemap robots.txt names (the site's sitemap.xml when it names none), each page once. */
async function everySitemapUrl(base) {
  const robots = await (await fetch(`${base}/robots.txt`)).text();
  const named = [...robots.matchAll(/^sitemap:\s*(\S+)/gim)].map((match) => match[1]);
  const sitemaps = named.length > 0 ? named : [`${base}/sitemap.xml`];
  return { sitemaps, urls: [...new Set((await Promise.all(sitemaps.map((url) => sitemapUrls(url)))).flat())] };
}

/**
 * A relay in front of the app that times every answer, from the request's arrival to the last byte
 * sent back (what the crawler waits for, minus loopback), by status.
 */
async function timingRelay(target) {
  const agent = new Agent({ keepAlive: true });
  const timings = [];
  const server = createHttpServer((req, res) => {
    const started = performance.now();
    const upstream = httpRequest({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
      answer.on('end', () => timings.push({ ms: performance.now() - started, status: answer.statusCode ?? 0 }));
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, timings, close: () => new Promise((resolve) => { agent.destroy(); server.closeAllConnections(); server.close(resolve); }) };
}

/** The value at `fraction` (0.5, 0.99) of sorted latencies, in ms (nearest rank). */
function percentile(sorted, fraction) {
  if (sorted.length === 0) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]);
}

buildIfNeeded();
// The app on its own port; the crawler, and every absolute URL the app writes (SITE_URL), on the relay's.
const port = await freePort();
const relay = await timingRelay(port);
const base = `http://127.0.0.1:${relay.port}`;
const appLog = [];
const app = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    PORT: String(port),
    SITE_URL: base,
    CORDEE_DATA_DIR: path.join(root, '.data', 'crawl-postgres'),
    NEXT_TELEMETRY_DISABLED: '1',
    LOG_LEVEL: 'warn',
    // The route that fails to render, for the log check (never linked, never in the sitemap).
    CRASH_TEST_ROUTE: '1',
  },
});
for (const stream of [app.stdout, app.stderr]) stream.on('data', (chunk) => appLog.push(chunk.toString()));

const stop = async () => {
  if (app.exitCode === null && app.signalCode === null) {
    app.kill('SIGTERM');
    await Promise.race([new Promise((resolve) => app.once('exit', resolve)), sleep(40_000)]);
  }
  await relay.close();
  mkdirSync(path.join(root, '.data'), { recursive: true });
  writeFileSync(path.join(root, '.data', 'crawl-app.log'), appLog.join(''));
};

let failed = true;
try {
  let ready = false;
  for (let i = 0; i < 240 && !ready; i += 1) {
    ready = (await fetch(`${base}/api/ready`).then((response) => response.status).catch(() => 0)) === 200;
    if (!ready) await sleep(500);
  }
  if (!ready) throw new Error(`the app never became ready on ${base} (log: .data/crawl-app.log)`);

  const { sitemaps, urls: sitemapPages } = await everySitemapUrl(base);
  relay.timings.length = 0;
  const started = Date.now();
  const checker = new LinkChecker();
  const statuses = new Map();
  checker.on('link', (result) => {
    const status = result.status ?? 0;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await checker.check({
    path: [`${base}/`, ...sitemapPages],
    recurse: true,
    concurrency: connections,
    timeout: 60_000,
    // The site's own pages and assets only: third parties are neither reachable here nor ours to test.
    linksToSkip: async (link) => !link.startsWith(base),
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  const latencies = relay.timings.map((timing) => timing.ms).sort((a, b) => a - b);
  const unavailable = relay.timings.filter((timing) => timing.status === 503).length;
  const serverErrors = result.links.filter((link) => (link.status ?? 0) >= 500);
  const unreachable = result.links.filter((link) => link.state === 'BROKEN' && !link.status);
  const otherBroken = result.links.filter((link) => link.state === 'BROKEN' && (link.status ?? 0) > 0 && (link.status ?? 0) < 500);
  const report = {
    base,
    connections,
    seconds,
    sitemaps,
    sitemapPages: sitemapPages.length,
    links: result.links.length,
    requests: relay.timings.length,
    latencyMs: { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: percentile(latencies, 1) },
    unavailable,
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    serverErrors: serverErrors.map((link) => ({ url: link.url, status: link.status, parent: link.parent })),
    unreachable: unreachable.map((link) => ({ url: link.url, parent: link.parent })),
    otherBroken: otherBroken.map((link) => ({ url: link.url, status: link.status, parent: link.parent })),
  };
  writeFileSync(path.join(root, '.data', 'crawl-report.json'), JSON.stringify(report, null, 2));
  console.log(`crawl: ${report.links} links (${report.sitemapPages} sitemap pages) in ${seconds} s at ${connections} connections, statuses ${JSON.stringify(report.statuses)}`);
  console.log(`crawl: ${report.requests} requests, latency p50 ${report.latencyMs.p50} ms, p99 ${report.latencyMs.p99} ms, max ${report.latencyMs.max} ms, ${unavailable} × 503`);
  for (const link of report.serverErrors.slice(0, 20)) console.log(`  ${link.status} ${link.url} (from ${link.parent})`);
  for (const link of report.unreachable.slice(0, 20)) console.log(`  no answer ${link.url} (from ${link.parent})`);
  for (const link of report.otherBroken.slice(0, 20)) console.log(`  ${link.status} ${link.url} (from ${link.parent})`);
  if (report.links < 100) console.log('✖ crawl: fewer than 100 links reached: the crawl did not follow the site');
  else if (serverErrors.length > 0 || unavailable > 0 || unreachable.length > 0 || otherBroken.length > 0) {
    console.log(`✖ crawl: ${serverErrors.length} answers ≥ 500 (${unavailable} × 503), ${unreachable.length} without an answer, ${otherBroken.length} broken links`);
  } else {
    console.log('✔ crawl: 0 answers ≥ 500 (0 × 503), no broken link');
    failed = false;
  }

  // Every sitemap page as a search engine reads it (TypeScript, through tsx; not spawnSync: the app's output keeps being read).
  const seo = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/seo-check.ts', base], { cwd: root, stdio: 'inherit', env: { ...process.env, CRAWL_CONNECTIONS: String(connections) } });
  if ((await new Promise((resolve) => seo.on('exit', resolve))) !== 0) failed = true;

  // The HTML check: home, search, a trip, a guide and the 404 page in en, fr and es through the Nu Html Checker.
  const html = spawn(process.execPath, ['scripts/validate-html.mjs', base], { cwd: root, stdio: 'inherit' });
  if ((await new Promise((resolve) => html.on('exit', resolve))) !== 0) failed = true;

  // The log check: secrets in a failing request's URL and headers never reach the log.
  const token = 'abcdefghijklmnopqrstuvwxyz234567';
  const session = 'session-secret-7c1e9a3b5d';
  const headers = { cookie: `cordee_session=${session}`, authorization: `Bearer ${session}` };
  const crash = await fetch(`${base}/crash-test?token=${token}`, { headers });
  await fetch(`${base}/account/sign-in?token=${token}`, { headers });
  await sleep(1000);
  const output = appLog.join('');
  const logged = output.includes('/crash-test?token=[redacted]');
  const leaked = output.includes(token) || output.includes(session);
  if (crash.status < 500 || !logged) {
    console.log(`✖ log check: the crash-test page answered ${crash.status} and its failure was ${logged ? '' : 'not '}logged with its redacted URL`);
    failed = true;
  } else if (leaked) {
    console.log('✖ log check: a sign-in token or session secret is in the app’s log (.data/crawl-app.log)');
    failed = true;
  } else console.log('✔ log check: the failure is logged, without its token or session');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stop();
}
process.exit(failed ? 1 : 0);
