/**
 * Advertising identifiers (spec §3): the Google click id, user id and session id from their
 * cookies, wbraid and gbraid from the query string, the Facebook click id from its cookie. They go
 * with the requests travellers send so marketing can attribute them, and are read only after consent.
 */

/** spec §3 advertising identifiers, each present only when found. */
export type AdIdentifiers = Partial<Record<'gclid' | 'gaClientId' | 'gaSessionId' | 'wbraid' | 'gbraid' | 'fbc', string>>;

/** Longest identifier kept; anything longer is not a real identifier. */
const MAX_LENGTH = 500;
const SAFE_VALUE = /^[\w.$~:-]+$/;

function clean(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed || trimmed.length > MAX_LENGTH || !SAFE_VALUE.test(trimmed)) return undefined;
  return trimmed;
}

/** Google Ads' `_gcl_aw` cookie, `GCL.<timestamp>.<gclid>`: the click id. */
export function gclidFromCookie(value: string | undefined): string | undefined {
  const parts = value?.split('.') ?? [];
  if (parts.length < 3 || parts[0] !== 'GCL') return undefined;
  return clean(parts.slice(2).join('.'));
}

/** Google Analytics' `_ga` cookie, `GA1.<n>.<random>.<timestamp>`: the client (user) id `<random>.<timestamp>`. */
export function gaClientIdFromCookie(value: string | undefined): string | undefined {
  const parts = value?.split('.') ?? [];
  if (parts.length < 4 || !/^GA\d$/.test(parts[0]!)) return undefined;
  return clean(parts.slice(-2).join('.'));
}

/**
 * Google Analytics' `_ga_<container>` cookie: the session id, from `GS1.<n>.<session>.<...>` or the
 * newer `GS2.<n>.s<session>$o<count>$...`.
 */
export function gaSessionIdFromCookie(value: string | undefined): string | undefined {
  const parts = value?.split('.') ?? [];
  if (parts.length < 3) return undefined;
  if (parts[0] === 'GS1') return clean(/^\d+$/.test(parts[2]!) ? parts[2] : undefined);
  if (parts[0] === 'GS2') return clean(/^s(\d+)/.exec(parts[2]!)?.[1]);
  return undefined;
}

/** Facebook's `_fbc` cookie, `fb.<n>.<timestamp>.<fbclid>`, kept whole as Meta's click id parameter. */
export function fbcFromCookie(value: string | undefined): string | undefined {
  const parts = value?.split('.') ?? [];
  if (parts.length < 4 || parts[0] !== 'fb') return undefined;
  return clean(value);
}

/**
 * spec §3: the advertising identifiers of a visit, from the page's cookies (as js-cookie reads them) and query string, and
 * the landing URL's query string for wbraid and gbraid when the current one has none (they arrive on
 * the landing page, the request is sent later from another).
 */
export function readAdIdentifiers(cookies: Readonly<Record<string, string>>, search: string, landingUrl?: string | null): AdIdentifiers {
  const sessionCookie = Object.keys(cookies).find((name) => name.startsWith('_ga_'));
  const query = new URLSearchParams(search);
  let landing: URLSearchParams | null = null;
  try {
    landing = landingUrl ? new URL(landingUrl, 'https://landing.invalid').searchParams : null;
  } catch {
    landing = null;
  }
  const fromQuery = (name: string) => clean(query.get(name)) ?? clean(landing?.get(name));
  const found: AdIdentifiers = {
    gclid: gclidFromCookie(cookies._gcl_aw),
    gaClientId: gaClientIdFromCookie(cookies._ga),
    gaSessionId: gaSessionIdFromCookie(sessionCookie ? cookies[sessionCookie] : undefined),
    wbraid: fromQuery('wbraid'),
    gbraid: fromQuery('gbraid'),
    fbc: fbcFromCookie(cookies._fbc),
  };
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined)) as AdIdentifiers;
}
