import 'server-only';
import type { Database } from './database';
import { processDb } from './process-db';

/** The server's database, for query functions (never imported by client code). */
export function getDb(): Database {
  return processDb();
}
