import type { Database } from '../db/database';
import { logger } from '../log';
import { countPendingEmails, drainOutbox, type SendEmail } from './outbox';

export type OutboxLog = (entry: { level: 'info' | 'warn' | 'error'; msg: string } & Record<string, unknown>) => void;

export type OutboxWorker = {
  /** Starts a drain soon (after a form stored e-mails); several kicks make one more drain at most. */
  kick: () => void;
  /** Stops polling and resolves once the drain in flight, if any, has finished. */
  stop: () => Promise<void>;
};

/** One JSON line per event, through the server's logger (pino). */
export const logJsonLine: OutboxLog = ({ level, msg, ...fields }) => logger()[level](fields, msg);

// On globalThis: Next.js bundles instrumentation and Server Actions separately, and each bundle
// has its own copy of this module; the process has one worker.
const globalForOutbox = globalThis as unknown as { cordeeOutboxWorker?: OutboxWorker };

/**
 * Drains the outbox every `pollMs` and on `kick()`, one drain at a time in this process (other
 * instances may drain too: rows are claimed with SKIP LOCKED). A drain that filled its batch is
 * followed by another one at once. Timers do not keep the process alive. When a worker already
 * runs in this process, that one is returned.
 */
export function startOutboxWorker(
  db: Database,
  options: { pollMs: number; send: SendEmail; log?: OutboxLog; batchSize?: number; maxAttempts?: number },
): OutboxWorker {
  if (globalForOutbox.cordeeOutboxWorker) return globalForOutbox.cordeeOutboxWorker;
  const { pollMs, send, log = logJsonLine, batchSize = 20, maxAttempts } = options;
  let inFlight: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const drainUntilIdle = async () => {
    do {
      again = false;
      try {
        const result = await drainOutbox(db, send, { batchSize, maxAttempts });
        if (result.sent + result.retried + result.failed > 0) log({ level: result.retried + result.failed > 0 ? 'warn' : 'info', msg: 'outbox drained', ...result });
        if (result.sent + result.retried + result.failed === batchSize) again = true;
      } catch (error) {
        log({ level: 'error', msg: 'outbox drain failed', error });
      }
    } while (again && !stopped);
  };

  const run = () => {
    if (stopped) return;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = drainUntilIdle().finally(() => {
      inFlight = null;
      // A kick that came after the last drain's check.
      if (again) run();
    });
  };

  const timer = setInterval(run, pollMs);
  timer.unref();
  const first = setTimeout(run, 0);
  first.unref();

  const worker: OutboxWorker = {
    kick: () => {
      const soon = setTimeout(run, 0);
      soon.unref();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      if (globalForOutbox.cordeeOutboxWorker === worker) delete globalForOutbox.cordeeOutboxWorker;
      await inFlight;
    },
  };
  globalForOutbox.cordeeOutboxWorker = worker;
  return worker;
}

/** Starts a drain soon when this process runs a worker; does nothing otherwise (no SMTP_URL, tests, build). */
export function kickOutbox(): void {
  globalForOutbox.cordeeOutboxWorker?.kick();
}

/** Stops this process's worker, if any, waiting for its drain in flight. */
export async function stopOutboxWorker(): Promise<void> {
  await globalForOutbox.cordeeOutboxWorker?.stop();
}

/** Without SMTP_URL: says once that e-mails are kept in the outbox, with how many wait already. */
export async function logOutboxKept(db: Database, log: OutboxLog = logJsonLine): Promise<void> {
  const pending = await countPendingEmails(db).catch(() => null);
  log({ level: 'warn', msg: 'SMTP_URL is not set: e-mails are kept in the outbox and sent once it is set', ...(pending === null ? {} : { pending }) });
}

/**
 * Graceful shutdown of the outbox on SIGTERM/SIGINT: no drain starts any more, and the process
 * exits only once the drain in flight has finished (at most `graceMs`), so an e-mail being sent is
 * marked sent and never sent twice. Next.js's own handler stops accepting connections, waits for
 * the requests in flight, then calls `process.exit`: that call waits for the drain. When nothing
 * else handles the signal, the process exits by itself once the worker stopped.
 */
export function stopOutboxWorkerOnSignals(graceMs = 15_000): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      let timer: NodeJS.Timeout | undefined;
      const stopped = Promise.race([stopOutboxWorker(), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]).finally(() => clearTimeout(timer));
      const exit = process.exit.bind(process);
      process.exit = ((code?: number | string | null) => {
        void stopped.finally(() => exit(code));
      }) as typeof process.exit;
      logJsonLine({ level: 'info', msg: 'shutting down: outbox worker stopping', signal });
      if (process.listenerCount(signal) === 0) void stopped.finally(() => exit(signal === 'SIGTERM' ? 143 : 130));
    });
  }
}
