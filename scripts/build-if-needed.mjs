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

export function buildIsCurrent() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return sources.every((source) => newestMtime(path.join(root, source)) <= built);
}

export function nextBin() {
  return path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
}

export function buildIfNeeded() {
  if (buildIsCurrent()) return;
  console.log('Building the production app (next build)…');
  const result = spawnSync(process.execPath, [nextBin(), 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
