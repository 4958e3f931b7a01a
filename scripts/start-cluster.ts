// `npm run start:cluster`: several app instances behind Varnish on this machine, as in production
// with several machines (docs/decisions/0152-varnish-in-front.md). Builds if needed, opens the one
// database (embedded PostgreSQL unless DATABASE_URL is set), migrates and seeds it as `npm start`
// does, starts CLUSTER_INSTANCES (default 2) supervised instances of scripts/serve.ts sharing it and
// REDIS_URL (required: the tag expiries reach every instance through it), then varnishd in the
// foreground with deploy/varnish/cordee.vcl on PORT (default 3000). Each instance purges Varnish by
// tag after a write (VARNISH_URLS). SIGINT/SIGTERM: Varnish, then the instances, then the database.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverNodeArgs } from '../lib/server/heap-limit.ts';
// @ts-expect-error plain ESM helper shared with the test scripts
import { buildIfNeeded, root } from './build-if-needed.mjs';
import { backendsVcl, clusterSettings } from './cluster-config.ts';
import { openServedDatabase } from './database';
import { supervise, type Supervisor } from './supervise';

const SHUTDOWN_GRACE_MS = 30_000;
/** Varnish's memory for pages: a hard budget, least recently used out first. */
const VARNISH_STORAGE = process.env.VARNISH_STORAGE || 'malloc,256m';

async function main() {
  const { port, appPorts, varnishUrl } = clusterSettings(process.env);
  const redisUrl = process.env.REDIS_URL?.trim();
  if (!redisUrl) throw new Error('start:cluster needs REDIS_URL (redis://host:6379/N): the instances share their cache tag expiries through it.');
  if (spawnSync('varnishd', ['-V']).status !== 0) throw new Error("start:cluster needs Debian's varnish and varnish-modules (apt-get install varnish varnish-modules).");

  buildIfNeeded();
  const database = await openServedDatabase();
  const stopDatabase = database.stop;

  const instances: Supervisor[] = appPorts.map((appPort) =>
    supervise({
      command: process.execPath,
      args: [...serverNodeArgs(process.env), 'scripts/serve.ts'],
      spawnOptions: {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, PORT: String(appPort), NODE_ENV: 'production', DATABASE_URL: database.url, REDIS_URL: redisUrl, VARNISH_URLS: varnishUrl, NEXT_TELEMETRY_DISABLED: '1' },
      },
      stopGraceMs: SHUTDOWN_GRACE_MS,
    }),
  );

  // Varnish's working directory and this run's backends, removed on stop.
  const workDir = mkdtempSync(path.join(tmpdir(), 'cordee-varnish-'));
  // Started as root, varnishd works as its own user in this directory.
  chmodSync(workDir, 0o755);
  writeFileSync(path.join(workDir, 'cordee-backends.vcl'), backendsVcl(appPorts));
  const vclDir = path.join(root, 'deploy', 'varnish');
  const varnish = spawn(
    'varnishd',
    ['-F', '-n', workDir, '-a', `:${port}`, '-T', 'none', '-f', path.join(vclDir, 'cordee.vcl'), '-p', `vcl_path=${workDir}:${vclDir}`, '-s', VARNISH_STORAGE],
    { stdio: 'inherit' },
  );
  console.log(`▲ Cordée cluster on http://localhost:${port} (Varnish) → instances on ${appPorts.join(', ')}`);

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals, code?: number) => {
    if (stopping) return;
    stopping = true;
    if (varnish.exitCode === null) {
      const exited = new Promise((resolve) => varnish.once('exit', resolve));
      varnish.kill('SIGTERM');
      await exited;
    }
    const codes = await Promise.all(instances.map((instance) => instance.stop(signal)));
    await stopDatabase();
    rmSync(workDir, { recursive: true, force: true });
    process.exit(code ?? codes.find((value) => value !== 0) ?? 0);
  };
  varnish.on('exit', (status) => {
    if (!stopping) {
      console.error(`varnishd exited (${status}); stopping the cluster.`);
      void shutdown('SIGTERM', 1);
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
