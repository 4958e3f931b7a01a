// Builds the production app when there is no build yet or a source file is newer than it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
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
