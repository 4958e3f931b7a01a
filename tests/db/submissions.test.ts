import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, outboxEmails } from '@/lib/db/schema';
import { storeBookingRequest, storeHelpMessage } from '@/lib/db/submissions';
import type { OutboxEmailInput } from '@/lib/mail/templates';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const mail = (dedupeKey: string): OutboxEmailInput => ({ dedupeKey, kind: 'test', recipient: 'ada@example.com', locale: 'en', subject: 'Test', text: 'Test', html: '<p>Test</p>' });

describe.each(testDatabaseServers())('what travellers send, on the $name server', (server) => {
  let database: IsolatedDatabase;
  let tripId: number;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const rows = await database.db.execute<{ id: number }>(sql`SELECT id FROM trips WHERE published ORDER BY id LIMIT 1`);
    tripId = rows.rows[0]!.id;
  });
  afterAll(async () => database?.close());

  const request = (idempotencyKey: string) => ({
    idempotencyKey,
    locale: 'fr' as const,
    tripId,
    firstName: 'Jeanne',
    lastName: 'Barret',
    email: 'jeanne@example.com',
    phone: '+33612345678',
    travellers: 2,
    days: 5,
    startsOn: '2031-06-01',
    endsOn: '2031-06-07',
    comment: 'Une journée de repos, possible ?',
    currency: 'EUR',
  });

  it('stores a booking request once, with its e-mails, however often it is submitted', async () => {
    const emails = ({ id }: { id: number }) => [mail(`booking:${id}:traveller`), mail(`booking:${id}:guide`)];
    const results = await Promise.all([1, 2, 3].map(() => storeBookingRequest(request('twice-1'), emails, database.db)));
    const again = await storeBookingRequest(request('twice-1'), emails, database.db);
    expect(new Set([...results, again].map((result) => result.id)).size).toBe(1);
    expect([...results, again].filter((result) => result.created)).toHaveLength(1);
    const stored = await database.db.select().from(bookingRequests).where(eq(bookingRequests.idempotencyKey, 'twice-1'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ locale: 'fr', phone: '+33612345678', status: 'sent' });
    expect(stored[0]!.termsAcceptedAt).toBeInstanceOf(Date);
    const queued = await database.db.select().from(outboxEmails).where(sql`${outboxEmails.dedupeKey} LIKE ${`booking:${again.id}:%`}`);
    expect(queued.map((row) => row.dedupeKey).sort()).toEqual([`booking:${again.id}:guide`, `booking:${again.id}:traveller`]);
  });

  it('gives each submission its own opaque reference, drawn again when one is taken', async () => {
    const emails = ({ reference }: { reference: string }) => [mail(`reference:${reference}`)];
    const first = await storeBookingRequest(request('reference-1'), emails, database.db);
    expect(first.reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    // The first draw collides with the stored reference: the row gets the second one.
    const draws = [first.reference, 'K7Q4MZ2T'];
    const second = await storeBookingRequest(request('reference-2'), emails, database.db, () => draws.shift()!);
    expect(second).toMatchObject({ reference: 'K7Q4MZ2T', created: true });
    expect(draws).toHaveLength(0);
    // Retried with the same key, the stored row answers with its own reference.
    expect(await storeBookingRequest(request('reference-2'), emails, database.db, () => 'ZZZZZZZZ')).toEqual({ id: second.id, reference: 'K7Q4MZ2T', created: false });
    // Rows written by other means (the seed) get one from the column's default.
    const seeded = await database.db.execute<{ reference: string }>(sql`SELECT reference FROM booking_requests WHERE reference IS NOT NULL LIMIT 1`);
    expect(seeded.rows[0]!.reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    const helpDefault = await database.db.execute<{ reference: string }>(sql`INSERT INTO help_messages (idempotency_key, locale, name, email, message) VALUES ('help-default', 'en', 'Ada', 'a@b.co', 'Hi') RETURNING reference`);
    expect(helpDefault.rows[0]!.reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
  });

  it('keeps nothing when storing the e-mails fails: the request and its outbox rows go together', async () => {
    await expect(storeHelpMessage({ idempotencyKey: 'help-broken', locale: 'en', name: 'Ada', email: 'a@b.co', phone: null, message: 'Hi', pageUrl: null }, () => [mail('dup'), { ...mail('dup2'), recipient: null as never }], database.db)).rejects.toThrow();
    const [{ count }] = (await database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM help_messages WHERE idempotency_key = 'help-broken'`)).rows as [{ count: number }];
    expect(count).toBe(0);
  });
});
