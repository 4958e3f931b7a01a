import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxEmails } from '@/lib/db/schema';
import { drainOutbox, enqueueEmails, retryDelayMs, type OutboxMessage } from '@/lib/mail/outbox';
import type { OutboxEmailInput } from '@/lib/mail/templates';
import { createMailSender } from '@/lib/mail/transport';
import { kickOutbox, startOutboxWorker } from '@/lib/mail/worker';
import { closedPort, localSmtp } from '../support/local-smtp';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const email = (key: string, overrides: Partial<OutboxEmailInput> = {}): OutboxEmailInput => ({
  dedupeKey: key,
  kind: 'booking-guide',
  recipient: 'guide@example.com',
  locale: 'fr',
  subject: `Nouvelle demande ${key}`,
  text: 'Bonjour',
  html: '<p>Bonjour</p>',
  replyTo: 'ana@example.com',
  ...overrides,
});

describe.each(testDatabaseServers())('the e-mail outbox on the $name server', (server) => {
  let database: IsolatedDatabase;
  const row = async (key: string) => (await database.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, key)))[0]!;

  beforeAll(async () => {
    database = await isolatedDatabase(server);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(outboxEmails);
  });

  it('stores an e-mail once per dedupe key, inside the caller transaction', async () => {
    expect(await enqueueEmails(database.db, [email('booking:1:guide'), email('booking:1:traveller', { recipient: 'ana@example.com', replyTo: null })])).toBe(2);
    expect(await enqueueEmails(database.db, [email('booking:1:guide', { subject: 'changed' })])).toBe(0);
    await database.db.transaction(async (tx) => {
      expect(await enqueueEmails(tx, [email('booking:1:guide'), email('booking:2:guide')])).toBe(1);
    });
    const rows = await database.db.select().from(outboxEmails).orderBy(outboxEmails.id);
    expect(rows.map((stored) => stored.dedupeKey)).toEqual(['booking:1:guide', 'booking:1:traveller', 'booking:2:guide']);
    expect(rows[0]).toMatchObject({ subject: 'Nouvelle demande booking:1:guide', status: 'pending', attempts: 0, replyTo: 'ana@example.com', unsubscribeUrl: null });
    expect(await enqueueEmails(database.db, [])).toBe(0);
  });

  it('delivers through a real SMTP server with From, Reply-To and List-Unsubscribe', async () => {
    const smtp = await localSmtp();
    const sender = createMailSender(smtp.url, { from: 'Cordée <hello@cordee.example>' });
    try {
      await enqueueEmails(database.db, [email('booking:3:guide', { subject: 'Réservation : Traversée' }), email('news:1', { recipient: 'ana@example.com', replyTo: null, unsubscribeUrl: 'https://cordee.example/u?t=1' })]);
      expect(await drainOutbox(database.db, sender.send)).toEqual({ sent: 2, retried: 0, failed: 0 });
      const guideMail = smtp.received.find((mail) => mail.to.includes('guide@example.com'))!;
      expect(guideMail.mail.subject).toBe('Réservation : Traversée');
      expect(guideMail.mail.from?.text).toContain('hello@cordee.example');
      expect(guideMail.mail.replyTo?.value[0]?.address).toBe('ana@example.com');
      expect(guideMail.mail.text?.trim()).toBe('Bonjour');
      expect(guideMail.mail.headers.has('list-unsubscribe')).toBe(false);
      const news = smtp.received.find((mail) => mail.to.includes('ana@example.com'))!;
      expect(news.mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toContain('<https://cordee.example/u?t=1>');
      expect(news.mail.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toContain('List-Unsubscribe=One-Click');
      const sent = await row('booking:3:guide');
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, messageId: guideMail.mail.messageId });
      expect(sent.sentAt).toBeInstanceOf(Date);
      expect(await drainOutbox(database.db, sender.send)).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  it('sends a drain\'s e-mails over one reused SMTP connection', async () => {
    const smtp = await localSmtp();
    const sender = createMailSender(smtp.url, { from: 'hello@cordee.example' });
    try {
      await enqueueEmails(database.db, [email('pool:1'), email('pool:2'), email('pool:3')]);
      expect(await drainOutbox(database.db, sender.send)).toEqual({ sent: 3, retried: 0, failed: 0 });
      expect(smtp.received).toHaveLength(3);
      expect(smtp.connections).toBe(1);
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  it('retries a refused e-mail (451) with backoff, then marks it failed after maxAttempts', async () => {
    const smtp = await localSmtp({ rejectWith451: true });
    const sender = createMailSender(smtp.url, { from: 'hello@cordee.example' });
    try {
      await enqueueEmails(database.db, [email('booking:4:guide')]);
      let now = new Date(Date.now() + 1000);
      expect(await drainOutbox(database.db, sender.send, { now, maxAttempts: 3 })).toEqual({ sent: 0, retried: 1, failed: 0 });
      let stored = await row('booking:4:guide');
      expect(stored).toMatchObject({ status: 'pending', attempts: 1 });
      expect(stored.lastError).toMatch(/451/);
      expect(stored.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
      // Not due yet: nothing is tried.
      expect(await drainOutbox(database.db, sender.send, { now: new Date(now.getTime() + 29_000), maxAttempts: 3 })).toEqual({ sent: 0, retried: 0, failed: 0 });

      now = stored.nextAttemptAt;
      expect(await drainOutbox(database.db, sender.send, { now, maxAttempts: 3 })).toEqual({ sent: 0, retried: 1, failed: 0 });
      stored = await row('booking:4:guide');
      expect(stored).toMatchObject({ status: 'pending', attempts: 2 });
      expect(stored.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);

      now = stored.nextAttemptAt;
      expect(await drainOutbox(database.db, sender.send, { now, maxAttempts: 3 })).toEqual({ sent: 0, retried: 0, failed: 1 });
      expect(await row('booking:4:guide')).toMatchObject({ status: 'failed', attempts: 3 });
      expect(await drainOutbox(database.db, sender.send, { now: new Date(now.getTime() + 86_400_000), maxAttempts: 3 })).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  it('keeps going when the SMTP server cannot be reached, and caps the backoff at one hour', async () => {
    const sender = createMailSender(`smtp://127.0.0.1:${await closedPort()}`, { from: 'hello@cordee.example', timeoutMs: 2_000 });
    await enqueueEmails(database.db, [email('a'), email('b')]);
    expect(await drainOutbox(database.db, sender.send)).toEqual({ sent: 0, retried: 2, failed: 0 });
    const stored = await row('a');
    expect(stored.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Without `now`, the database clock schedules the retry (30 s), so the same drain did not retry at once.
    expect(stored.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    sender.close();
    expect([1, 2, 3, 8, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });

  it('never sends one e-mail twice when drains run at the same time', async () => {
    await enqueueEmails(
      database.db,
      Array.from({ length: 12 }, (_, i) => email(`concurrent:${i}`)),
    );
    const sends: string[] = [];
    const slowSend = async (message: OutboxMessage) => {
      sends.push(message.dedupeKey);
      await new Promise((resolve) => setTimeout(resolve, 15));
      return { messageId: `<${message.dedupeKey}@test>` };
    };
    const results = await Promise.all([1, 2, 3, 4].map(() => drainOutbox(database.db, slowSend, { batchSize: 12 })));
    expect(results.reduce((total, result) => total + result.sent, 0)).toBe(12);
    expect(sends).toHaveLength(12);
    expect(new Set(sends).size).toBe(12);
    // More than one drain did work: the rows were shared out, not serialised behind one lock.
    expect(results.filter((result) => result.sent > 0).length).toBeGreaterThan(1);
    const [{ unsent }] = (await database.db.execute<{ unsent: number }>(sql`SELECT count(*)::int AS unsent FROM outbox_emails WHERE status <> 'sent'`)).rows as [{ unsent: number }];
    expect(unsent).toBe(0);
  });

  it('the worker drains on kick, one drain at a time, and stop waits for the drain in flight', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const sent: string[] = [];
    const send = async (message: OutboxMessage) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
      sent.push(message.dedupeKey);
      return { messageId: '<x@test>' };
    };
    const logs: string[] = [];
    const worker = startOutboxWorker(database.db, { pollMs: 60_000, send, batchSize: 2, log: (entry) => logs.push(entry.msg) });
    try {
      await enqueueEmails(database.db, [email('w:1'), email('w:2'), email('w:3')]);
      kickOutbox();
      kickOutbox();
      worker.kick();
      await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(3);
      expect(mostAtOnce).toBe(1);
      expect(logs).toContain('outbox drained');
      await enqueueEmails(database.db, [email('w:4')]);
      worker.kick();
    } finally {
      await worker.stop();
    }
    expect(running).toBe(0);
    kickOutbox(); // no worker any more: nothing happens
  });
});
