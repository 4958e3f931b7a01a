import { z } from 'zod';
import { CACHE_BUDGET_DEFAULTS_MB } from './cache/byte-lru';

/**
 * Every environment variable the app reads, validated once (conventions §10). Optional
 * third parties switch off quietly when their variable is absent. `.env.example` documents them.
 */
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalUrl = z.preprocess(blankAsUnset, z.url().optional());
const urlWithDefault = (fallback: string) => z.preprocess(blankAsUnset, z.url().default(fallback));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Set by Next.js while it builds or serves ('phase-production-build' during `next build`). */
  NEXT_PHASE: z.string().optional(),
  /** PostgreSQL to use; `npm start` sets it to the embedded server when it is not set. */
  DATABASE_URL: z.preprocess(blankAsUnset, z.string().startsWith('postgres').optional()),
  /** Port of `npm start`. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Public origin of the site, used for absolute URLs (canonical, sitemap, Open Graph); default http://localhost:PORT. */
  SITE_URL: optionalUrl,
  /** Assets host for images (spec §3 path shapes); default: this app's /assets (the generated demo images). */
  ASSETS_URL: optionalUrl,
  /** The customer area's bookings page ('My trips'); `lan=<locale>` is appended. */
  MY_TRIPS_URL: z.string().default('/account/bookings'),
  /** The mailing-list subscribe page; the e-mail goes in the `NEWSLETTER_EMAIL_PARAM` query value. */
  NEWSLETTER_URL: urlWithDefault('https://cordee.us1.list-manage.com/subscribe?u=cordee&id=travellers'),
  NEWSLETTER_EMAIL_PARAM: z.string().default('EMAIL'),
  /** External guide-promotion form, English and French; Spanish uses English. */
  GUIDE_PROMOTION_URL_EN: urlWithDefault('https://forms.cordee.travel/promote-your-trips'),
  GUIDE_PROMOTION_URL_FR: urlWithDefault('https://forms.cordee.travel/promouvoir-vos-voyages'),
  /** The guides' sign-in page. */
  GUIDE_LOGIN_URL: z.string().default('/account/guide'),
  /** Sentry DSN; without it Sentry makes no network call. */
  SENTRY_DSN: optionalUrl,
  SENTRY_ENVIRONMENT: z.string().optional(),
  /**
   * CDN headers trusted to carry the visitor's country, comma-separated, first match wins; default
   * none (a client could send them): set only behind a CDN that overwrites them.
   */
  GEO_COUNTRY_HEADERS: z.string().default(''),
  /** The header with the client address: a chain like `x-forwarded-for`, or one address like `x-real-ip`; read only with TRUSTED_PROXY_HOPS > 0. */
  CLIENT_IP_HEADER: z.preprocess(blankAsUnset, z.string().toLowerCase().default('x-forwarded-for')),
  /** How many proxies of ours append to that chain (the client is that many entries from the right); 0: none, the socket's address counts. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Another MaxMind-format country database (default: the one shipped in node_modules). */
  GEOIP_DATABASE_PATH: z.preprocess(blankAsUnset, z.string().optional()),
  /** ECB daily reference-rates XML to refresh exchange rates from; unset: rates stay as seeded or last refreshed. */
  RATES_URL: optionalUrl,
  /** Minutes between two refreshes while the server runs (with RATES_URL). */
  RATES_REFRESH_MINUTES: z.coerce.number().int().min(1).max(10080).default(360),
  /** Milliseconds a rates download may take before it counts as failed. */
  RATES_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(10000),
  /** spec §9 cross-currency factor applied when a price is shown in another currency than the trip's. */
  CROSS_CURRENCY_FACTOR: z.preprocess(blankAsUnset, z.string().regex(/^\d{1,3}(\.\d{1,6})?$/).default('1.02')),
  /** SMTP server for the outbox e-mails (`smtp://user:pass@host:587`, `smtps://` for TLS); unset: e-mails stay in the outbox. */
  SMTP_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^smtps?$/ }).optional()),
  /** Sender of every e-mail (From). */
  MAIL_FROM: z.preprocess(blankAsUnset, z.string().default('Cordée <hello@cordee.example>')),
  /** Receives need-help messages, and guide e-mails when a guide has no e-mail address. */
  SUPPORT_EMAIL: z.preprocess(blankAsUnset, z.email().default('support@cordee.example')),
  /** Milliseconds between two outbox drains (a form submission also starts one at once). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  /** Minutes an anonymous open-group join holds its seats until its address is confirmed through the e-mailed link (decimals allowed, for tests). */
  JOIN_HOLD_MINUTES: z.coerce.number().min(0.1).max(1440).default(30),
  /** Seats one client (network address) may hold unconfirmed at once, every group together: made-up addresses cannot empty the catalogue. */
  JOIN_HOLD_SEATS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(24),
  /** Seconds between two runs of the release of lapsed holds (the waitlist moves up). */
  JOIN_HOLD_CHECK_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Minutes between two checks of the 24-hour reply promise (reminders at 12 hours, escalation to support at 24). */
  REPLY_PROMISE_CHECK_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** Stripe secret key (`sk_test_…`/`sk_live_…`); unset: no online payment, the guide arranges it, and no call is made. */
  STRIPE_SECRET_KEY: z.preprocess(blankAsUnset, z.string().min(8).max(300).optional()),
  /** Signing secret of the webhook endpoint /api/payments/webhook (`whsec_…`); without it every webhook is refused. */
  STRIPE_WEBHOOK_SECRET: z.preprocess(blankAsUnset, z.string().min(8).max(300).optional()),
  /** Signing secret of the Connect endpoint (events of guides' accounts), when Stripe posts them to the same URL from a second endpoint. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.preprocess(blankAsUnset, z.string().min(8).max(300).optional()),
  /** Another base for Stripe's API (a local fake in tests, `http://127.0.0.1:3720`); unset: Stripe's own. */
  STRIPE_API_BASE: optionalUrl,
  /** spec §9: hours a confirmed booking's deposit may wait before the confirmation lapses. */
  DEPOSIT_DEADLINE_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  /** spec §9: days before departure the 70 % remainder is charged off-session. */
  REMAINDER_DAYS_BEFORE: z.coerce.number().int().min(1).max(365).default(14),
  /** Days before the remainder is charged that the traveller is reminded of it. */
  REMAINDER_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /** The platform's share of every payment, in percent; the rest is owed to the guide (the ledger's split). */
  PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(100).default(15),
  /** Days after a trip's last day before the guide's share is transferred to their Stripe account (decision 0293). */
  PAYOUT_DELAY_DAYS: z.coerce.number().int().min(0).max(90).default(2),
  /** Minutes between two payment runs (lapsed deposits, due remainders, reconciliation with Stripe). */
  PAYMENTS_CHECK_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /** Sentry for browser errors, read here to allow its origin in the Content-Security-Policy (lib/security/csp.ts). */
  NEXT_PUBLIC_SENTRY_DSN: optionalUrl,
  /** Shared state between instances (rate limiter); unset: kept in this process's memory. */
  REDIS_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^rediss?$/ }).optional()),
  /**
   * The Varnish servers in front (comma-separated http URLs, at most 16), purged by cache tag after a
   * write (lib/server/shared-cache-purge.ts); unset: no cache in front to purge.
   */
  VARNISH_URLS: z
    .string()
    .default('')
    .transform((text) => text.split(',').map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/ })).max(16)),
  /** Form submissions allowed per client address, and per e-mail address, within RATE_LIMIT_WINDOW_MINUTES. */
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
  RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(1_000_000).default(10),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Sign-in e-mails to one address at one client address's request per link lifetime (15 minutes): past it a request sends nothing. */
  RATE_LIMIT_SIGN_IN_MAILS: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Sent submissions per hour from one client address that e-mail addresses of one domain the visitor typed (docs/decisions/0270). */
  RATE_LIMIT_PER_CLIENT_DOMAIN: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Requests per minute from one client address to the destination suggestions (/api/suggest); past it 429 with Retry-After. */
  RATE_LIMIT_SUGGEST_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(240),
  /** Social images (/og/…) one client address may have rendered per minute (one already in memory is not counted); past it 429 with Retry-After. */
  RATE_LIMIT_SOCIAL_IMAGES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(240),
  /** New searches as data (/api/search: a filter change on the search page) one client address may ask per minute; past it 429 with Retry-After. */
  RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** A form sent sooner than this many milliseconds after it appeared is refused as a bot's. */
  FORM_MIN_FILL_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  // In-process caches, each a least-recently-used store bounded in bytes (lib/cache/byte-lru.ts).
  /** MB of rendered pages (HTML, RSC payload, gzip) Next.js's page store keeps (lib/cache/page-store.ts). */
  PAGE_STORE_BUDGET_MB: z.coerce.number().positive().max(65_536).default(CACHE_BUDGET_DEFAULTS_MB.PAGE_STORE_BUDGET_MB),
  /** MB of search result pages the page store keeps apart from the other pages, so that searches only evict searches (docs/decisions/0200). */
  SEARCH_PAGE_STORE_BUDGET_MB: z.coerce.number().positive().max(65_536).default(CACHE_BUDGET_DEFAULTS_MB.SEARCH_PAGE_STORE_BUDGET_MB),
  /** MB of 'use cache' data (the pages' named queries) kept by lib/cache/shared-cache-tags.ts. */
  DATA_CACHE_BUDGET_MB: z.coerce.number().positive().max(65_536).default(CACHE_BUDGET_DEFAULTS_MB.DATA_CACHE_BUDGET_MB),
  /** MB of remembered answers (headers only) the front of scripts/serve.ts keeps. */
  FRONT_CACHE_BUDGET_MB: z.coerce.number().positive().max(65_536).default(CACHE_BUDGET_DEFAULTS_MB.FRONT_CACHE_BUDGET_MB),
  /** MB of the proxy's slug lookups (lib/db/entity-routes.ts). */
  ROUTE_CACHE_BUDGET_MB: z.coerce.number().positive().max(65_536).default(CACHE_BUDGET_DEFAULTS_MB.ROUTE_CACHE_BUDGET_MB),
  /** MB of the social images (/og/…) kept rendered as PNG (lib/server/social-images.ts). */
  SOCIAL_IMAGE_CACHE_BUDGET_MB: z.coerce.number().positive().max(65_536).default(CACHE_BUDGET_DEFAULTS_MB.SOCIAL_IMAGE_CACHE_BUDGET_MB),
  /** How long a client may take to send a whole request, headers and body (scripts/serve.ts reads it the same way). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
  /** Connections of the server's PostgreSQL pool (docs/decisions/0070-database-pool-and-overload.md). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a query waits for a pool connection, and a request for its turn at Next.js (lib/server/render-gate.ts), before it fails (ms). */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Requests allowed to wait for their turn at Next.js (DATABASE_POOL_MAX at once); past it, pages answer 503 with Retry-After. */
  RENDER_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(256),
  /** Connections of the search's own pool (lib/db/process-db.ts `searchDb`), within PostgreSQL's limit beside DATABASE_POOL_MAX. */
  SEARCH_POOL_MAX: z.coerce.number().int().min(1).max(50).default(4),
  /** How long a search waits for one of its connections before the page says "busy, try again" (ms). */
  SEARCH_WAIT_MS: z.coerce.number().int().min(50).max(30_000).default(1_000),
  /** PostgreSQL's statement_timeout on the search's connections (ms). */
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1_500),
  /** Log level of the JSON server logs (pino). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Third parties of the browser (spec §4, §7). NEXT_PUBLIC_ names, but read here at request time and
  // handed to the page as props (lib/server/measurement-config.ts), so one build serves any setting.
  /** Amplitude analytics project key; unset: analytics never loads. */
  NEXT_PUBLIC_AMPLITUDE_API_KEY: z.preprocess(blankAsUnset, z.string().max(200).optional()),
  /** Base of Amplitude's HTTP API (the batch upload is `<base>/2/httpapi`). */
  NEXT_PUBLIC_AMPLITUDE_SERVER_URL: urlWithDefault('https://api2.amplitude.com'),
  /** Amplitude Experiment deployment key; unset: 'Experiment API key is empty' once, and no banner. */
  NEXT_PUBLIC_EXPERIMENT_DEPLOYMENT_KEY: z.preprocess(blankAsUnset, z.string().max(200).optional()),
  /** Experiment evaluation server (`/sdk/v2/vardata`); unset: the SDK's own. */
  NEXT_PUBLIC_EXPERIMENT_SERVER_URL: optionalUrl,
  /** Experiment flags server (`/sdk/v2/flags`); unset: the SDK's own. */
  NEXT_PUBLIC_EXPERIMENT_FLAGS_SERVER_URL: optionalUrl,
  /** spec §1: the Experiment flag key of the deposit banner. */
  NEXT_PUBLIC_DEPOSIT_BANNER_FLAG: z.preprocess(blankAsUnset, z.string().max(200).default('deposit-banner')),
  /** Forces the deposit banner's variant for QA and demos ('on' shows it, 'off' hides it); unset: Amplitude decides. */
  NEXT_PUBLIC_DEPOSIT_BANNER_VARIANT: z.preprocess(blankAsUnset, z.string().max(100).optional()),
  /** The chatbot embed script, loaded for visitors at 768 px and wider; unset: no chatbot. */
  NEXT_PUBLIC_CHATBOT_SCRIPT_URL: optionalUrl,
  /** Vercel Speed Insights (its same-origin script), on or off. */
  NEXT_PUBLIC_SPEED_INSIGHTS: z.preprocess(
    (value) => (typeof value === 'string' ? ({ '1': 'on', true: 'on', '0': 'off', false: 'off', '': 'off' } as Record<string, string>)[value.trim().toLowerCase()] ?? value.trim().toLowerCase() : value),
    z.enum(['on', 'off']).default('off'),
  ),
  /** Folder of the trip photos' derivatives when no bucket is set (default `.data/media`). */
  MEDIA_DIR: z.preprocess(blankAsUnset, z.string().default('.data/media')),
  /** S3-compatible bucket for trip photos; unset: they are kept in MEDIA_DIR. */
  MEDIA_S3_BUCKET: z.preprocess(blankAsUnset, z.string().max(255).optional()),
  /** The bucket's endpoint (R2, MinIO, …); unset: AWS's for the region. */
  MEDIA_S3_ENDPOINT: optionalUrl,
  MEDIA_S3_REGION: z.preprocess(blankAsUnset, z.string().max(64).default('us-east-1')),
  /** Keys of the bucket; unset: the SDK's own chain (instance role, AWS_* variables). */
  MEDIA_S3_ACCESS_KEY_ID: z.preprocess(blankAsUnset, z.string().max(256).optional()),
  MEDIA_S3_SECRET_ACCESS_KEY: z.preprocess(blankAsUnset, z.string().max(256).optional()),
  /** Path-style bucket URLs (`endpoint/bucket/key`), which MinIO and most S3-compatible servers need. */
  MEDIA_S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  /** Photos one account may upload per hour (every trip together). */
  RATE_LIMIT_PHOTO_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Test hook: when "1", /crash-test throws while rendering so the fatal-error fallback can be proven. */
  CRASH_TEST_ROUTE: z.enum(['0', '1']).default('0'),
  /** Test hook: when "1", POST /api/test/payments-clock runs one booking's payments at a given time (e2e). */
  PAYMENTS_CLOCK_ROUTE: z.enum(['0', '1']).default('0'),
  /** DeepL API key (free keys end in `:fx`); set: readers may have a review translated (kept in PostgreSQL); unset: no translate button, no call. */
  DEEPL_API_KEY: z.preprocess(blankAsUnset, z.string().min(8).max(200).optional()),
  /** Another base for DeepL's API (a local fake in tests, `http://127.0.0.1:4400/deepl`); unset: DeepL's own for the key. */
  DEEPL_SERVER_URL: optionalUrl,
});

export type Env = Omit<z.infer<typeof schema>, 'SITE_URL'> & { SITE_URL: string };

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return { ...parsed.data, SITE_URL: parsed.data.SITE_URL ?? `http://localhost:${parsed.data.PORT}` };
}

export const env: Env = load();
