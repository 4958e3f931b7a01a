import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of scripts/, without types
import { END_MARKER, START_MARKER, benchmarksSection, withBenchmarksSection, writeBenchmarksDoc } from '../../scripts/bench-report.mjs';

/** A report as scripts/bench.mjs writes it, cut to two routes per measure. */
const report = {
  date: '2026-11-25T20:00:00.000Z',
  commit: 'abc1234',
  settings: { connections: 50, durationSeconds: 10, client: 'wrk', clientThreads: 2, acceptEncoding: 'gzip, deflate, br', trips: 50000, cpus: 2 },
  search: { trips: 50000, rounds: 20, p50: 5.31, p95: 16.24, searches: [] },
  searchLoad: {
    floor: { requestsPerSecond: 1065.6, p50Ms: 38, p95Ms: 81, p99Ms: 125, requests: 5328, non2xx: 0, errors: 0, timeouts: 0 },
    warm: { route: '/search?query=trekking', connections: 50, requestsPerSecond: 42.4, p50Ms: 927.9, p95Ms: 2784.9, p99Ms: 3346.7, non2xx: 0, errors: 0, timeouts: 0, ratioToFloor: 0.04, holds: false },
    cold: { route: '/search?query=trek&priceMax=200', connections: 10, requestsPerSecond: 17.8, p50Ms: 466, p95Ms: 98.2, p99Ms: 140, non2xx: 0, errors: 1, timeouts: 0, ratioToFloor: 0.017, holds: true },
  },
  routes: { floor: '/bench-floor', trip: '/trip/tour-du-mont-blanc' },
  database: { trip: { route: '/trip/tour-du-mont-blanc', transactionsPerRequest: 0, maintenanceRuns: 0 } },
  http: {
    floor: { route: '/bench-floor', requestsPerSecond: 1274.4, p50Ms: 30, p99Ms: 74, non2xx: 0, errors: 0, ratioToFloor: 1 },
    trip: { route: '/trip/tour-du-mont-blanc', requestsPerSecond: 2204.9, p50Ms: 22, p99Ms: 41, non2xx: 0, errors: 0, ratioToFloor: 1.73, megabytesPerSecond: 61.2, contentEncoding: 'gzip' },
    tripVarnish: { route: '/trip/tour-du-mont-blanc', requestsPerSecond: 9120.5, p50Ms: 4, p99Ms: 12, non2xx: 0, errors: 0, ratioToFloor: 7.157, megabytesPerSecond: 250.1, contentEncoding: 'gzip', varnishCache: 'HIT', through: 'Varnish, 2 instances' },
  },
  cacheBustingMix: {
    seconds: 300, connections: 8, pages: 1200, requests: 4100, requestsPerSecond: 13.66, p50Ms: 510, p99Ms: 1900, statuses: { 200: 4100 }, errors: 0,
    budgetsMb: { PAGE_STORE_BUDGET_MB: 256, DATA_CACHE_BUDGET_MB: 64, FRONT_CACHE_BUDGET_MB: 16, ROUTE_CACHE_BUDGET_MB: 4 },
    memoryBeforeMb: 610, memoryAfterMb: 930, memoryPeakMb: 955, memoryLimitMb: 1150, memoryDuringMb: [700, 955], holds: true,
  },
  javascript: {
    floor: { route: '/bench-floor', signedIn: false, totalGzipBytes: 142_746, aboveFloorGzipBytes: 0, budgetGzipBytes: null },
    trip: { route: '/trip/tour-du-mont-blanc', signedIn: false, totalGzipBytes: 172_442, aboveFloorGzipBytes: 29_696, budgetGzipBytes: 61_440 },
    editor: { route: '/account/trip?lan=en', signedIn: true, totalGzipBytes: 176_000, aboveFloorGzipBytes: 33_254, budgetGzipBytes: 30_720 },
  },
};

describe('docs/benchmarks.md generated section', () => {
  it('writes the run, each measure and whether each page holds its budget', () => {
    const section: string = benchmarksSection(report);
    expect(section).toContain('Run of 2026-11-25 at commit `abc1234`: 2 CPUs, 50 connections, 10 s per route, 50,000 trips.');
    expect(section).toContain('| trip | `/trip/tour-du-mont-blanc` | 2,205 (173 %) | 22 / 41 | 61.2, gzip | 0 |');
    expect(section).toContain('| floor | `/bench-floor` | 1,274 | 30 / 74 | – | 0 |');
    expect(section).toContain('| tripVarnish (Varnish, 2 instances, HIT) | `/trip/tour-du-mont-blanc` | 9,121 (716 %) | 4 / 12 | 250.1, gzip | 0 |');
    expect(section).toContain('Load from wrk in 2 threads, `Accept-Encoding: gzip, deflate, br`.');
    expect(section).toContain('1,200 trip and guide pages');
    expect(section).toContain('| 4,100 | 13.7 | 510 / 1900 | 0 | 610 / 955 / 930 | 1150 | yes |');
    expect(section).toContain('above the framework floor (139.4 KB)');
    expect(section).toContain('| trip | `/trip/tour-du-mont-blanc` | 29.0 | 60.0 | yes |');
    expect(section).toContain('| editor (signed in) | `/account/trip?lan=en` | 32.5 | 30.0 | **over** |');
    expect(section).toContain('Search database time over 50,000 trips: p50 5.3 ms, p95 16.2 ms.');
    expect(section).toContain('floor 1,066 req/s at 50 connections');
    expect(section).toContain('| warm | `/search?query=trekking` | 50 | 42 (4 %) | 928 / 2785 / 3347 | 0 | ≥ 25 % of floor, p99 ≤ 300 ms | **no** |');
    expect(section).toContain('| cold (every search new) | `/search?query=trek&priceMax=200` | 10 | 18 (2 %) | 466 / 98 / 140 | 1 | p95 ≤ 150 ms | yes |');
    expect(section).toContain('Not measured in this run: server CPU per request, Lighthouse.');
  });

  it('writes each Lighthouse page over TLS + HTTP/2 and straight over HTTP/1.1, or HTTP/1.1 alone without the front', () => {
    const lighthouse = {
      tripPhotos: { route: '/trip/a', performance: 99, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 1684, tbtMs: 0, cls: 0, lcpRunsMs: [1653, 1684, 2040], via: 'h2', http1: { lcpMs: 2544, lcpRunsMs: [2467, 2544, 2624], performance: 97 } },
      home: { route: '/', performance: 97, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 2300, tbtMs: 10, cls: 0, lcpRunsMs: [2300], via: 'http1' },
    };
    const section: string = benchmarksSection({ ...report, lighthouse });
    expect(section).toContain('| tripPhotos | 99 | 100 | 100 | 100 | 1684 (1653, 1684, 2040) | 2544 (2467, 2544, 2624) | 0 | 0 |');
    expect(section).toContain('| home | 97 | 100 | 100 | 100 | not measured | 2300 (2300) | 10 | 0 |');
  });

  it('replaces only what lies between the markers, and is stable on a second write', () => {
    const document = `# Benchmarks\n\nHand-written text.\n\n${START_MARKER}\nold figures\n${END_MARKER}\n\nAfter.\n`;
    const once: string = withBenchmarksSection(document, report);
    expect(once.startsWith('# Benchmarks\n\nHand-written text.\n\n')).toBe(true);
    expect(once.endsWith(`${END_MARKER}\n\nAfter.\n`)).toBe(true);
    expect(once).not.toContain('old figures');
    expect(withBenchmarksSection(once, report)).toBe(once);
  });

  it('appends the section to a document without markers', () => {
    expect(withBenchmarksSection('# Benchmarks\n', report)).toBe(`# Benchmarks\n\n${START_MARKER}\n${benchmarksSection(report)}\n${END_MARKER}\n`);
  });

  it('rewrites a file in place, as npm run bench does after its run', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-doc-')), 'benchmarks.md');
    writeFileSync(file, readFileSync(path.resolve(import.meta.dirname, '../../docs/benchmarks.md'), 'utf8'));
    writeBenchmarksDoc(report, file);
    const written = readFileSync(file, 'utf8');
    expect(written).toContain('## Figures recorded by hand');
    expect(written).toContain('commit `abc1234`');
    expect(written).not.toContain('No run of `npm run bench` has written this section yet.');
  });
});
