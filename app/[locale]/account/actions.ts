'use server';

import { redirect } from 'next/navigation';
import { isTokenShape, normalizeEmail, safeNextPath, SIGN_IN_LINK_TTL_MS } from '@/lib/auth/tokens';
import { addThreadMessage, getRequestThread, transitionBookingRequest, type ThreadOwner } from '@/lib/db/queries/account-requests';
import { countRecentSignInLinks, createSignInLink, endAllSessions, endSession, signInWithLink, type SessionUser } from '@/lib/db/queries/accounts';
import { env } from '@/lib/env';
import { cancelRequestSchema, signInRequestSchema, threadReplySchema } from '@/lib/forms/account-schemas';
import { formErrors } from '@/lib/forms/errors';
import { reject, validatedAction } from '@/lib/forms/validated-action';
import { defaultLocale, isLocale, type Locale } from '@/lib/locales';
import { guideReplyEmail, signInEmail } from '@/lib/mail/templates';
import { kickOutbox } from '@/lib/mail/worker';
import { accountPath } from '@/lib/routing/account-pages';
import { clearSessionCookie, getSignedInUser, sessionToken, setSessionCookie } from '@/lib/server/session';

const mailSettings = () => ({ supportEmail: env.SUPPORT_EMAIL });

/** At most this many links per address in a sign-in link's lifetime: more would only fill an inbox. */
const LINKS_PER_WINDOW = 5;

/**
 * issue 10: e-mails a one-time sign-in link. The answer is the same whether or not the address has
 * an account or requests (nobody learns who uses Cordée from this form).
 */
export const requestSignInLink = validatedAction(signInRequestSchema, async (input) => {
  const email = normalizeEmail(input.email);
  const nextPath = safeNextPath(input.next, accountPath('bookings', input.locale));
  const recent = await countRecentSignInLinks(email, new Date(Date.now() - SIGN_IN_LINK_TTL_MS));
  if (recent >= LINKS_PER_WINDOW) return { ok: true, email };
  const { created } = await createSignInLink({ email, locale: input.locale, nextPath, idempotencyKey: input.idempotencyKey }, (token) =>
    signInEmail(
      { email, locale: input.locale, url: `${env.SITE_URL}${accountPath('sign-in', input.locale)}&token=${token}`, minutes: SIGN_IN_LINK_TTL_MS / 60_000 },
      mailSettings(),
      `sign-in:${input.idempotencyKey}`,
    ),
  );
  if (created) kickOutbox();
  return { ok: true, email };
});

const localeOf = (form: FormData): Locale => {
  const locale = form.get('locale');
  return isLocale(locale) ? locale : defaultLocale;
};

/**
 * Opens the session from the link's page (a button, so that mail scanners that open links spend
 * nothing): the link is spent, the session cookie is set (a new token: rotated at every sign-in),
 * and the browser goes where the link leads. A spent or expired link goes back to the sign-in form.
 */
export async function completeSignIn(form: FormData): Promise<void> {
  const locale = localeOf(form);
  const token = form.get('token');
  const outcome = isTokenShape(token) ? await signInWithLink(token, { supportEmails: [env.SUPPORT_EMAIL], replaceSession: await sessionToken() }) : ({ ok: false, reason: 'invalid' } as const);
  if (!outcome.ok) redirect(`${accountPath('sign-in', locale)}&error=${outcome.reason}`);
  await setSessionCookie(outcome.sessionToken, outcome.expiresAt);
  redirect(safeNextPath(outcome.nextPath, accountPath('bookings', locale)));
}

/** Signs out this browser, or every browser of the account ('everywhere'). */
export async function signOut(form: FormData): Promise<void> {
  const locale = localeOf(form);
  const token = await sessionToken();
  if (token) {
    const user = form.get('scope') === 'everywhere' ? await getSignedInUser() : null;
    if (user) await endAllSessions(user.id);
    else await endSession(token);
  }
  await clearSessionCookie();
  redirect(`${accountPath('sign-in', locale)}&signedOut=1`);
}

/** Whose threads a signed-in person may act on: a guide their trips', a traveller their own. */
function ownerOf(user: SessionUser): ThreadOwner | null {
  if (user.role === 'guide' && user.guideId !== null) return { guideId: user.guideId };
  if (user.role === 'traveller') return { email: user.email };
  return null;
}

/** issue 10: a guide answers a request, question or join; the traveller gets it by e-mail and in My trips. */
export const replyToThread = validatedAction(threadReplySchema, async (input) => {
  const user = await getSignedInUser();
  if (!user) return reject({ form: formErrors.signedOut });
  const owner = ownerOf(user);
  if (!owner || !('guideId' in owner)) return reject({ form: formErrors.notYours });
  const thread = await getRequestThread(owner, input.threadKind, input.threadId, user.locale);
  if (!thread) return reject({ form: formErrors.notYours });
  // The trip's title in the traveller's language, for their e-mail.
  const travellerView = await getRequestThread(owner, input.threadKind, input.threadId, thread.locale);
  const outcome = await addThreadMessage(
    { kind: input.threadKind, threadId: input.threadId, authorRole: 'guide', authorUserId: user.id, body: input.message, idempotencyKey: input.idempotencyKey },
    (messageId) =>
      guideReplyEmail(
        {
          thread: `${input.threadKind}:${input.threadId}`,
          messageId,
          locale: thread.locale,
          traveller: { name: 'name' in thread ? thread.name.split(' ')[0]! : '', email: thread.email },
          guideName: thread.guideName,
          tripTitle: travellerView?.trip?.title ?? null,
          reply: input.message,
          myTripsUrl: `${env.SITE_URL}${accountPath('bookings', thread.locale)}`,
        },
        mailSettings(),
      ),
  );
  if (!outcome.ok) return reject({ form: formErrors.requestStatus });
  if (outcome.created) kickOutbox();
  return { ok: true, id: outcome.id };
});

/** issue 10: a traveller cancels one of their booking requests from My trips. */
export const cancelBookingRequest = validatedAction(cancelRequestSchema, async (input) => {
  const user = await getSignedInUser();
  if (!user) return reject({ form: formErrors.signedOut });
  const owner = ownerOf(user);
  if (!owner || !('email' in owner)) return reject({ form: formErrors.notYours });
  const thread = await getRequestThread(owner, 'booking', input.requestId, input.locale);
  if (!thread) return reject({ form: formErrors.notYours });
  const outcome = await transitionBookingRequest(input.requestId, 'cancel', { role: 'traveller', userId: user.id }, () => []);
  if (!outcome.ok) return reject({ form: formErrors.requestStatus });
  return { ok: true, id: input.requestId };
});
