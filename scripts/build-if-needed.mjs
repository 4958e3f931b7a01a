// Builds the production app when there is no build yet or a source file is newer than it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

// Every script that serves, builds or tests imports this module: refuse an older Node here, once
// (decision 0280). npm scripts and npx run the `node` package's Node 24 from node_modules/.bin.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 24) {
  console.error(`Cordée needs Node 24 or newer (this is ${process.version}). Run it through npm (npm start, npm test, npm run …) after npm install: npm puts the project's Node 24 first on the PATH.`);
  process.exit(1);
}
const sources = ['app', 'components', 'i18n', 'lib', 'messages', 'public', 'styles', 'proxy.ts', 'next.config.ts', 'instrumentation.ts', 'instrumentation-client.ts', 'package-lock.json', 'global.ts'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** Whether the Next.js app in `dir` has a build no source of it is newer than. */
export function buildIsCurrent(dir = root, appSources = sources) {
  const buildId = path.join(dir, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return appSources.every((source) => newestMtime(path.join(dir, source)) <= built);
}

export function nextBin() {
  return path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
}

/** Builds the Next.js app in `dir` (default Cordée) unless its build is current; exits on a failed build. */
export function buildIfNeeded(dir = root, appSources = sources) {
  if (buildIsCurrent(dir, appSources)) return;
  console.log(`Building the production app in ${path.relative(root, dir) || '.'} (next build)…`);
  const result = spawnSync(process.execPath, [nextBin(), 'build'], { cwd: dir, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
