import 'server-only';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashToken, newToken, normalizeEmail, SESSION_TTL_MS, SIGN_IN_LINK_TTL_MS } from '../../auth/tokens';
import type { Locale } from '../../locales';
import { assertSameSubmission, currentSubmissionFingerprint } from '../../forms/submission-fingerprint';
import { enqueueEmails } from '../../mail/outbox';
import type { OutboxEmailInput } from '../../mail/templates';
import { getDb } from '../client';
import type { Database, DatabaseTransaction } from '../database';
import { confirmJoin, type JoinConfirmation, type JoinEmails } from './join-holds';
import { guides, sessions, signInLinks, users, type UserRole } from '../schema';

/** The signed-in person as pages and actions see them (spec §6 roles). */
export type SessionUser = { id: number; email: string; role: UserRole; guideId: number | null; locale: Locale };

/**
 * Stores a one-time sign-in link (only its hash) and its e-mail in one transaction. The
 * same form submission (idempotency key) stores and sends nothing twice. Returns whether a link was made.
 */
export async function createSignInLink(
  values: { email: string; locale: Locale; nextPath: string; idempotencyKey: string },
  email: (token: string) => OutboxEmailInput,
  now: Date = new Date(),
  db: Database = getDb(),
): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const token = await insertSignInLink(tx, { ...values, payloadHash: currentSubmissionFingerprint(), expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS) });
    if (!token) {
      const [first] = await tx.select({ payloadHash: signInLinks.payloadHash }).from(signInLinks).where(eq(signInLinks.idempotencyKey, values.idempotencyKey));
      assertSameSubmission(first?.payloadHash);
      return { created: false };
    }
    await enqueueEmails(tx, [email(token)]);
    return { created: true };
  });
}

/**
 * Inserts a one-time link (only its hash) in the caller's transaction and answers its token, or
 * null when a link with that idempotency key exists. With `joinId`, using it also confirms that
 * open-group join's address (lib/db/queries/join-holds.ts `confirmJoin`).
 */
export async function insertSignInLink(
  tx: DatabaseTransaction,
  values: { email: string; locale: Locale; nextPath: string; idempotencyKey: string; payloadHash: string | null; expiresAt: Date; joinId?: number },
): Promise<string | null> {
  const token = newToken();
  const [row] = await tx
    .insert(signInLinks)
    .values({ ...values, tokenHash: hashToken(token), email: normalizeEmail(values.email), joinId: values.joinId ?? null })
    .onConflictDoNothing({ target: signInLinks.idempotencyKey })
    .returning({ id: signInLinks.id });
  return row ? token : null;
}

/**
 * The account a sign-in link opens, for its confirmation page, while the link can still be used
 * (null when unknown, spent or expired: the button then says why). Nothing is spent here.
 */
export async function signInLinkAccount(token: string, now: Date = new Date(), db: Database = getDb()): Promise<{ email: string; confirmsJoin: boolean } | null> {
  const [link] = await db
    .select({ email: signInLinks.email, joinId: signInLinks.joinId })
    .from(signInLinks)
    .where(and(eq(signInLinks.tokenHash, hashToken(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)));
  return link ? { email: link.email, confirmsJoin: link.joinId !== null } : null;
}

/** The role an address signs in with: a guide's address acts for the guide, support's for support, anyone else travels. */
async function roleOf(email: string, supportEmails: readonly string[], db: Pick<Database, 'select'>): Promise<{ role: UserRole; guideId: number | null }> {
  if (supportEmails.map(normalizeEmail).includes(email)) return { role: 'support', guideId: null };
  const [guide] = await db.select({ id: guides.id }).from(guides).where(sql`lower(${guides.email}) = ${email}`).limit(1);
  return guide ? { role: 'guide', guideId: guide.id } : { role: 'traveller', guideId: null };
}

export type SignInOutcome =
  | { ok: true; sessionToken: string; expiresAt: Date; user: SessionUser; nextPath: string; join: JoinConfirmation | null }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/**
 * Opens a session from a one-time link: the link is spent in the same transaction (single use,
 * even when two tabs race), the account is created on first sign-in with the role its address has,
 * and a new session token is issued (rotated at every sign-in). `replaceSession` is the token of
 * the session the browser had, which is closed. A link sent with an open-group join confirms the
 * join's address in the same transaction (`joinEmails` writes what that sends).
 */
export async function signInWithLink(
  token: string,
  options: { supportEmails: readonly string[]; replaceSession?: string | null; now?: Date; joinEmails?: JoinEmails },
  db: Database = getDb(),
): Promise<SignInOutcome> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(signInLinks).where(eq(signInLinks.tokenHash, hashToken(token))).for('update');
    if (!link) return { ok: false, reason: 'invalid' };
    if (link.usedAt) return { ok: false, reason: 'used' };
    if (link.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    await tx.update(signInLinks).set({ usedAt: now }).where(eq(signInLinks.id, link.id));

    const { role, guideId } = await roleOf(link.email, options.supportEmails, tx);
    const [user] = await tx
      .insert(users)
      .values({ email: link.email, role, guideId, locale: link.locale, lastSignInAt: now })
      .onConflictDoUpdate({ target: users.email, set: { role, guideId, lastSignInAt: now } })
      .returning();
    if (options.replaceSession) await tx.delete(sessions).where(eq(sessions.id, hashToken(options.replaceSession)));
    const sessionToken = newToken();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await tx.insert(sessions).values({ id: hashToken(sessionToken), userId: user!.id, expiresAt });
    if (link.joinId !== null && !options.joinEmails) throw new Error('a join link is used with the e-mails its confirmation sends');
    const join = link.joinId !== null ? await confirmJoin(tx, link.joinId, now, options.joinEmails!) : null;
    return { ok: true, sessionToken, expiresAt, user: { id: user!.id, email: user!.email, role: user!.role, guideId: user!.guideId, locale: user!.locale }, nextPath: link.nextPath, join };
  });
}

/**
 * The person a session token belongs to, while the session lasts, with the role their address has
 * now (spec §6): read from the guides table and the support list at every request, so a guide
 * removed or whose address changed loses guide rights at once, not at the next sign-in. A changed
 * role is written back to the account.
 */
export async function getSessionUser(token: string, options: { supportEmails: readonly string[]; now?: Date }, db: Database = getDb()): Promise<SessionUser | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, role: users.role, guideId: users.guideId, locale: users.locale, currentGuideId: guides.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(guides, sql`lower(${guides.email}) = ${users.email}`)
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, options.now ?? new Date())))
    .orderBy(asc(guides.id))
    .limit(1);
  if (!row) return null;
  const { role, guideId } = options.supportEmails.map(normalizeEmail).includes(row.email)
    ? { role: 'support' as const, guideId: null }
    : row.currentGuideId !== null
      ? { role: 'guide' as const, guideId: row.currentGuideId }
      : { role: 'traveller' as const, guideId: null };
  if (role !== row.role || guideId !== row.guideId) await db.update(users).set({ role, guideId }).where(eq(users.id, row.id));
  return { id: row.id, email: row.email, role, guideId, locale: row.locale };
}

/** spec §3 analytics user_id of an account: its random analytics id (never the row id nor the address); null when unknown. */
export async function getAnalyticsId(userId: number, db: Database = getDb()): Promise<string | null> {
  const [row] = await db.select({ analyticsId: users.analyticsId }).from(users).where(eq(users.id, userId));
  return row?.analyticsId ?? null;
}

/** Signs out this browser. */
export async function endSession(token: string, db: Database = getDb()): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Signs out everywhere: every session of the person. */
export async function endAllSessions(userId: number, db: Database = getDb()): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}
