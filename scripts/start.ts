// `npm start`: builds if needed, starts the database (embedded PostgreSQL unless DATABASE_URL is
// set), applies migrations, seeds the demo catalogue on first start, then serves the production
// app on PORT (default 3000) under supervision: a server process that dies (crash, OOM) is started
// again with a backoff while the database keeps running. Stopping `npm start` stops the app, then its
// database: no postgres outlives it.
import { serverNodeArgs } from '../lib/server/heap-limit.ts';
// @ts-expect-error plain ESM helper shared with the test scripts
import { buildIfNeeded, root } from './build-if-needed.mjs';
import { openServedDatabase } from './database';
import { supervise } from './supervise';

/** How long the server may take to finish its requests and e-mails after SIGTERM. */
const SHUTDOWN_GRACE_MS = 30_000;

async function main() {
  buildIfNeeded();
  const database = await openServedDatabase();
  let stopping = false;
  const stopDatabase = database.stop;

  const port = process.env.PORT || '3000';
  // Next.js's handler behind the front of the pages cached whole (scripts/serve.ts), restarted if it
  // dies; its heap limit is sized from the caches' budgets (lib/server/heap-limit.ts).
  const server = supervise({
    command: process.execPath,
    args: [...serverNodeArgs(process.env), 'scripts/serve.ts'],
    spawnOptions: {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: port, NODE_ENV: 'production', DATABASE_URL: database.url, NEXT_TELEMETRY_DISABLED: '1' },
    },
    stopGraceMs: SHUTDOWN_GRACE_MS,
  });

  // Graceful shutdown: Next.js stops accepting, finishes the requests in flight and the outbox
  // drain, then exits; only then is the database stopped. A server still running after the grace
  // period is killed, so a stop never hangs.
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const code = await server.stop(signal);
    await stopDatabase();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
