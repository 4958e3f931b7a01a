import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../lib/db/database';
import { withDatabase, type TestDatabaseServer } from './db-global-setup';

export { SEED_DATE } from './db-global-setup';

/** The servers database tests run against: the embedded one, and TEST_DATABASE_URL's when set. */
export function testDatabaseServers(): TestDatabaseServer[] {
  return inject('testDatabaseServers');
}

export type IsolatedDatabase = { db: Database; url: string; queryCount: () => number; close: () => Promise<void> };

async function admin<T>(server: TestDatabaseServer, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of one's own: a copy of the seeded template (or an empty one), dropped on close, so
 * test files run in parallel. `queryCount` counts the round trips sent through its pool.
 */
export async function isolatedDatabase(server: TestDatabaseServer, options: { empty?: boolean } = {}): Promise<IsolatedDatabase> {
  const name = `cordee_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await admin(server, (client) =>
    client.query(options.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${client.escapeIdentifier(server.template)}`),
  );
  const url = withDatabase(server.adminUrl, name);
  const { db, pool } = createDatabase(url, { max: 4 });
  let queries = 0;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      queries += 1;
      return query(...args);
    };
  });
  return {
    db,
    url,
    queryCount: () => queries,
    close: async () => {
      await pool.end();
      await admin(server, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
