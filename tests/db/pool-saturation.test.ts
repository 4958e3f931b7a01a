import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasePoolSaturated } from '@/lib/db/process-db';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

/**
 * spec §8 under load: the proxy answers 503 once the process pool's queue of waiting queries is
 * full; this is the reading it asks, over a real pool whose only connection is held.
 */
describe.each(testDatabaseServers())('the pool is saturated when its queue is full, on the $name server', (server) => {
  let database: IsolatedDatabase;
  let pool: pg.Pool;
  const globalForDb = globalThis as unknown as { cordeePool?: pg.Pool };

  beforeAll(async () => {
    database = await isolatedDatabase(server, { empty: true });
    pool = new pg.Pool({ connectionString: database.url, max: 1, connectionTimeoutMillis: 10_000 });
    globalForDb.cordeePool = pool;
  });
  afterAll(async () => {
    delete globalForDb.cordeePool;
    await pool.end();
    await database.close();
  });

  it('counts the queries waiting for a connection against the bound', async () => {
    expect(databasePoolSaturated(1)).toBe(false);
    const held = await pool.connect();
    const waiting = [pool.query('select 1'), pool.query('select 2')];
    expect(pool.waitingCount).toBe(2);
    expect(databasePoolSaturated(2)).toBe(true);
    expect(databasePoolSaturated(3)).toBe(false);
    held.release();
    await Promise.all(waiting);
    expect(databasePoolSaturated(1)).toBe(false);
  });
});
