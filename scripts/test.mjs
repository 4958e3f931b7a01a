#!/usr/bin/env node
// `npm test`: typecheck, lint, check:i18n, unit and component tests, the production build, the load,
// abuse and crawl tests, the Playwright suite in a real Chromium and the security scan. Stops at the
// first failing step; prints each step's seconds, and all of them at the end (budget:
// docs/decisions/0100-ci-time-budget.md).
import { spawnSync } from 'node:child_process';
import { root } from './build-if-needed.mjs';

const canaries = {
  SMTP_URL: 'smtp://canary-user:canary-smtp-password-4f1c@127.0.0.1:9',
  REDIS_URL: 'redis://:canary-redis-password-9b2e@127.0.0.1:9',
};

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['check:i18n', 'npm', ['run', '--silent', 'check:i18n']],
  // Every vitest project: unit, components (jsdom), isolated, redis (the machine's Redis), db and
  // db-isolated (embedded PostgreSQL); vitest.config.mts says which file runs where.
  ['vitest (every project)', 'npx', ['vitest', 'run']],
  // Canary secrets in server-only variables: the next step proves none reaches a client file. The
  // types were checked by the first step: the build does not check them again (next.config.ts).
  ['build', 'npx', ['next', 'build'], { ...canaries, TYPES_CHECKED: '1' }],
  ['no server secret in client bundles', 'node', ['scripts/check-client-secrets.mjs'], canaries],
  // Shortened: 10 s of load at 20 connections, then the database stopped and restarted, then the app
  // killed, each under 15 s of load.
  ['load test and fault drill (short)', 'node', ['node_modules/tsx/dist/cli.mjs', 'scripts/load-test.ts', '--short']],
  // Shortened: 40 s warm-up and 20 s of the cache-busting mix at 8 connections, then the cookie poisoning.
  ['abuse test (short)', 'node', ['node_modules/tsx/dist/cli.mjs', 'scripts/abuse-test.ts', '--short']],
  // Every link from the home page and the sitemap at 8 connections (linkinator): 0 answers ≥ 500, no
  // broken link; then every sitemap page as a search engine reads it (scripts/seo-pages.ts); then the
  // Nu Html Checker over the home, search, trip, guide and 404 pages in en, fr and es (0 errors).
  ['crawl at 8 connections', 'node', ['scripts/crawl-test.mjs']],
  ['end-to-end tests', 'node', ['scripts/e2e.mjs']],
  // Two instances behind Varnish (npm run start:cluster): a join seen through Varnish within 2 s, no signed-in page shared.
  ['Varnish cluster', 'node', ['scripts/e2e.mjs', '--config', 'playwright.cluster.config.ts']],
  // wapiti's default modules over the running site, 35 s from the home, a trip, search and sign-in
  // pages: 0 high or medium findings (report in the output).
  ['security scan (wapiti, short)', 'node', ['scripts/scan.mjs', '--short']],
];

const started = Date.now();
const timings = [];
for (const [name, command, args, extraEnv = {}] of steps) {
  const stepStart = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  const seconds = Math.round((Date.now() - stepStart) / 1000);
  timings.push([name, seconds]);
  console.log(`✔ ${name} (${seconds} s)`);
}
console.log('\nSeconds per step:');
for (const [name, seconds] of timings) console.log(`${String(seconds).padStart(6)}  ${name}`);
console.log(`\nAll checks passed in ${Math.round((Date.now() - started) / 1000)} s.`);
