/**
 * The Content-Security-Policy of every response, built from the third parties configured in env.
 *
 * Scripts run only from this origin and, inline, by nonce or by hash, never `'unsafe-inline'`:
 * a page rendered for each request gets a fresh nonce from proxy.ts (Next.js puts it on every script
 * it writes); a page cached whole is the same HTML for every visitor, so its policy lists the
 * SHA-256 of each inline script of its stored copy (lib/security/script-hashes.ts, computed once
 * per copy by the page store). Everything else is as strict as the site allows: no plugins
 * (`object-src 'none'`), no `<base>` (`base-uri 'none'`), never framed (`frame-ancestors 'none'`),
 * forms only to this origin and the newsletter, connections only to this origin and the configured
 * Sentry, Amplitude, Experiment and chatbot hosts. Styles keep `'unsafe-inline'`: React writes
 * `style` attributes, which only `'unsafe-inline'` allows (hashes of attributes need
 * `'unsafe-hashes'` and one hash per value), and CSS cannot run code.
 */

/** The env variables that decide what the browser may reach; absent or empty ones add nothing. */
export type CspEnv = Partial<
  Record<
    | 'SENTRY_DSN'
    | 'NEXT_PUBLIC_SENTRY_DSN'
    | 'NEXT_PUBLIC_AMPLITUDE_API_KEY'
    | 'NEXT_PUBLIC_AMPLITUDE_SERVER_URL'
    | 'NEXT_PUBLIC_EXPERIMENT_DEPLOYMENT_KEY'
    | 'NEXT_PUBLIC_EXPERIMENT_SERVER_URL'
    | 'NEXT_PUBLIC_EXPERIMENT_FLAGS_SERVER_URL'
    | 'NEXT_PUBLIC_CHATBOT_SCRIPT_URL'
    | 'ASSETS_URL'
    | 'NEWSLETTER_URL',
    string | undefined
  >
>;

/** The inline scripts a page may run: those carrying the response's nonce, or those with these hashes (`sha256-…`). */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

export type CspOptions = {
  /** `next dev` evaluates code and talks to its live-reload socket. */
  development?: boolean;
  /** Served over HTTPS: ask the browser to upgrade any http:// subresource. */
  https?: boolean;
  /** Without it, no inline script runs at all. */
  scripts?: InlineScripts;
};

/** The Experiment SDK's own hosts, used when a deployment key is set without server URLs. */
const EXPERIMENT_DEFAULT_SERVER = 'https://api.lab.amplitude.com';
const EXPERIMENT_DEFAULT_FLAGS_SERVER = 'https://flag.lab.amplitude.com';

/** A nonce or hash source must be base64 (no quote, space or semicolon could end the directive). */
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The `scheme://host[:port]` of an http(s) URL (a Sentry DSN's key is dropped), or null. */
export function originOf(url: string | undefined): string | null {
  if (!url || url.trim() === '') return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

const originsOf = (...urls: (string | undefined)[]) => [...new Set(urls.map(originOf).filter((origin): origin is string => origin !== null))];
const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';

/** The script sources of the inline scripts allowed (invalid values are dropped, never written into the header). */
function inlineScriptSources(scripts: InlineScripts | undefined): string[] {
  if (!scripts) return [];
  if ('nonce' in scripts) return BASE64.test(scripts.nonce) ? [`'nonce-${scripts.nonce}'`] : [];
  return scripts.hashes.filter((hash) => hash.startsWith('sha256-') && BASE64.test(hash.slice(7))).map((hash) => `'${hash}'`);
}

/** The policy of a page as a header value (directives in a fixed order, sources deduplicated). */
export function contentSecurityPolicy(env: CspEnv, options: CspOptions = {}): string {
  const sentry = originsOf(env.SENTRY_DSN, env.NEXT_PUBLIC_SENTRY_DSN);
  // Analytics only load with their key (lib/server/measurement-config.ts): a default URL alone adds nothing.
  const amplitude = isSet(env.NEXT_PUBLIC_AMPLITUDE_API_KEY) ? originsOf(env.NEXT_PUBLIC_AMPLITUDE_SERVER_URL) : [];
  const experiment = isSet(env.NEXT_PUBLIC_EXPERIMENT_DEPLOYMENT_KEY)
    ? originsOf(env.NEXT_PUBLIC_EXPERIMENT_SERVER_URL || EXPERIMENT_DEFAULT_SERVER, env.NEXT_PUBLIC_EXPERIMENT_FLAGS_SERVER_URL || EXPERIMENT_DEFAULT_FLAGS_SERVER)
    : [];
  const chatbot = originsOf(env.NEXT_PUBLIC_CHATBOT_SCRIPT_URL);
  const assets = originsOf(env.ASSETS_URL);
  const newsletter = originsOf(env.NEWSLETTER_URL);
  const dev = options.development === true;

  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inlineScriptSources(options.scripts), ...(dev ? ["'unsafe-eval'"] : []), ...chatbot]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...assets, ...chatbot]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...sentry, ...amplitude, ...experiment, ...chatbot, ...(dev ? ['ws:'] : [])]],
    ['frame-src', chatbot.length > 0 ? chatbot : ["'none'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['media-src', ["'self'", ...assets]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'", ...newsletter]],
    ['frame-ancestors', ["'none'"]],
  ];
  const policy = directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`);
  if (options.https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** Answers that show nothing (JSON APIs, redirects, bare 503s): nothing may load, run in or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Static files (SVG and other images, scripts, styles, fonts, text) and the framework's own answers
 * outside the pages (its bare 404): an SVG opened by itself may draw with its own styles and
 * images, but runs no script and loads nothing else.
 */
export const ASSET_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The paths proxy.ts does not see (its matcher), as regular expressions for next.config.ts's
 * `headers()`: those answers get their policy there, every other answer from the proxy or the page
 * cache, so no answer carries two policies (a browser would enforce both).
 */
export const UNPROXIED_PREFIXES = ['api', '_next', '_vercel', 'monitoring', 'bench-floor'] as const;
export const UNPROXIED_EXTENSIONS = 'ico|png|jpe?g|gif|webp|avif|svg|txt|xml|json|js|mjs|css|map|woff2?|webmanifest';

/**
 * Headers of every response (pages, APIs, assets), the same whatever the configuration, so that
 * next.config.ts can set them at build time for all paths.
 */
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  // Ignored by browsers over plain HTTP; over HTTPS, two years (no preload: that is an owner's decision).
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
];

/** A build file's headers as scripts/serve.ts sends them: those next.config.ts's rules give a static file. */
export const STATIC_FILE_HEADERS: readonly { key: string; value: string }[] = [...SECURITY_HEADERS, { key: 'Content-Security-Policy', value: ASSET_CONTENT_SECURITY_POLICY }];
