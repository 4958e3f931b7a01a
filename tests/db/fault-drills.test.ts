import { spawn } from 'node:child_process';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailability } from '@/lib/db/availability';
import { createDatabase } from '@/lib/db/database';
import { outboxEmails } from '@/lib/db/schema';
import { drainOutbox, enqueueEmails } from '@/lib/mail/outbox';
import type { OutboxEmailInput } from '@/lib/mail/templates';
import { createMailSender } from '@/lib/mail/transport';
import { closedPort, localSmtp } from '../support/local-smtp';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

/**
 * Fault drills that need no running app: SMTP down then up, an SMTP server that hangs, a database
 * that does not answer, and the outbox's graceful shutdown. The app-level drill (database stopped
 * mid-load) is in scripts/load-test.mjs (`npm run test:load`, shortened in `npm test`).
 */

const email = (key: string): OutboxEmailInput => ({
  dedupeKey: key,
  kind: 'contact-support',
  recipient: 'support@cordee.example',
  locale: 'en',
  subject: `Drill ${key}`,
  text: 'Hello',
  html: '<p>Hello</p>',
  replyTo: null,
});

describe.each(testDatabaseServers())('fault drills on the $name server', (server) => {
  let database: IsolatedDatabase;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
  });
  afterAll(async () => database?.close());

  it('SMTP down, then up on the same address: the outbox drains and each e-mail is sent once', async () => {
    const port = await closedPort();
    const sender = createMailSender(`smtp://127.0.0.1:${port}`, { from: 'hello@cordee.example', timeoutMs: 2_000 });
    const keys = ['drill:down:1', 'drill:down:2', 'drill:down:3'];
    await enqueueEmails(database.db, keys.map(email));
    expect(await drainOutbox(database.db, sender.send)).toEqual({ sent: 0, retried: 3, failed: 0 });

    const smtp = await localSmtp({ port });
    try {
      // An hour later every retry is due.
      const later = new Date(Date.now() + 3_600_000);
      expect(await drainOutbox(database.db, sender.send, { now: later })).toEqual({ sent: 3, retried: 0, failed: 0 });
      expect(await drainOutbox(database.db, sender.send, { now: later })).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(smtp.received.map((received) => received.mail.subject).sort()).toEqual(keys.map((key) => `Drill ${key}`));
      const rows = await database.db.select().from(outboxEmails).where(like(outboxEmails.dedupeKey, 'drill:down:%'));
      expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  it('an SMTP server that accepts and never answers costs one timeout, and the e-mail waits for a retry', async () => {
    const sockets = new Set<Socket>();
    const hanging = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    const sender = createMailSender(`smtp://127.0.0.1:${port}`, { from: 'hello@cordee.example', timeoutMs: 300 });
    try {
      await enqueueEmails(database.db, [email('drill:hang:1')]);
      expect(await drainOutbox(database.db, sender.send)).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, 'drill:hang:1'));
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.lastError).toMatch(/timeout|greeting/i);
    } finally {
      sender.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('a database that does not answer is known as down within its probe timeout, and as up once it answers again', async () => {
    // A port that accepts connections and never speaks: like a database host that hangs.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const hung = createDatabase(`postgres://cordee@127.0.0.1:${port}/cordee`, { max: 1 });
    let target = hung.db;
    const availability = databaseAvailability(() => target, { intervalMs: 0, timeoutMs: 200 });
    try {
      expect(await availability.isUp()).toBe(false);
      target = database.db;
      expect(await availability.isUp()).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await hung.pool.end().catch(() => undefined);
    }
  });

  it('SIGTERM: the process exits only after the outbox drain in flight has sent its e-mail, once', async () => {
    await enqueueEmails(database.db, [email('drill:term:1')]);
    const smtp = await localSmtp();
    try {
      const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'tests/support/shutdown-child.ts'], {
        env: { ...process.env, DRILL_DATABASE_URL: database.url, DRILL_SMTP_URL: smtp.url, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // The drain is in flight (the e-mail is being sent): the server is told to stop now.
        if (output.includes('sending drill:term:1') && !child.killed) child.kill('SIGTERM');
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
      expect(code).toBe(143);
      expect(output.indexOf('sent drill:term:1')).toBeGreaterThan(output.indexOf('sending drill:term:1'));
      expect(smtp.received).toHaveLength(1);
      const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, 'drill:term:1'));
      expect(row!.status).toBe('sent');
    } finally {
      await smtp.close();
    }
    // A child process (tsx) starts slowly on a busy machine.
  }, 60_000);
});
