import { defineConfig, devices } from '@playwright/test';

const appPort = Number(process.env.E2E_PORT || 3100);
const fakesPort = Number(process.env.FAKES_PORT || 4319);
const fakesSmtpPort = Number(process.env.FAKES_SMTP_PORT || 4320);
const fakes = `http://127.0.0.1:${fakesPort}`;
// A second app on the same build and database with every browser third party pointed at the fakes
// (their settings are read per request): the first app proves that without them nothing else is called.
const configuredPort = Number(process.env.E2E_CONFIGURED_PORT || appPort + 1);
// The machine's Redis: the two apps below share one database and, through it, their cache expiries.
const redisUrl = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
// The fake Stripe (tests/support/fake-stripe.ts) for the first app only: the configured second app has
// no Stripe key and keeps proving that the guide then arranges payment.
const fakeStripePort = Number(process.env.FAKE_STRIPE_PORT || 3720);
const fakeStripe = `http://127.0.0.1:${fakeStripePort}`;
const stripeWebhookSecret = 'whsec_e2e_fake_stripe';
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Debian's Chromium, headless, with no call to any outside host (the machine's network is closed).
const launchOptions = {
  executablePath: chromiumPath || undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

export default defineConfig({
  testDir: './e2e',
  // The Varnish cluster has its own servers (playwright.cluster.config.ts).
  testIgnore: ['cluster/**'],
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${appPort}`,
    // Here a failed test keeps its trace: actions, DOM snapshots, console and network, without the
    // screencast. In CI, which keeps only the printed output, no trace: recording one cost 10-15 %
    // of the suite's CPU, for every test that passes (decision 0100).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    {
      name: 'mobile',
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, launchOptions },
      // Answers and headers of the server, not pages at a viewport: proven once, by the desktop run.
      testIgnore: ['cluster/**', 'csp.spec.ts', 'data-layer.spec.ts', 'cached-pages.spec.ts', 'routing.spec.ts', 'security.spec.ts', 'server-actions.spec.ts', 'sitemap-crawl.spec.ts'],
      // The same within other files: tests tagged @server read only the server's answer (its HTML,
      // headers or JSON) and assert nothing of the page's layout; tests tagged @translation are a
      // locale's copy of a test whose French copy runs here (e2e/support.ts, perLocale).
      grepInvert: /@server\b|@translation\b/,
    },
  ],
  webServer: [
    {
      command: `node e2e/fakes/server.mjs`,
      url: `${fakes}/health`,
      env: { FAKES_PORT: String(fakesPort), FAKES_SMTP_PORT: String(fakesSmtpPort) },
      reuseExistingServer: !process.env.CI,
    },
    {
      // Posts the events it produces, signed, to the first app's webhook, as Stripe would.
      command: `node node_modules/tsx/dist/cli.mjs tests/support/fake-stripe-server.ts`,
      url: `${fakeStripe}/health`,
      env: { FAKE_STRIPE_PORT: String(fakeStripePort), STRIPE_WEBHOOK_SECRET: stripeWebhookSecret, STRIPE_WEBHOOK_URL: `http://127.0.0.1:${appPort}/api/payments/webhook` },
      reuseExistingServer: !process.env.CI,
    },
    {
      // The app as `npm start` runs it: embedded PostgreSQL (its own data folder), migrations, seed, next start.
      command: `node node_modules/tsx/dist/cli.mjs scripts/start.ts`,
      // SIGTERM lets the launcher stop Next.js, then its PostgreSQL: nothing outlives the run.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      url: `http://127.0.0.1:${appPort}/`,
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      env: {
        PORT: String(appPort),
        CORDEE_DATA_DIR: '.data/e2e-postgres',
        SEED_ON_START: 'always',
        CRASH_TEST_ROUTE: '1',
        // Online payment through the fake Stripe; e2e/payments.spec.ts moves its clock by the test hook.
        STRIPE_SECRET_KEY: 'sk_test_e2e_fake_stripe',
        STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
        STRIPE_API_BASE: fakeStripe,
        PAYMENTS_CLOCK_ROUTE: '1',
        SITE_URL: `http://127.0.0.1:${appPort}`,
        // Server-side error reports go to the local fake that speaks Sentry's envelope API.
        SENTRY_DSN: `http://e2epublickey@127.0.0.1:${fakesPort}/1`,
        // Exchange rates refresh at start from the local fake of the ECB feed.
        RATES_URL: `${fakes}/ecb/eurofxref-daily.xml`,
        // E-mails go to the local fake SMTP server; the outbox is drained often so tests wait little.
        SMTP_URL: `smtp://127.0.0.1:${fakesSmtpPort}`,
        OUTBOX_POLL_MS: '500',
        // The whole suite sends its forms from one address, at machine speed: the anti-automation
        // limits are proven by their own tests (tests/lib/security, the abuse e2e), not here.
        RATE_LIMIT_PER_IP: '100000',
        RATE_LIMIT_PER_EMAIL: '100000',
        RATE_LIMIT_PER_CLIENT_DOMAIN: '100000',
        RATE_LIMIT_SUGGEST_PER_MINUTE: '100000',
        RATE_LIMIT_SOCIAL_IMAGES_PER_MINUTE: '100000',
        RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
        RATE_LIMIT_PHOTO_UPLOADS_PER_HOUR: '100000',
        // Trip photos of the e2e database: a folder of their own, shared with the configured app below.
        MEDIA_DIR: '.data/e2e-media',
        JOIN_HOLD_SEATS_PER_CLIENT: '100000',
        // Redis keeps the counts between runs: the guide signs in a few times per run.
        RATE_LIMIT_SIGN_IN_MAILS: '100000',
        FORM_MIN_FILL_MS: '0',
        REDIS_URL: redisUrl,
        NEXT_TELEMETRY_DISABLED: '1',
        // This app plays one behind a CDN that sets the country headers and appends to X-Forwarded-For
        // (the tests send them as that CDN would); the configured app below keeps the defaults: it
        // trusts neither, as a server facing clients directly must.
        GEO_COUNTRY_HEADERS: 'x-vercel-ip-country,cf-ipcountry',
        TRUSTED_PROXY_HOPS: '1',
      },
    },
    {
      // Started after the app above: it shares that app's embedded PostgreSQL (same data folder).
      command: `node node_modules/tsx/dist/cli.mjs scripts/start.ts`,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      url: `http://127.0.0.1:${configuredPort}/`,
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      env: {
        PORT: String(configuredPort),
        CORDEE_DATA_DIR: '.data/e2e-postgres',
        MEDIA_DIR: '.data/e2e-media',
        SITE_URL: `http://127.0.0.1:${configuredPort}`,
        SMTP_URL: `smtp://127.0.0.1:${fakesSmtpPort}`,
        OUTBOX_POLL_MS: '500',
        NEXT_PUBLIC_AMPLITUDE_API_KEY: 'e2e-amplitude-key',
        NEXT_PUBLIC_AMPLITUDE_SERVER_URL: fakes,
        NEXT_PUBLIC_EXPERIMENT_DEPLOYMENT_KEY: 'client-e2e-deployment-key',
        NEXT_PUBLIC_EXPERIMENT_SERVER_URL: fakes,
        NEXT_PUBLIC_EXPERIMENT_FLAGS_SERVER_URL: fakes,
        NEXT_PUBLIC_DEPOSIT_BANNER_FLAG: 'deposit-banner',
        NEXT_PUBLIC_CHATBOT_SCRIPT_URL: `${fakes}/chatbot.js`,
        NEXT_PUBLIC_SPEED_INSIGHTS: 'on',
        // Reviews translated through the local fake of DeepL's API (the first app has no key: no button, no call).
        DEEPL_API_KEY: 'e2e-deepl-key:fx',
        DEEPL_SERVER_URL: `${fakes}/deepl`,
        // The reviews' e2e moves this app's clock past a trip's end (no Stripe here: only the review invitation runs).
        PAYMENTS_CLOCK_ROUTE: '1',
        RATE_LIMIT_PER_IP: '100000',
        RATE_LIMIT_PER_EMAIL: '100000',
        RATE_LIMIT_PER_CLIENT_DOMAIN: '100000',
        RATE_LIMIT_SUGGEST_PER_MINUTE: '100000',
        RATE_LIMIT_SOCIAL_IMAGES_PER_MINUTE: '100000',
        RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
        JOIN_HOLD_SEATS_PER_CLIENT: '100000',
        FORM_MIN_FILL_MS: '0',
        REDIS_URL: redisUrl,
        NEXT_TELEMETRY_DISABLED: '1',
      },
    },
  ],
});
