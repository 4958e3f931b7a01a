// The embedded PostgreSQL of a test script (load, abuse): its own folder, migrated and seeded.
import { startEmbeddedServer, type EmbeddedServer } from '../lib/db/embedded-server';
import { runMigrations } from '../lib/db/migrate';
import { seedOnStart } from '../lib/db/seed';
import { freePort } from './harness';

/**
 * Starts the embedded server on `dataDir` on a free port, migrated and seeded when empty; throws
 * when another process already serves that folder. The port is returned to start it there again.
 */
export async function startTestDatabase(dataDir: string): Promise<{ database: EmbeddedServer; port: number }> {
  const pgPort = await freePort();
  const database = await startEmbeddedServer({ dataDir, database: 'cordee', port: pgPort, log: (line) => console.log(line) });
  if (database.shared) throw new Error(`${dataDir} is used by another process: stop it first`);
  await runMigrations(database.url);
  await seedOnStart(database.url, 'if-empty', (line) => console.log(line));
  return { database, port: pgPort };
}
