import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as relations from './relations';
import * as tables from './schema';

export const fullSchema = { ...tables, ...relations };
export type Database = NodePgDatabase<typeof fullSchema>;

/**
 * A drizzle database over a node-postgres pool (no Next.js, no env: used by app, scripts and tests).
 * `waitMs` bounds how long a query waits for a free connection (the pool's queue is FIFO);
 * `statementTimeoutMs`, how long PostgreSQL runs one statement (set when connecting: no round trip).
 */
export function createDatabase(connectionString: string, options: { max?: number; waitMs?: number; statementTimeoutMs?: number } = {}): { db: Database; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.waitMs ?? 5_000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // Without a listener, a server shutdown would crash the process through idle clients' errors.
  pool.on('error', () => undefined);
  return { db: drizzle({ client: pool, schema: fullSchema }), pool };
}

/** A transaction of {@link Database}; functions that may run inside one accept either. */
export type DatabaseTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];
