import path from 'node:path';
import { createDatabase, type Database } from '../lib/db/database';
import { startEmbeddedServer, type EmbeddedServer } from '../lib/db/embedded-server';
import { runMigrations } from '../lib/db/migrate';

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
