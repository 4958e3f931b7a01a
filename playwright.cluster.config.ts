import { defineConfig, devices } from '@playwright/test';

// The Varnish cluster (`npm run start:cluster`): two instances on one database and one Redis behind
// deploy/varnish/cordee.vcl. `node scripts/e2e.mjs --config playwright.cluster.config.ts`; npm test runs it.
const varnishPort = Number(process.env.E2E_VARNISH_PORT || 6081);
const firstAppPort = Number(process.env.E2E_CLUSTER_APP_PORT || 3102);
const fakesPort = Number(process.env.FAKES_PORT || 4319);
const fakesSmtpPort = Number(process.env.FAKES_SMTP_PORT || 4320);
const redisUrl = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

export default defineConfig({
  testDir: './e2e/cluster',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  // Traces as in playwright.config.ts: failures' traces here, none in CI (decision 0100).
  use: { baseURL: `http://127.0.0.1:${varnishPort}`, trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false }, launchOptions },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } }],
  webServer: [
    {
      command: 'node e2e/fakes/server.mjs',
      url: `http://127.0.0.1:${fakesPort}/health`,
      env: { FAKES_PORT: String(fakesPort), FAKES_SMTP_PORT: String(fakesSmtpPort) },
      reuseExistingServer: !process.env.CI,
    },
    {
      command: 'node node_modules/tsx/dist/cli.mjs scripts/start-cluster.ts',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      // Through Varnish: up once an instance answers and its health probe passed.
      url: `http://127.0.0.1:${varnishPort}/`,
      timeout: 90_000,
      reuseExistingServer: !process.env.CI,
      env: {
        PORT: String(varnishPort),
        CLUSTER_APP_PORT: String(firstAppPort),
        CLUSTER_INSTANCES: '2',
        CORDEE_DATA_DIR: '.data/cluster-postgres',
        SEED_ON_START: 'always',
        SITE_URL: `http://127.0.0.1:${varnishPort}`,
        SMTP_URL: `smtp://127.0.0.1:${fakesSmtpPort}`,
        OUTBOX_POLL_MS: '500',
        RATE_LIMIT_PER_IP: '100000',
        RATE_LIMIT_PER_EMAIL: '100000',
        RATE_LIMIT_PER_CLIENT_DOMAIN: '100000',
        RATE_LIMIT_SUGGEST_PER_MINUTE: '100000',
        RATE_LIMIT_SOCIAL_IMAGES_PER_MINUTE: '100000',
        FORM_MIN_FILL_MS: '0',
        REDIS_URL: redisUrl,
        NEXT_TELEMETRY_DISABLED: '1',
      },
    },
  ],
});
