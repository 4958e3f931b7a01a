import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@/lib/db/database';
import { isSearchBusy } from '@/lib/db/search-busy';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

/**
 * The search's bounded slow path: a pool made as the search's (lib/db/process-db.ts searchDb) stops
 * a statement at its timeout and gives up waiting for a connection, both read as "busy".
 */
describe.each(testDatabaseServers())("the search's pool bounds a slow search, on the $name server", (server) => {
  let database: IsolatedDatabase;
  let bounded: ReturnType<typeof createDatabase>;

  beforeAll(async () => {
    database = await isolatedDatabase(server, { empty: true });
    bounded = createDatabase(database.url, { max: 1, waitMs: 100, statementTimeoutMs: 100 });
  });
  afterAll(async () => {
    await bounded.pool.end();
    await database.close();
  });

  it('stops a statement past its timeout, as busy', async () => {
    const error = await bounded.db.execute(sql`SELECT pg_sleep(2)`).then(() => null, (caught: unknown) => caught);
    expect(isSearchBusy(error)).toBe(true);
    // The connection serves the next search.
    expect((await bounded.db.execute<{ one: number }>(sql`SELECT 1 AS one`)).rows[0]?.one).toBe(1);
  });

  it('gives up waiting for a connection, as busy', async () => {
    const held = await bounded.pool.connect();
    try {
      const error = await bounded.db.execute(sql`SELECT 1`).then(() => null, (caught: unknown) => caught);
      expect(isSearchBusy(error)).toBe(true);
    } finally {
      held.release();
    }
  });
});
