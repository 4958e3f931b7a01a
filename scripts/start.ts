// `npm start`: builds if needed, starts the database (embedded PostgreSQL unless DATABASE_URL is
// set), applies migrations, seeds the demo catalogue on first start, then serves the production
// app on PORT (default 3000) under supervision: a server process that dies (crash, OOM) is started
// again with a backoff while the database keeps running. Without SMTP_URL it also runs a local
// mailbox (MailDev on loopback, lib/mail/local-mailbox.ts) that the app sends every e-mail to.
// Stopping `npm start` stops the app, then its mailbox and database: nothing outlives it.
import path from 'node:path';
import { localMailboxSettings, startLocalMailbox, type LocalMailbox } from '../lib/mail/local-mailbox';
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
  let mailbox: LocalMailbox | null = null;
  try {
    mailbox = await openLocalMailbox();
  } catch (error) {
    await stopDatabase();
    throw error;
  }

  const port = process.env.PORT || '3000';
  // Next.js's handler behind the front of the pages cached whole (scripts/serve.ts), restarted if it
  // dies; its heap limit is sized from the caches' budgets (lib/server/heap-limit.ts).
  const server = supervise({
    command: process.execPath,
    args: [...serverNodeArgs(process.env), 'scripts/serve.ts'],
    spawnOptions: {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: port,
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        NEXT_TELEMETRY_DISABLED: '1',
        ...(mailbox ? { SMTP_URL: mailbox.smtpUrl } : {}),
      },
    },
    stopGraceMs: SHUTDOWN_GRACE_MS,
  });

  // Graceful shutdown: Next.js stops accepting, finishes the requests in flight and the outbox
  // drain, then exits; only then are the mailbox and the database stopped. A server still running
  // after the grace period is killed, so a stop never hangs.
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const code = await server.stop(signal);
    await mailbox?.stop().catch((error: unknown) => console.error('Could not stop the local mailbox cleanly:', error));
    await stopDatabase();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
}

/** The local mailbox when SMTP_URL is unset (and not in production without LOCAL_MAILBOX=on), with its banner line. */
async function openLocalMailbox(): Promise<LocalMailbox | null> {
  const settings = localMailboxSettings(process.env);
  if (!settings.start) {
    if (settings.reason === 'production') console.log('SMTP_URL is not set: e-mails stay in the outbox (no local mailbox with NODE_ENV=production unless LOCAL_MAILBOX=on).');
    return null;
  }
  const mailbox = await startLocalMailbox({ smtpPort: settings.smtpPort, webPort: settings.webPort, directory: path.join(root, '.data', 'mailbox') });
  console.log(`✉ Local inbox on ${mailbox.inboxUrl} (SMTP_URL is not set: every e-mail the app sends lands there)`);
  return mailbox;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
