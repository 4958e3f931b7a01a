import { defineConfig } from 'vitest/config';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Suites that talk to the machine's Redis (TEST_REDIS_URL, else 127.0.0.1:6379); no database. */
const redisSuites = ['tests/lib/server/shared-cache-tags.test.ts', 'tests/lib/security/rate-limit.test.ts'];

/**
 * Files that change what every later file in their worker would see: a module mocked or reloaded,
 * an environment variable or global set, a process listener. They keep a fresh module graph of
 * their own (vitest's default isolation); every other file shares its worker's modules with the
 * files before it (`isolate: false`), so Next.js, React and the app are not imported once per file
 * (figures: docs/decisions/0100-ci-time-budget.md).
 */
const SIDE_EFFECTS = /vi\.(mock|doMock|stubEnv|stubGlobal|hoisted|resetModules)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|process\.on\(/;
const testFiles = readdirSync('tests', { recursive: true, encoding: 'utf8' })
  .map((file) => `tests/${file}`)
  .filter((file) => /\.test\.tsx?$/.test(file) && !redisSuites.includes(file));
const isolatedFiles = testFiles.filter((file) => !file.startsWith('tests/db/') && SIDE_EFFECTS.test(readFileSync(file, 'utf8')));
const isolatedDbFiles = testFiles.filter((file) => file.startsWith('tests/db/') && SIDE_EFFECTS.test(readFileSync(file, 'utf8')));

// Projects, so one file runs with only what it needs (`npx vitest run tests/lib/money` starts no
// PostgreSQL): `unit` (node), `components` (jsdom), `isolated` (either, the SIDE_EFFECTS files),
// `redis` (node, the machine's Redis), `db` and `db-isolated` (the embedded PostgreSQL of
// tests/support/db-global-setup.ts, one for both). `npx vitest run` runs them all.
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
          exclude: ['tests/components/**', 'tests/db/**', ...redisSuites, ...isolatedFiles],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        // jsdom; a file that renders to a string on the server says `// @vitest-environment node`.
        test: { name: 'components', include: ['tests/components/**/*.test.{ts,tsx}'], exclude: isolatedFiles, environment: 'jsdom', isolate: false },
      },
      {
        extends: true,
        // The files of SIDE_EFFECTS, each in a module graph of its own; the environment per file.
        test: { name: 'isolated', include: isolatedFiles, environment: 'node' },
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
          exclude: isolatedDbFiles,
          environment: 'node',
          isolate: false,
          // One embedded PostgreSQL (and TEST_DATABASE_URL's server when set) for both db projects.
          globalSetup: ['tests/support/db-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'db-isolated', include: isolatedDbFiles, environment: 'node', globalSetup: ['tests/support/db-global-setup.ts'] },
      },
    ],
  },
});
