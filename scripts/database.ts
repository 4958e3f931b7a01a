import path from 'node:path';
import { createDatabase, type Database } from '../lib/db/database';
import { startEmbeddedServer, type EmbeddedServer } from '../lib/db/embedded-server';
import { runMigrations } from '../lib/db/migrate';
import { seedOnStart } from '../lib/db/seed';
import { env } from '../lib/env';
import { objectStoreFrom } from '../lib/media/object-store';
import { mediaStoreSettings } from '../lib/media/store-settings';

/**
 * The database of a command: DATABASE_URL when set, else the embedded server on
 * CORDEE_DATA_DIR (default .data/postgres). `stop` stops the embedded server if this process owns it.
 */
export async function openDatabaseServer(): Promise<{ url: string; stop: () => Promise<void>; embedded: EmbeddedServer | null }> {
  const external = process.env.DATABASE_URL?.trim();
  if (external) return { url: external, stop: async () => undefined, embedded: null };
  const dataDir = path.resolve(process.env.CORDEE_DATA_DIR || path.join('.data', 'postgres'));
  const embedded = await startEmbeddedServer({ dataDir, database: 'cordee', log: (line) => console.log(line) });
  return { url: embedded.url, stop: embedded.stop, embedded };
}

/**
 * The database a server starts with (`npm start`, `npm run start:cluster`): openDatabaseServer's,
 * migrated and seeded (SEED_ON_START=always, else only when empty), stopped again if either fails.
 * Its `stop` logs a failure instead of throwing.
 */
export async function openServedDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  const database = await openDatabaseServer();
  const stop = () => database.stop().catch((error: unknown) => console.error('Could not stop PostgreSQL cleanly:', error));
  try {
    await runMigrations(database.url);
    await seedOnStart(database.url, process.env.SEED_ON_START === 'always' ? 'always' : 'if-empty', (line) => console.log(line), objectStoreFrom(mediaStoreSettings(env)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: database.url, stop };
}

/**
 * Runs a command's work against its database (see openDatabaseServer), migrated first; closes the
 * pool and stops an embedded server it started, whatever happens. Errors print and exit 1.
 */
export function runWithDatabase(work: (db: Database) => Promise<void>): void {
  const main = async () => {
    const server = await openDatabaseServer();
    const { db, pool } = createDatabase(server.url, { max: 4 });
    try {
      await runMigrations(server.url);
      await work(db);
    } finally {
      await pool.end();
      await server.stop();
    }
  };
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
