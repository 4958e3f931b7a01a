import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from lib/db/schema.ts; they are committed and
// applied at start (lib/db/migrate.ts) under an advisory lock.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './lib/db/migrations',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
});
