#!/usr/bin/env node
// The generated section of docs/benchmarks.md, from one `npm run bench` report (its JSON).
// `npm run bench` calls it after each run; `node scripts/bench-report.mjs bench-results/<file>.json`
// rewrites the section from a saved report. Only the text between the markers is replaced.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const START_MARKER = '<!-- bench:start (written by npm run bench; edits here are overwritten) -->';
export const END_MARKER = '<!-- bench:end -->';
export const BENCHMARKS_DOC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'benchmarks.md');

const kb = (bytes) => (bytes / 1024).toFixed(1);
const thousands = (value) => Math.round(value).toLocaleString('en-US');
const percent = (ratio) => (ratio === null || ratio === undefined ? '' : ` (${Math.round(ratio * 100)} %)`);
const cell = (value) => (value === null || value === undefined ? '–' : String(value));

/** The Markdown of one report: what ran, then one table per measure it holds. */
export function benchmarksSection(report) {
  const lines = [
    `Run of ${report.date.slice(0, 10)} at commit \`${report.commit}\`: ${report.settings.cpus} CPUs, ` +
      // The catalogue is grown to --trips only by the search part: without it, the bench database is as it was.
      `${report.settings.connections} connections, ${report.settings.durationSeconds} s per route${report.search ? `, ${thousands(report.settings.trips)} trips` : ''}.`,
    '',
  ];
  const missing = [];
  if (report.serverCpu) {
    const { requests, rounds, target, pages } = report.serverCpu;
    lines.push(
      `Server CPU per request from \`/proc\` (utime + stime; ${requests} sequential requests per page in ${rounds} alternating rounds), Cordée against the minimal Next.js app of \`bench/minimal\` (same versions, same page shapes):`,
      '',
      '| page | Cordée path | Cordée ms (+ PostgreSQL) | elements | minimal app ms | elements | ratio | ≤ ' + target + '× |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    for (const [name, row] of Object.entries(pages)) {
      lines.push(`| ${name} | \`${row.cordee.path}\` | ${row.cordee.cpuMsPerRequest.toFixed(1)} (+ ${row.cordee.databaseCpuMsPerRequest.toFixed(1)}) | ${row.cordee.elements} | ${row.minimal.cpuMsPerRequest.toFixed(1)} | ${row.minimal.elements} | ${row.ratio} | ${row.holds ? 'yes' : '**no**'} |`);
    }
    lines.push('');
  } else missing.push('server CPU per request');
  if (report.http) {
    const { client = 'autocannon', clientThreads, acceptEncoding } = report.settings;
    if (clientThreads) lines.push(`Load from ${client} in ${clientThreads} threads, \`Accept-Encoding: ${acceptEncoding}\`.`, '');
    lines.push('| route | path | req/s (vs floor) | p50 / p99 ms | MB/s, encoding | non-2xx |', '| --- | --- | ---: | ---: | ---: | ---: |');
    for (const [name, row] of Object.entries(report.http)) {
      const label = row.through ? `${name} (${row.through}${row.varnishCache ? `, ${row.varnishCache}` : ''})` : name;
      const transfer = row.megabytesPerSecond === undefined ? '–' : `${row.megabytesPerSecond}, ${row.contentEncoding ?? 'identity'}`;
      lines.push(`| ${label} | \`${row.route}\` | ${thousands(row.requestsPerSecond)}${name === 'floor' ? '' : percent(row.ratioToFloor)} | ${row.p50Ms} / ${row.p99Ms} | ${transfer} | ${row.non2xx + row.errors} |`);
    }
    lines.push('');
  } else missing.push('throughput');
  if (report.javascript) {
    const floor = report.javascript.floor;
    lines.push(
      `JavaScript on first load, KB gzip above the framework floor${floor ? ` (${kb(floor.totalGzipBytes)} KB)` : ''}, 375 px Chromium:`,
      '',
      '| page | path | above floor | budget | holds |',
      '| --- | --- | ---: | ---: | --- |',
    );
    for (const [name, row] of Object.entries(report.javascript)) {
      if (name === 'floor') continue;
      const budget = row.budgetGzipBytes;
      const holds = budget ? (row.aboveFloorGzipBytes <= budget ? 'yes' : '**over**') : '';
      lines.push(`| ${name}${row.signedIn ? ' (signed in)' : ''} | \`${row.route}\` | ${kb(row.aboveFloorGzipBytes)} | ${budget ? kb(budget) : ''} | ${holds} |`);
    }
    lines.push('');
  } else missing.push('JavaScript');
  if (report.lighthouse) {
    // Through the TLS front (HTTP/2) when nginx ran, else straight to the server; the other way's median beside it.
    const runs = (row) => (row.lcpRunsMs ? ` (${row.lcpRunsMs.join(', ')})` : '');
    lines.push('| Lighthouse (mobile), run with the median LCP | perf | a11y | best practices | SEO | LCP ms over TLS + HTTP/2 (each run) | LCP ms over HTTP/1.1 (each run) | TBT ms | CLS |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const [name, row] of Object.entries(report.lighthouse)) {
      const h2 = row.via === 'h2' ? `${row.lcpMs}${runs(row)}` : 'not measured';
      const http1 = row.via === 'h2' ? (row.http1 ? `${row.http1.lcpMs}${runs(row.http1)}` : '') : `${row.lcpMs}${runs(row)}`;
      lines.push(`| ${name} | ${cell(row.performance)} | ${cell(row.accessibility)} | ${cell(row.bestPractices)} | ${cell(row.seo)} | ${h2} | ${http1} | ${row.tbtMs} | ${row.cls} |`);
    }
    lines.push('');
  } else missing.push('Lighthouse');
  if (report.database) {
    lines.push('| database transactions per request, warm | path | per request |', '| --- | --- | ---: |');
    for (const [name, row] of Object.entries(report.database)) lines.push(`| ${name} | \`${row.route}\` | ${row.transactionsPerRequest.toFixed(2)} |`);
    lines.push('');
  } else missing.push('database transactions');
  if (report.search) {
    lines.push(`Search database time over ${thousands(report.search.trips)} trips: p50 ${report.search.p50.toFixed(1)} ms, p95 ${report.search.p95.toFixed(1)} ms.`, '');
  } else missing.push('search');
  if (report.searchLoad) {
    const { floor, warm, cold, data, filter } = report.searchLoad;
    const ms = (value) => (value === null ? '–' : Math.round(value));
    const row = (name, load, target) =>
      `| ${name} | \`${load.route}\` | ${load.connections} | ${thousands(load.requestsPerSecond)}${percent(load.ratioToFloor)} | ${ms(load.p50Ms)} / ${ms(load.p95Ms)} / ${ms(load.p99Ms)} | ${load.non2xx + load.errors + load.timeouts} | ${target} | ${load.holds ? 'yes' : '**no**'} |`;
    lines.push(
      `Search under load over the catalogue (floor ${thousands(floor.requestsPerSecond)} req/s at 50 connections in the same run):`,
      '',
      '| search | path | connections | req/s (vs floor) | p50 / p95 / p99 ms | errors | target | holds |',
      '| --- | --- | ---: | ---: | ---: | ---: | --- | --- |',
      row('warm', warm, '≥ 25 % of floor, p99 ≤ 300 ms'),
      row('cold (every search new)', cold, 'p95 ≤ 150 ms'),
      ...(data ? [row('new search as data (/api/search)', data, 'p95 ≤ 150 ms')] : []),
      ...(filter ? [row('filter change as data', filter, 'p95 ≤ 100 ms')] : []),
      '',
    );
  } else missing.push('search load');
  if (report.cacheBustingMix) {
    const mix = report.cacheBustingMix;
    lines.push(
      `Cache-busting mix (scripts/cache-busting-mix.mjs: ${thousands(mix.pages)} trip and guide pages × travellers 1–99 and garbage × 30 currencies, odd cookies, random parameters), ${mix.seconds} s at ${mix.connections} connections, after the rest of the run:`,
      '',
      '| requests | req/s | p50 / p99 ms | errors, timeouts, 5xx | memory before / peak / after MB | limit MB (before + budgets + 200) | holds |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      `| ${thousands(mix.requests)} | ${mix.requestsPerSecond.toFixed(1)} | ${mix.p50Ms} / ${mix.p99Ms} | ${mix.errors} | ${mix.memoryBeforeMb} / ${mix.memoryPeakMb} / ${mix.memoryAfterMb} | ${mix.memoryLimitMb} | ${mix.holds ? 'yes' : '**no**'} |`,
      '',
    );
  } else missing.push('cache-busting mix');
  if (missing.length > 0) lines.push(`Not measured in this run: ${missing.join(', ')}.`, '');
  return lines.join('\n');
}

/** The document with its generated section replaced (or added at its end when it has no markers). */
export function withBenchmarksSection(document, report) {
  const section = `${START_MARKER}\n${benchmarksSection(report)}\n${END_MARKER}`;
  const start = document.indexOf(START_MARKER);
  const end = document.indexOf(END_MARKER);
  if (start === -1 || end < start) return `${document.trimEnd()}\n\n${section}\n`;
  return `${document.slice(0, start)}${section}${document.slice(end + END_MARKER.length)}`;
}

/** Rewrites docs/benchmarks.md (or `file`) with the report's figures. */
export function writeBenchmarksDoc(report, file = BENCHMARKS_DOC) {
  writeFileSync(file, withBenchmarksSection(readFileSync(file, 'utf8'), report));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [reportFile] = process.argv.slice(2);
  if (!reportFile) {
    console.error('Usage: node scripts/bench-report.mjs bench-results/<report>.json');
    process.exit(2);
  }
  writeBenchmarksDoc(JSON.parse(readFileSync(reportFile, 'utf8')));
  console.log(`${path.relative(process.cwd(), BENCHMARKS_DOC)} rewritten from ${reportFile}`);
}
