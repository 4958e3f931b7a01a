import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import pg from 'pg';

/** The committed migrations (drizzle-kit generate), relative to the project root. */
export const migrationsFolder = path.join(process.cwd(), 'lib', 'db', 'migrations');

// An arbitrary constant identifying Cordée's migration lock among advisory locks.
const MIGRATION_LOCK = 4_242_001;

/**
 * Applies pending migrations under a PostgreSQL advisory lock, so several instances starting at
 * once migrate one after the other and the later ones find nothing to do.
 */
export async function runMigrations(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
