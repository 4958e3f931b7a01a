import 'server-only';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { isTokenShape, SESSION_COOKIE } from '../auth/tokens';
import { getSessionUser, type SessionUser } from '../db/queries/accounts';
import { env } from '../env';

/** The browser's session token, when it has one of the right shape. */
export async function sessionToken(): Promise<string | null> {
  const value = (await cookies()).get(SESSION_COOKIE)?.value;
  return isTokenShape(value) ? value : null;
}

/**
 * The signed-in person, read from the database once per request (never longer: the role is checked
 * at every request, so a removed guide's rights end at once); null when signed out.
 */
export const getSignedInUser = cache(async (): Promise<SessionUser | null> => {
  const token = await sessionToken();
  if (!token) return null;
  return getSessionUser(token, { supportEmails: [env.SUPPORT_EMAIL] });
});

/** Secure cookies when the site is served over HTTPS (its public URL, or the proxy in front says so). */
async function servedOverHttps(): Promise<boolean> {
  if (env.SITE_URL.startsWith('https:')) return true;
  return (await headers()).get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/** The session cookie: HttpOnly, SameSite=Lax, Secure behind HTTPS, for the whole site. */
export async function setSessionCookie(token: string, expiresAt: Date): Promise<void> {
  (await cookies()).set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: await servedOverHttps(), path: '/', expires: expiresAt });
}

export async function clearSessionCookie(): Promise<void> {
  (await cookies()).set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: await servedOverHttps(), path: '/', maxAge: 0 });
}
