#!/usr/bin/env node
// Runs Playwright in a real Chromium. Uses CHROMIUM_PATH or Debian's /usr/bin/chromium; when none
// is found it installs one once (Debian package as root, else Playwright's installer) and says so.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildIfNeeded, root } from './build-if-needed.mjs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
let chromium = candidates.find((candidate) => existsSync(candidate));

if (!chromium) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found: installing Debian\'s chromium package (one time).');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    chromium = candidates.find((candidate) => existsSync(candidate));
  }
  if (!chromium) {
    console.log('No Chromium found: installing Playwright\'s Chromium (one time).');
    const result = spawnSync('npx', ['playwright', 'install', 'chromium'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('Could not obtain Chromium. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
      process.exit(1);
    }
    chromium = '';
  }
}

buildIfNeeded();
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, NEXT_TELEMETRY_DISABLED: '1' },
});
process.exit(result.status ?? 1);
