/**
 * The Content-Security-Policy of every page, built from the third parties configured in env.
 *
 * Pages are cached and served as the same HTML to every visitor (prerendered or from the cache),
 * so a per-request nonce cannot be used: a cached page would carry a nonce that no longer matches
 * the header. Next.js writes its bootstrap and RSC payload as inline scripts whose content changes
 * with every page, so hashes cannot list them either. Scripts are therefore limited to this origin,
 * inline scripts and the configured chatbot, and everything around them is as strict as the site
 * allows: no plugins (`object-src 'none'`), no `<base>` (`base-uri 'none'`), never framed
 * (`frame-ancestors 'none'`), forms only to this origin and the newsletter, and connections only to
 * this origin and the configured Sentry, Amplitude, Experiment and chatbot hosts, so an injected
 * script would have nowhere to send what it reads. React escapes every text it renders.
 */

/** The env variables whose origins the browser may reach; absent or empty ones add nothing. */
export type CspEnv = Partial<
  Record<
    | 'SENTRY_DSN'
    | 'NEXT_PUBLIC_SENTRY_DSN'
    | 'NEXT_PUBLIC_AMPLITUDE_SERVER_URL'
    | 'NEXT_PUBLIC_EXPERIMENT_SERVER_URL'
    | 'NEXT_PUBLIC_EXPERIMENT_FLAGS_SERVER_URL'
    | 'NEXT_PUBLIC_CHATBOT_SCRIPT_URL'
    | 'ASSETS_URL'
    | 'NEWSLETTER_URL',
    string | undefined
  >
>;

export type CspOptions = {
  /** `next dev` evaluates code and talks to its live-reload socket. */
  development?: boolean;
  /** Served over HTTPS: ask the browser to upgrade any http:// subresource. */
  https?: boolean;
};

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

/** The policy as a header value (directives in a fixed order, sources deduplicated). */
export function contentSecurityPolicy(env: CspEnv, options: CspOptions = {}): string {
  const sentry = originsOf(env.SENTRY_DSN, env.NEXT_PUBLIC_SENTRY_DSN);
  const analytics = originsOf(env.NEXT_PUBLIC_AMPLITUDE_SERVER_URL, env.NEXT_PUBLIC_EXPERIMENT_SERVER_URL, env.NEXT_PUBLIC_EXPERIMENT_FLAGS_SERVER_URL);
  const chatbot = originsOf(env.NEXT_PUBLIC_CHATBOT_SCRIPT_URL);
  const assets = originsOf(env.ASSETS_URL);
  const newsletter = originsOf(env.NEWSLETTER_URL);
  const dev = options.development === true;

  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : []), ...chatbot]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...assets, ...chatbot]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...sentry, ...analytics, ...chatbot, ...(dev ? ['ws:'] : [])]],
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

/** The policy of answers that are not pages (JSON APIs): nothing may load or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

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
