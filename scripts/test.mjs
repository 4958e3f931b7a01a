#!/usr/bin/env node
// `npm test`: typecheck, lint, check:i18n, unit and component tests, the production build, and
// the Playwright suite in a real Chromium. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { root } from './build-if-needed.mjs';

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['check:i18n', 'npm', ['run', '--silent', 'check:i18n']],
  ['unit and component tests', 'npx', ['vitest', 'run']],
  ['build', 'npx', ['next', 'build']],
  ['end-to-end tests', 'node', ['scripts/e2e.mjs']],
];

const started = Date.now();
for (const [name, command, args] of steps) {
  const stepStart = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${name} (${Math.round((Date.now() - stepStart) / 1000)} s)`);
}
console.log(`\nAll checks passed in ${Math.round((Date.now() - started) / 1000)} s.`);
