import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * Layers: app → components → lib, never upwards. Under components/, the shared folders below may
 * be imported by any feature; a feature folder (every other one) imports another feature only
 * through the files listed as that feature's public entries. docs/decisions/0011-import-boundaries.md.
 */
const sharedComponents = ['ui', 'forms', 'layout', 'money', 'seo', 'providers', 'trip-card', 'request-page', 'measurement', 'reviews', 'media'];
const publicEntries = [
  'trip/star-rating.tsx',
  'trip/rating-link.tsx',
  'guide/guide-avatar.tsx',
  'booking/open-group-join.tsx',
  'booking/booking-opener.ts',
  'search/search-view.tsx',
  'search/suggestions.ts',
];
const featureComponents = readdirSync(new URL('./components', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !sharedComponents.includes(entry.name))
  .map((entry) => entry.name);

const layerZones = [
  { target: './lib', from: ['./components', './app'], message: 'lib/ is the bottom layer: it never imports components/ or app/.' },
  { target: './components', from: './app', message: 'components/ never import app/: pass a Server Action down as a prop.' },
];
const featureZones = featureComponents.map((feature) => ({
  target: `./components/${feature}`,
  from: './components',
  except: [`./${feature}`, ...sharedComponents.map((shared) => `./${shared}`), ...publicEntries.filter((entry) => !entry.startsWith(`${feature}/`)).map((entry) => `./${entry}`)],
  message: `Another feature's internals: import components/ui, components/forms, a shared folder, lib/, or a public entry listed in eslint.config.mjs.`,
}));
const sharedZones = sharedComponents.map((shared) => ({
  target: `./components/${shared}`,
  from: featureComponents.map((feature) => `./components/${feature}`),
  message: 'A shared components folder never imports a feature folder.',
}));
const restrictedPaths = (zones) => ['error', { zones }];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['.next/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'bench/minimal/.next/**', 'bench/minimal/next-env.d.ts']),
  // The bench's minimal app mirrors Cordée's pages, which link with plain <a> and <img> (app router, SVG covers).
  { files: ['bench/minimal/**'], rules: { '@next/next/no-html-link-for-pages': 'off', '@next/next/no-img-element': 'off' } },
  {
    rules: {
      // conventions §10: every environment variable is read once, in lib/env.ts
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read environment variables through lib/env.ts.' }],
      // No module but lib/storage touches localStorage directly
      'no-restricted-globals': ['error', { name: 'localStorage', message: 'Use lib/storage.' }],
    },
  },
  {
    files: ['app/**', 'components/**', 'lib/**', 'i18n/**', '*.ts'],
    // Packages are not parsed for their exports: import/no-cycle follows the project's own files only
    // (parsing next's and react's type definitions made it four times slower than the rest of lint).
    settings: { 'import/ignore': ['node_modules'] },
    rules: {
      'import/no-restricted-paths': restrictedPaths([...layerZones, ...featureZones, ...sharedZones]),
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['lib/env.ts', 'lib/public-env.ts', 'scripts/**', 'e2e/**', '*.config.ts', '*.config.mjs', 'instrumentation*.ts', 'lib/storage/**', 'tests/**'],
    rules: { 'no-restricted-properties': 'off', 'no-restricted-globals': 'off' },
  },
]);
