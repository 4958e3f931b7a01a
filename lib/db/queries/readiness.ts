import 'server-only';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getDb } from '../client';

/** `/api/ready`: the database answers and every committed migration is applied. */
export async function checkReadiness(): Promise<{ ready: boolean; reason?: string }> {
  try {
    const journal = JSON.parse(readFileSync(path.join(process.cwd(), 'lib', 'db', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const result = await getDb().execute<{ applied: number }>(sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`);
    const applied = result.rows[0]?.applied ?? 0;
    if (applied < journal.entries.length) return { ready: false, reason: `${journal.entries.length - applied} migration(s) pending` };
    return { ready: true };
  } catch {
    return { ready: false, reason: 'database unreachable' };
  }
}
