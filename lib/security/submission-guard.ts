/**
 * Checks every form submission passes before its data is read (OWASP ASVS 3.5 CSRF, 2.4
 * anti-automation). Pure: the request's headers and the raw input come in, a verdict goes out.
 */

/** The hidden field a person never sees nor fills; a bot filling every input does. */
export const HONEYPOT_FIELD = 'website';
/** Milliseconds between the form appearing and its submission, measured by the form. */
export const FILL_TIME_FIELD = 'fillMs';

export type RequestOrigin = {
  /** The `Origin` header (browsers send it with every POST). */
  origin: string | null;
  /** The `Sec-Fetch-Site` header, when the browser sends it. */
  secFetchSite: string | null;
  /** The host the request was sent to (`X-Forwarded-Host` behind a proxy, else `Host`). */
  host: string | null;
  /** The site's public origin (SITE_URL). */
  siteUrl: string;
};

/**
 * Same-origin: the browser says so (`Sec-Fetch-Site: same-origin`, when sent) and the `Origin`
 * names the host the request reached or the site's public origin. A request without `Origin`
 * (not a browser form) is refused too.
 */
export function isSameOrigin({ origin, secFetchSite, host, siteUrl }: RequestOrigin): boolean {
  if (secFetchSite !== null && secFetchSite !== 'same-origin') return false;
  if (!origin || origin === 'null') return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  if (host !== null && originHost === host.split(',')[0]!.trim()) return true;
  return originHost === new URL(siteUrl).host;
}

export type BotVerdict = 'person' | 'honeypot' | 'too-fast';

/**
 * A filled honeypot, or a form sent faster than a person can fill it. The form's code measures
 * the fill time and sends it (a number, or its text in a form); a form sent before that code ran
 * (no JavaScript) cannot measure it and sends none (or its empty field): only the honeypot judges it. A time sent but
 * not a number counts as too fast.
 */
export function botVerdict(input: unknown, minFillMs: number): BotVerdict {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const honeypot = raw[HONEYPOT_FIELD];
  if (typeof honeypot === 'string' ? honeypot.length > 0 : honeypot !== undefined && honeypot !== null) return 'honeypot';
  if (minFillMs === 0) return 'person';
  const sent = raw[FILL_TIME_FIELD];
  if (sent === undefined || sent === '') return 'person';
  const fillMs = typeof sent === 'string' ? Number(sent) : sent;
  return typeof fillMs === 'number' && Number.isFinite(fillMs) && fillMs >= minFillMs ? 'person' : 'too-fast';
}

/** The e-mail address a submission is about, for the per-address limit (schema-validated data only). */
export function submittedEmail(data: unknown): string | null {
  const email = data && typeof data === 'object' ? (data as { email?: unknown }).email : undefined;
  return typeof email === 'string' && email.length > 0 ? email : null;
}
