import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['.next/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts']),
  {
    rules: {
      // conventions §10: every environment variable is read once, in lib/env.ts
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read environment variables through lib/env.ts.' }],
      // issue 2: no module but lib/storage touches localStorage directly
      'no-restricted-globals': ['error', { name: 'localStorage', message: 'Use lib/storage.' }],
    },
  },
  {
    files: ['lib/env.ts', 'lib/public-env.ts', 'scripts/**', 'e2e/**', '*.config.ts', '*.config.mjs', 'instrumentation*.ts', 'lib/storage/**', 'tests/**'],
    rules: { 'no-restricted-properties': 'off', 'no-restricted-globals': 'off' },
  },
]);
