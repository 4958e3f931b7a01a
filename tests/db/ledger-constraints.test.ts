import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, ledgerEntries, ledgerLines, trips } from '@/lib/db/schema';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

// The ledger's own guarantees, whatever code writes to it: every entry balances at commit, and nothing written changes.
describe.each(testDatabaseServers())('the ledger on the $name server', (server) => {
  let database: IsolatedDatabase;
  let bookingRequestId: number;
  let key = 0;

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const [trip] = await database.db.select({ id: trips.id }).from(trips).limit(1);
    const [row] = await database.db
      .insert(bookingRequests)
      .values({ idempotencyKey: 'ledger-constraints-00001', locale: 'en', tripId: trip!.id, firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', phone: '+441234567890', travellers: 2, days: 3, comment: 'Hello', currency: 'EUR' })
      .returning({ id: bookingRequests.id });
    bookingRequestId = row!.id;
  });
  afterAll(() => database?.close());

  const entry = (lines: Array<[(typeof ledgerLines.$inferInsert)['account'], number, string?]>) =>
    database.db.transaction(async (tx) => {
      const [created] = await tx.insert(ledgerEntries).values({ bookingRequestId, kind: 'test', dedupeKey: `test:${++key}` }).returning({ id: ledgerEntries.id });
      for (const [account, amountMinor, currency = 'EUR'] of lines) await tx.insert(ledgerLines).values({ entryId: created!.id, account, amountMinor, currency });
      return created!.id;
    });
  /** PostgreSQL's own message of a refused statement (drizzle wraps it as the cause). */
  const refusal = (query: Promise<unknown>) => query.then(() => 'accepted', (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message));
  const entryCount = async () => (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ledger_entries`)).rows[0]!.n;

  it('takes an entry whose lines sum to zero, written line by line', async () => {
    const before = await entryCount();
    await entry([
      ['stripe_balance', 30000],
      ['owed_to_guide', -28500],
      ['platform_fee', -1500],
    ]);
    expect(await entryCount()).toBe(before + 1);
  });

  it.each([
    ['lines that do not sum to zero', [['stripe_balance', 30000], ['owed_to_guide', -29999]]],
    ['a single line', [['stripe_balance', 30000]]],
    ['no line at all', []],
    ['two currencies that only sum to zero together', [['stripe_balance', 100, 'EUR'], ['owed_to_guide', -100, 'USD']]],
  ] as const)('refuses %s, and keeps nothing of it', async (_, lines) => {
    const before = await entryCount();
    expect(await refusal(entry(lines.map((line) => [...line] as [(typeof ledgerLines.$inferInsert)['account'], number, string?])))).toMatch(/fewer than two lines|does not sum to zero/);
    expect(await entryCount()).toBe(before);
  });

  it('refuses a zero line and an unknown account', async () => {
    await expect(entry([['stripe_balance', 0], ['owed_to_guide', 0]])).rejects.toThrow();
    await expect(database.db.execute(sql`INSERT INTO ledger_lines (entry_id, account, amount_minor, currency) VALUES (1, 'cash_in_a_drawer', 5, 'EUR')`)).rejects.toThrow();
  });

  it('is append-only: lines and entries are never changed or deleted', async () => {
    const id = await entry([
      ['stripe_balance', 500],
      ['traveller_paid', -500],
    ]);
    expect(await refusal(database.db.execute(sql`UPDATE ledger_lines SET amount_minor = amount_minor * 2 WHERE entry_id = ${id}`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`DELETE FROM ledger_lines WHERE entry_id = ${id}`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`DELETE FROM ledger_entries WHERE id = ${id}`))).toMatch(/append-only/);
    const sum = await database.db.execute<{ total: number }>(sql`SELECT sum(amount_minor)::int AS total FROM ledger_lines WHERE entry_id = ${id}`);
    expect(sum.rows[0]!.total).toBe(0);
  });
});
