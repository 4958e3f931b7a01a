// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded server.
import { runMigrations } from '../lib/db/migrate';
import { openDatabaseServer } from './database';

async function main() {
  const server = await openDatabaseServer();
  try {
    await runMigrations(server.url);
    console.log('Migrations applied.');
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
