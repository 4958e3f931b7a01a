import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** A one-time sign-in link lasts 15 minutes and opens one session. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
/** A session lasts 30 days; signing in again rotates it. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
/** The session cookie (HttpOnly, SameSite=Lax, Secure behind HTTPS). */
export const SESSION_COOKIE = 'cordee_session';

/** 160 random bits as 32 base32 characters: unguessable, and safe in a URL and a cookie. */
export function newToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** What the database keeps of a token: its SHA-256, so a leaked table opens no link and no session. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** A token as `newToken` writes it (anything else is refused before any database read). */
export function isTokenShape(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z2-7]{32}$/.test(value);
}

/** The one spelling of an address an account is keyed by. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Where a link may lead after signing in: a path of this site only (never another host, never a
 * protocol-relative `//host`), percent-encoded as a Location header needs it (a non-ASCII path is
 * encoded, never a 500), else the fallback.
 */
export function safeNextPath(next: unknown, fallback: string): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(next) || next.length > 512) return fallback;
  const base = 'http://same-site.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can turn `/.//host` into `//host`: the normalized path is checked again.
  if (url.origin !== base || path.startsWith('//') || path.length > 1024 || !/^[\x21-\x7e]+$/.test(path)) return fallback;
  return path;
}
