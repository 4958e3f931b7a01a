import { env } from '../env';
import { createDatabase, type Database } from './database';

// One pool per server process, created on first use (never at build time: pages that read the
// database render on request). `npm start` sets DATABASE_URL, to the embedded server by default.
// Without `server-only` so that proxy.ts can use it too; page code goes through ./client.
const globalForDb = globalThis as unknown as { cordeeDb?: Database };

/** The server process's database. */
export function processDb(): Database {
  if (!globalForDb.cordeeDb) {
    if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set: start the app with `npm start`, which starts the embedded PostgreSQL.');
    globalForDb.cordeeDb = createDatabase(env.DATABASE_URL).db;
  }
  return globalForDb.cordeeDb;
}
