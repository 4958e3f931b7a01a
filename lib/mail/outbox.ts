import { and, asc, count, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseTransaction } from '../db/database';
import { outboxEmails, type OutboxEmail } from '../db/schema';
import type { OutboxEmailInput } from './templates';

type Executor = Database | DatabaseTransaction;

/** What a sender needs of a stored e-mail. */
export type OutboxMessage = Pick<OutboxEmail, 'id' | 'dedupeKey' | 'kind' | 'recipient' | 'locale' | 'subject' | 'text' | 'html' | 'replyTo' | 'unsubscribeUrl'>;
/** Sends one e-mail or throws; resolves with the Message-ID the server accepted. */
export type SendEmail = (email: OutboxMessage) => Promise<{ messageId: string }>;

export type DrainOptions = {
  /** Most e-mails sent by one drain (default 20). */
  batchSize?: number;
  /** The drain's clock (tests): which e-mails are due, and when retries are scheduled. Default: the database's. */
  now?: Date;
  /** Attempts before an e-mail is marked `failed` (default 10). */
  maxAttempts?: number;
  /** How long a claimed e-mail stays invisible to other drains while it is sent (default 5 min). */
  leaseMs?: number;
};

export type DrainResult = { sent: number; retried: number; failed: number };

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
const ERROR_MAX_CHARS = 1000;

/** Wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min… at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), RETRY_MAX_MS);
}

/**
 * Stores e-mails in the outbox, in the caller's transaction when given one (architecture: the
 * e-mails of a submission are stored with it). A dedupe key already stored is skipped, so a
 * retried submission stores nothing new. Returns how many e-mails were new.
 */
export async function enqueueEmails(db: Executor, emails: OutboxEmailInput[]): Promise<number> {
  if (emails.length === 0) return 0;
  const stored = await db
    .insert(outboxEmails)
    .values(
      emails.map((email) => ({
        dedupeKey: email.dedupeKey,
        kind: email.kind,
        recipient: email.recipient,
        locale: email.locale,
        subject: email.subject,
        text: email.text,
        html: email.html,
        replyTo: email.replyTo ?? null,
        unsubscribeUrl: email.unsubscribeUrl ?? null,
      })),
    )
    .onConflictDoNothing({ target: outboxEmails.dedupeKey })
    .returning({ id: outboxEmails.id });
  return stored.length;
}

/** A time `offsetMs` after `now`, or after the database's clock (the one that stamps new rows) without `now`. */
type Clock = (offsetMs: number) => Date | SQL;
const clockAt =
  (now: Date | undefined): Clock =>
  (offsetMs) =>
    now ? new Date(now.getTime() + offsetMs) : sql`now() + make_interval(secs => ${offsetMs / 1000}::double precision)`;

/**
 * Takes the next due e-mail for this drain: counts the attempt and hides it for the lease, so
 * that other drains (other instances) skip it; a crash mid-send makes it due again after the lease.
 */
async function claimNext(db: Database, at: Clock, leaseMs: number): Promise<OutboxEmail | null> {
  const due = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.status, 'pending'), lte(outboxEmails.nextAttemptAt, at(0))))
    .orderBy(asc(outboxEmails.nextAttemptAt), asc(outboxEmails.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: at(leaseMs) })
    .where(sql`${outboxEmails.id} = (${due})`)
    .returning();
  return claimed ?? null;
}

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, ERROR_MAX_CHARS);

/**
 * A scheduled step that must e-mail each row once, even with several instances running it: the rows
 * are claimed by `claim` (a conditional UPDATE … RETURNING id), loaded as the e-mails need them, and
 * their e-mails stored in the same transaction. Returns how many rows were claimed.
 */
export async function claimWithEmails<T>(
  db: Database,
  claim: (tx: DatabaseTransaction) => Promise<{ id: number }[]>,
  load: (tx: DatabaseTransaction, ids: number[]) => Promise<T[]>,
  emails: (row: T) => OutboxEmailInput | OutboxEmailInput[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await load(tx, (await claim(tx)).map((row) => row.id));
    await enqueueEmails(tx, rows.flatMap(emails));
    return rows.length;
  });
}

/**
 * Sends due e-mails one by one through `send`: a sent one is marked `sent` with its Message-ID; a
 * failed one is retried later with exponential backoff, and marked `failed` after `maxAttempts`.
 * Several drains (processes, instances) may run at once: each e-mail is claimed by one of them.
 * A failing e-mail never stops the drain; only a database error is thrown.
 */
export async function drainOutbox(db: Database, send: SendEmail, options: DrainOptions = {}): Promise<DrainResult> {
  const { batchSize = 20, maxAttempts = 10, leaseMs = 5 * 60_000 } = options;
  const at = clockAt(options.now);
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  for (let i = 0; i < batchSize; i += 1) {
    const email = await claimNext(db, at, leaseMs);
    if (!email) break;
    try {
      const { messageId } = await send(email);
      await db.update(outboxEmails).set({ status: 'sent', sentAt: sql`now()`, messageId, lastError: null }).where(eq(outboxEmails.id, email.id));
      result.sent += 1;
    } catch (error) {
      const failed = email.attempts >= maxAttempts;
      await db
        .update(outboxEmails)
        .set({ status: failed ? 'failed' : 'pending', lastError: errorText(error), nextAttemptAt: at(retryDelayMs(email.attempts)) })
        .where(eq(outboxEmails.id, email.id));
      result[failed ? 'failed' : 'retried'] += 1;
    }
  }
  return result;
}

/** How many e-mails wait in the outbox (for the start-up log). */
export async function countPendingEmails(db: Executor): Promise<number> {
  const [row] = await db.select({ pending: count() }).from(outboxEmails).where(eq(outboxEmails.status, 'pending'));
  return row?.pending ?? 0;
}
