import path from 'node:path';
import { startEmbeddedServer, type EmbeddedServer } from '../lib/db/embedded-server';

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
