/**
 * What logs, error reports and third-party embeds must never carry: sign-in tokens, session ids,
 * cookies, authorization headers and e-mail bodies. Pure functions shared by the logger (lib/log.ts),
 * Sentry's beforeSend/beforeBreadcrumb (lib/sentry-options.ts) and anything that passes the page
 * URL on (chatbot, analytics).
 */

export const REDACTED = '[redacted]';

/** Query parameters whose value is a secret (compared lower-case, without - and _). */
const secretParams = new Set(['token', 'code', 'session', 'sessionid', 'sid', 'key', 'secret', 'password', 'auth', 'authorization', 'accesstoken', 'refreshtoken', 'idtoken', 'signature', 'sig']);

/** Object keys whose value is a secret wherever they appear (compared lower-case, without - and _). */
const secretKeys = new Set([
  'token',
  'session',
  'sessionid',
  'sid',
  'secret',
  'password',
  'authorization',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'cookie',
  'cookies',
  'setcookie',
  'xapikey',
  'apikey',
  'csrftoken',
  'text',
  'html',
  'body',
  'message_body',
  'emailbody',
  'rawbody',
  'tokenhash',
  'sessiontoken',
]);

function normalized(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

/** Whether a query parameter's value must not leave the server's memory. */
export function isSecretParam(name: string): boolean {
  return secretParams.has(normalized(name));
}

/** Whether a field (header, cookie, log field, e-mail field) holds a secret. */
export function isSecretKey(name: string): boolean {
  return secretKeys.has(normalized(name));
}

// A URL or a bare query string inside any text: `?token=…`, `&session=…`, `token%3D…` once decoded.
const paramInText = /([?&;#]|\b)((?:[a-z0-9]+[-_])*(?:token|session|session[-_]?id|sid|secret|password|signature|auth))=([^&#\s"'<>]*)/gi;
// `Bearer …`, `Basic …` credentials wherever they are written.
const credentialInText = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g;
// A session cookie as a header writes it: `cordee_session=…`.
const cookieInText = /\b([a-z0-9_-]*session[a-z0-9_-]*)=([^;&#\s"'<>]+)/gi;

/**
 * A text (a URL, a log message, an error message) with every secret-looking parameter value,
 * credential and session cookie replaced by `[redacted]`. Idempotent; never throws.
 */
export function scrubText(text: string): string {
  return text
    .replace(paramInText, (_match, before: string, name: string) => `${before}${name}=${REDACTED}`)
    .replace(credentialInText, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(cookieInText, (_match, name: string) => `${name}=${REDACTED}`);
}

/** A URL (absolute or a path with its query) without the values of its secret parameters. */
export function scrubUrl(url: string): string {
  try {
    const parsed = new URL(url, 'http://placeholder.invalid');
    let changed = false;
    for (const name of [...parsed.searchParams.keys()]) {
      if (isSecretParam(name)) {
        parsed.searchParams.set(name, REDACTED);
        changed = true;
      }
    }
    if (!changed) return scrubText(url);
    const result = parsed.origin === 'http://placeholder.invalid' ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.toString();
    return scrubText(result);
  } catch {
    return scrubText(url);
  }
}

/**
 * A copy of any value (object, array, string) with secrets redacted: values under secret keys
 * replaced, strings scrubbed. Depth-bounded and cycle-safe, so it can run on any error report.
 */
export function scrubValue<T>(value: T, depth = 0, seen: WeakSet<object> = new WeakSet()): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 12 || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((entry) => scrubValue(entry, depth + 1, seen)) as T;
  if (value instanceof Error) {
    const copy = new Error(scrubText(value.message), value.cause === undefined ? undefined : { cause: scrubValue(value.cause, depth + 1, seen) });
    copy.name = value.name;
    const code = (value as { code?: unknown }).code;
    if (code !== undefined) Object.assign(copy, { code });
    if (value.stack) copy.stack = scrubText(value.stack);
    return copy as T;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    out[key] = isSecretKey(key) && entry !== null && entry !== undefined && entry !== '' ? REDACTED : scrubValue(entry, depth + 1, seen);
  }
  return out as T;
}
