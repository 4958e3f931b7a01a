import { afterEach, describe, expect, it } from 'vitest';
import { runMigrations } from '@/lib/db/migrate';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';
import journal from '@/lib/db/migrations/meta/_journal.json';

describe.each(testDatabaseServers())('migrations on the $name server', (server) => {
  let database: IsolatedDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('apply from zero, then again with nothing to do', async () => {
    database = await isolatedDatabase(server, { empty: true });
    await runMigrations(database.url);
    await runMigrations(database.url);
    const applied = await database.db.execute<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations' as never);
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    const tables = await database.db.execute<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name" as never,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['trips', 'trip_translations', 'guides', 'open_groups', 'reviews', 'countries', 'exchange_rates', 'booking_requests', 'static_pages']),
    );
    const extensions = await database.db.execute<{ extname: string }>('SELECT extname FROM pg_extension' as never);
    expect(extensions.rows.map((row) => row.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent', 'cube', 'earthdistance']));
  });

  it('several instances migrating at once serialise on the advisory lock', async () => {
    database = await isolatedDatabase(server, { empty: true });
    await Promise.all([runMigrations(database.url), runMigrations(database.url), runMigrations(database.url)]);
    const applied = await database.db.execute<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations' as never);
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
  });
});
