import type pg from 'pg';
import { env } from '../env';
import { createDatabase, type Database } from './database';

// One pool per server process, created on first use (never at build time: pages that read the
// database render on request). `npm start` sets DATABASE_URL, to the embedded server by default.
// Without `server-only` so that proxy.ts can use it too; page code goes through ./client.
const globalForDb = globalThis as unknown as { cordeeDb?: Database; cordeePool?: pg.Pool; cordeeSearchDb?: Database };

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
 * The search's own small pool (SEARCH_POOL_MAX connections): a free-text search over a large
 * catalogue never takes the connections other pages need, waits for one at most
 * SEARCH_WAIT_MS, and PostgreSQL stops any of its statements after SEARCH_STATEMENT_TIMEOUT_MS.
 * Either limit is a {@link isSearchBusy} error, which the page answers with "busy, try again".
 */
export function searchDb(): Database {
  if (!globalForDb.cordeeSearchDb) {
    if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set: start the app with `npm start`, which starts the embedded PostgreSQL.');
    globalForDb.cordeeSearchDb = createDatabase(env.DATABASE_URL, { max: env.SEARCH_POOL_MAX, waitMs: env.SEARCH_WAIT_MS, statementTimeoutMs: env.SEARCH_STATEMENT_TIMEOUT_MS }).db;
  }
  return globalForDb.cordeeSearchDb;
}
