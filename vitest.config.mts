import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** Suites that talk to the machine's Redis (TEST_REDIS_URL, else 127.0.0.1:6379); no database. */
const redisSuites = ['tests/lib/server/shared-cache-tags.test.ts', 'tests/lib/security/rate-limit.test.ts'];

// Four projects, so one file runs with only what it needs (`npx vitest run tests/lib/money` starts
// no PostgreSQL): `unit` (node), `components` (jsdom), `redis` (node, the machine's Redis) and `db`
// (the embedded PostgreSQL of tests/support/db-global-setup.ts). `npx vitest run` runs them all.
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      'server-only': fileURLToPath(new URL('./tests/support/server-only.ts', import.meta.url)),
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    hookTimeout: 60_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
    server: { deps: { inline: ['next-intl'] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/components/**', 'tests/db/**', ...redisSuites],
          environment: 'node',
        },
      },
      {
        extends: true,
        // jsdom; a file that renders to a string on the server says `// @vitest-environment node`.
        test: { name: 'components', include: ['tests/components/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: { name: 'redis', include: redisSuites, environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.{ts,tsx}'],
          environment: 'node',
          // One embedded PostgreSQL (and TEST_DATABASE_URL's server when set) for the whole project.
          globalSetup: ['tests/support/db-global-setup.ts'],
        },
      },
    ],
  },
});
