import type pg from 'pg';
import { env } from '../env';
import { createDatabase, type Database } from './database';

// One pool per server process, created on first use (never at build time: pages that read the
// database render on request). `npm start` sets DATABASE_URL, to the embedded server by default.
// Without `server-only` so that proxy.ts can use it too; page code goes through ./client.
const globalForDb = globalThis as unknown as { cordeeDb?: Database; cordeePool?: pg.Pool };

/** The server process's database (pool size and wait: DATABASE_POOL_MAX, DATABASE_POOL_WAIT_MS). */
export function processDb(): Database {
  if (!globalForDb.cordeeDb) {
    if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set: start the app with `npm start`, which starts the embedded PostgreSQL.');
    const { db, pool } = createDatabase(env.DATABASE_URL, { max: env.DATABASE_POOL_MAX, waitMs: env.DATABASE_POOL_WAIT_MS });
    globalForDb.cordeeDb = db;
    globalForDb.cordeePool = pool;
  }
  return globalForDb.cordeeDb;
}

/**
 * spec §8 under load: whether the pool's queue of requests waiting for a connection is full
 * (DATABASE_POOL_QUEUE_MAX). The proxy then answers a new page with the overloaded page (503,
 * Retry-After) at once instead of letting it wait past DATABASE_POOL_WAIT_MS and fail.
 */
export function databasePoolSaturated(queueMax: number = env.DATABASE_POOL_QUEUE_MAX): boolean {
  const pool = globalForDb.cordeePool;
  return pool !== undefined && pool.waitingCount >= queueMax;
}
