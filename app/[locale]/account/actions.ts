'use server';

import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { isTokenShape, normalizeEmail, safeNextPath, SIGN_IN_LINK_TTL_MS } from '@/lib/auth/tokens';
import { addThreadMessage, bookingRequestIdOf, getRequestThreadByReference, getTripTranslations, messageAlreadySent, transitionBookingRequest, type RequestThread, type StepOutcome, type ThreadOwner } from '@/lib/db/queries/account-requests';
import { createSignInLink, endAllSessions, endSession, signInWithLink, type SessionUser } from '@/lib/db/queries/accounts';
import { env } from '@/lib/env';
import { guideCancelSchema, supportRefundSchema, paymentRequestSchema, proposalSchema, reassignSchema, requestStepSchema, reviewSchema, signInRequestSchema, threadReplySchema } from '@/lib/forms/account-schemas';
import { formErrors, guideDepartureErrors, type FormState } from '@/lib/forms/errors';
import { readReviewPhotos, REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_SLOTS } from '@/lib/forms/review-photos';
import { reject, validatedAction, type FieldRejection, type Rejection } from '@/lib/forms/validated-action';
import { getDb } from '@/lib/db/client';
import { saveReviewWithPhotos } from '@/lib/media/review-uploads';
import { mediaStore } from '@/lib/media/store';
import type { UploadRefusal } from '@/lib/media/uploads';
import type { Submitted } from '@/lib/forms/errors';
import { defaultLocale, isLocale, type Locale } from '@/lib/locales';
import { cancellationReviewEmail, guideCancelledEmails, guideReplyEmail, requestStatusEmail, signInEmail, travellerMessageEmail } from '@/lib/mail/templates';
import { tripLinks } from '@/lib/booking/trip-links';
import { hasStarted, travellerMayWrite } from '@/lib/booking/request-dates';
import { formatMoney } from '@/lib/money/format';
import { minorUnitDigits } from '@/lib/money/currency';
import { isoDayOf, isoDayToDate } from '@/lib/iso-day';
import { kickOutbox } from '@/lib/mail/worker';
import { accountPath } from '@/lib/routing/account-pages';
import { reassignRequest } from '@/lib/db/queries/reply-promise';
import { saveVerifiedReview } from '@/lib/db/queries/request-endings';
import { reviewReceivedEmailFor } from '@/lib/server/reply-promise';
import { invalidateTrip, invalidateTripPages } from '@/lib/server/invalidate';
import { joinEmails } from '@/lib/server/join-holds';
import { runPayments, startCheckout } from '@/lib/payments/online-payments';
import { listBookingPayments, paidSoFar, queueSupportRefund } from '@/lib/db/queries/payments';
import { logJsonLine } from '@/lib/mail/worker';
import { paymentSettings } from '@/lib/payments/stripe';
import { paymentPlan } from '@/lib/payments/plan';
import { bookingTerms } from '@/lib/booking/terms';
import { reassignedEmail } from '@/lib/server/reply-promise';
import { rateLimiter } from '@/lib/server/form-guard';
import { requestContext } from '@/lib/server/request-context';
import { clearSessionCookie, getSignedInUser, sessionToken, setSessionCookie } from '@/lib/server/session';
import { asFormData } from '@/lib/forms/as-form-data';
import { formatReference } from '@/lib/booking/reference';

const mailSettings = () => ({ supportEmail: env.SUPPORT_EMAIL });

/**
 * E-mails a one-time sign-in link. The answer is the same whether or not the address has
 * an account or requests (nobody learns who uses Cordée from this form). Requests are never refused
 * per address: the link, its account and its cap all use the one normalized address
 * (normalizeEmail), and past RATE_LIMIT_SIGN_IN_MAILS e-mails to it at one client's request within
 * a link's lifetime, that client's requests send nothing. Another client (the owner's) still gets
 * its links, and the links already in the inbox open the same account, so requests for someone
 * else's address, or for its variants, cannot lock them out (docs/decisions/0271). A request that
 * stores no link (a retry) spends nothing. The requester's own address stays limited by validatedAction.
 */
export const requestSignInLink = validatedAction(
  signInRequestSchema,
  async (input) => {
    const email = normalizeEmail(input.email);
    const nextPath = safeNextPath(input.next, accountPath('bookings', input.locale));
    const mail = await rateLimiter().reserveSignInMail({ email, ip: (await requestContext()).ip });
    if (!mail.ok) return { ok: true, email };
    const { created } = await createSignInLink({ email, locale: input.locale, nextPath, idempotencyKey: input.idempotencyKey }, (token) =>
      signInEmail(
        { email, locale: input.locale, url: `${env.SITE_URL}${accountPath('sign-in', input.locale)}&token=${token}`, minutes: SIGN_IN_LINK_TTL_MS / 60_000 },
        mailSettings(),
        `sign-in:${input.idempotencyKey}`,
      ),
    ).catch(async (error: unknown) => {
      await mail.release();
      throw error;
    });
    if (created) kickOutbox();
    else await mail.release();
    return { ok: true, email };
  },
  { emailLimits: false },
);

const localeOf = (form: FormData): Locale => {
  const locale = form.get('locale');
  return isLocale(locale) ? locale : defaultLocale;
};

/**
 * Opens the session from the link's page (a button, so that mail scanners that open links spend
 * nothing): the link is spent, the session cookie is set (a new token: rotated at every sign-in),
 * and the browser goes where the link leads. A link sent with an open-group join confirms it in the
 * same transaction, and My trips then says what became of its seats. A spent or expired link goes
 * back to the sign-in form.
 */
export async function completeSignIn(input: FormData): Promise<void> {
  const form = asFormData(input);
  const locale = localeOf(form);
  const token = form.get('token');
  const outcome = isTokenShape(token)
    ? await signInWithLink(token, { supportEmails: [env.SUPPORT_EMAIL], replaceSession: await sessionToken(), joinEmails: joinEmails() })
    : ({ ok: false, reason: 'invalid' } as const);
  if (!outcome.ok) redirect(`${accountPath('sign-in', locale)}&error=${outcome.reason}`);
  await setSessionCookie(outcome.sessionToken, outcome.expiresAt);
  if (outcome.join) {
    kickOutbox();
    // The group's open spots changed: the trip's cached pages expire.
    if (outcome.join.spotsChanged) invalidateTripPages(outcome.join.tripId);
    redirect(`${accountPath('bookings', locale)}&join=${outcome.join.outcome}&reference=${formatReference(outcome.join.reference)}`);
  }
  redirect(safeNextPath(outcome.nextPath, accountPath('bookings', locale)));
}

/** Signs out this browser, or every browser of the account ('everywhere'). */
export async function signOut(input: FormData): Promise<void> {
  const form = asFormData(input);
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

/** A trip's title in each language it has, for the e-mails of a conversation (each reader reads their own). */
async function tripTitlesOf(thread: RequestThread): Promise<Partial<Record<Locale, string>>> {
  if (!thread.trip) return {};
  return Object.fromEntries((await getTripTranslations(thread.trip.id)).map((row) => [row.locale, row.title]));
}

const firstNameOf = (thread: RequestThread) => ('name' in thread ? (thread.name.split(' ')[0] ?? '') : '');

/**
 * A message in the conversation under a request, question or join. A guide's reply reaches
 * the traveller by e-mail and in My trips; a traveller's answer reaches the guide by e-mail and in
 * the guide area. Each side only writes in its own threads.
 */
export const replyToThread = validatedAction(threadReplySchema, async (input) => {
  const user = await getSignedInUser();
  if (!user) return reject({ form: formErrors.signedOut });
  const owner = ownerOf(user);
  if (!owner) return reject({ form: formErrors.notYours });
  const thread = await getRequestThreadByReference(owner, input.threadKind, input.reference, user.locale);
  if (!thread) return reject({ form: formErrors.notYours });
  const fromGuide = 'guideId' in owner;
  // A traveller's booking conversation closes once the trip is over (the review takes its place).
  if (!fromGuide && thread.kind === 'booking' && !travellerMayWrite(thread.status, thread, isoDayOf(new Date()))) return reject({ form: formErrors.requestStatus });
  const titles = await tripTitlesOf(thread);
  const threadKey = `${input.threadKind}:${thread.id}`;
  const outcome = await addThreadMessage(
    { kind: input.threadKind, threadId: thread.id, authorRole: fromGuide ? 'guide' : 'traveller', authorUserId: user.id, body: input.message, idempotencyKey: input.idempotencyKey },
    (messageId) =>
      fromGuide
        ? guideReplyEmail(
            {
              thread: threadKey,
              messageId,
              locale: thread.locale,
              traveller: { name: firstNameOf(thread), email: thread.email },
              guideName: thread.guideName,
              tripTitle: titles[thread.locale] ?? null,
              reply: input.message,
              myTripsUrl: `${env.SITE_URL}${accountPath('bookings', thread.locale)}`,
            },
            mailSettings(),
          )
        : travellerMessageEmail(
            {
              thread: threadKey,
              messageId,
              traveller: { name: firstNameOf(thread), email: thread.email },
              guide: thread.guide,
              tripTitles: titles,
              message: input.message,
              guideAreaUrl: `${env.SITE_URL}${accountPath('guide', thread.guide.emailLocale)}`,
            },
            mailSettings(),
          ),
  );
  if (!outcome.ok) return reject({ form: formErrors.requestStatus });
  if (outcome.created) kickOutbox();
  return answer(thread);
});

type Booking = Extract<RequestThread, { kind: 'booking' }>;

/** What an action on a thread answers: the thread's reference as people read it, never its row id. */
const answer = (thread: { reference: string }): { ok: true } & Submitted => ({ ok: true, reference: formatReference(thread.reference) });

/** The signed-in person's booking request, when it is theirs to act on as `side`; else the rejection to answer. */
async function ownBooking(
  reference: string,
  side: 'guide' | 'traveller',
  locale: Locale,
): Promise<{ ok: false; rejection: Rejection } | { ok: true; user: SessionUser; thread: Booking }> {
  const user = await getSignedInUser();
  if (!user) return { ok: false, rejection: reject({ form: formErrors.signedOut }) };
  const owner = ownerOf(user);
  if (!owner || 'guideId' in owner !== (side === 'guide')) return { ok: false, rejection: reject({ form: formErrors.notYours }) };
  const thread = await getRequestThreadByReference(owner, 'booking', reference, locale);
  if (!thread || thread.kind !== 'booking') return { ok: false, rejection: reject({ form: formErrors.notYours }) };
  return { ok: true, user, thread };
}

/** The booking's terms (lib/booking/terms.ts) written in a reader's language, for the e-mails of its steps. */
async function statusEmailInput(thread: Booking) {
  const links = tripLinks(await getTripTranslations(thread.tripId), env.SITE_URL);
  const { startsOn: start, endsOn: end, total: price, agreed } = bookingTerms(thread);
  // The guide reads a quote still waiting in their trip's currency, as their request e-mail stated it.
  const guidePrice = !agreed && thread.guideTotal ? thread.guideTotal : price;
  return {
    requestId: thread.id,
    reference: thread.reference,
    locale: thread.locale,
    traveller: { name: thread.name.split(' ')[0] ?? '', email: thread.email },
    guide: thread.guide,
    tripTitles: links.titles,
    dates: (locale: Locale) =>
      start && end ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).formatRange(isoDayToDate(start), isoDayToDate(end)) : '–',
    price: (locale: Locale, side: 'traveller' | 'guide') => {
      const shown = side === 'guide' ? guidePrice : price;
      return shown ? formatMoney(shown, locale) : '–';
    },
    urls: { traveller: `${env.SITE_URL}${accountPath('bookings', thread.locale)}`, guide: `${env.SITE_URL}${accountPath('guide', thread.guide.emailLocale)}` },
  };
}

/** A guide proposes exact dates and a price; the traveller gets it by e-mail and accepts it in My trips. */
export const proposeDates = validatedAction(proposalSchema, async (input) => {
  const own = await ownBooking(input.reference, 'guide', input.locale);
  if (!own.ok) return own.rejection;
  const { user, thread } = own;
  const currency = thread.tripCurrency;
  const totalMinor = input.total * 10 ** minorUnitDigits(currency);
  const startsOn = input.dates.start!;
  const endsOn = input.dates.end!;
  const titles = await tripTitlesOf(thread);
  const dates = new Intl.DateTimeFormat(thread.locale, { dateStyle: 'long', timeZone: 'UTC' }).formatRange(isoDayToDate(startsOn), isoDayToDate(endsOn));
  const outcome = await transitionBookingRequest(
    thread.id,
    'proposeDates',
    { role: 'guide', userId: user.id },
    () => [
      guideReplyEmail(
        {
          thread: `booking:${thread.id}`,
          messageId: 0,
          locale: thread.locale,
          traveller: { name: firstNameOf(thread), email: thread.email },
          guideName: thread.guideName,
          tripTitle: titles[thread.locale] ?? null,
          reply: input.message || dates,
          myTripsUrl: `${env.SITE_URL}${accountPath('bookings', thread.locale)}`,
          proposal: { dates, price: formatMoney({ amountMinor: totalMinor, currency }, thread.locale) },
          dedupeKey: `booking:${thread.id}:proposal:${input.idempotencyKey}`,
        },
        mailSettings(),
      ),
    ],
    undefined,
    {
      set: { proposedStartsOn: startsOn, proposedEndsOn: endsOn, proposedTotalMinor: totalMinor, proposedCurrency: currency },
      message: input.message ? { body: input.message, idempotencyKey: input.idempotencyKey } : undefined,
    },
  );
  if (!outcome.ok) return reject(outcome.reason === 'unavailable' ? { dates: guideDepartureErrors[outcome.refusal] } : { form: formErrors.requestStatus });
  if (outcome.changed) kickOutbox();
  return answer(thread);
});

/** How the confirmation e-mail tells the traveller to pay: the booking's terms as the payment story tells them, with the deposit's deadline online. */
function confirmationPayment(thread: Booking, now: Date) {
  const { startsOn, total } = bookingTerms(thread);
  if (!total) return undefined;
  const plan = paymentPlan(total, startsOn, paymentSettings(), now);
  return { plan, payBy: plan.online ? new Date(now.getTime() + env.DEPOSIT_DEADLINE_HOURS * 3_600_000) : null, payee: { name: thread.guideName, instructions: thread.paymentInstructions } };
}

/** One step of a request taken by one side, with the e-mail that tells the other side. */
function requestStep(action: 'accept' | 'confirm' | 'cancel', side: 'guide' | 'traveller', email: 'accepted' | 'confirmed' | 'cancelled') {
  return validatedAction(requestStepSchema, async (input) => {
    const own = await ownBooking(input.reference, side, input.locale);
    if (!own.ok) return own.rejection;
    const { user, thread } = own;
    // A trip that has begun is no longer cancelled from My trips: the terms (and support) say what applies.
    if (action === 'cancel' && hasStarted(thread, isoDayOf(new Date()))) return reject({ form: formErrors.requestStatus });
    // Accepting makes the proposal the booking's terms: its e-mail already states them.
    const termsOf = action === 'accept' && thread.proposal ? { ...thread, accepted: { amountMinor: thread.proposal.totalMinor, currency: thread.proposal.currency } } : thread;
    const emailInput = { ...(await statusEmailInput(termsOf)), payment: action === 'confirm' ? confirmationPayment(thread, new Date()) : undefined };
    // With online payment, a confirmation's deposit has a deadline; without it nothing lapses.
    const depositDeadlineHours = action === 'confirm' && env.STRIPE_SECRET_KEY ? env.DEPOSIT_DEADLINE_HOURS : undefined;
    const cancellationReview = (paid: { amountMinor: number; currency: string }, reason: 'windowPassed' | 'tooClose') =>
      cancellationReviewEmail(
        { requestId: thread.id, reference: thread.reference, traveller: { name: thread.name, email: thread.email }, tripTitles: emailInput.tripTitles, paid, reason, supportUrl: `${env.SITE_URL}${accountPath('support', 'en')}` },
        mailSettings(),
      );
    const outcome = await transitionBookingRequest(thread.id, action, { role: side, userId: user.id }, () => [requestStatusEmail(email, emailInput, mailSettings())], undefined, {
      depositDeadlineHours,
      cancellationReview,
      idempotencyKey: input.idempotencyKey,
    });
    if (!outcome.ok) return stepRefused(outcome, thread.id, side, input.locale);
    if (outcome.changed) {
      kickOutbox();
      if (action === 'cancel') await settleCancelledMoney(thread.id);
    }
    return answer(thread);
  });
}

/**
 * After a cancellation is stored: its booking's Checkout pages are closed and its refunds sent at
 * once (the payments run for that booking; it retries whatever Stripe cannot take now).
 */
async function settleCancelledMoney(requestId: number): Promise<void> {
  await runPayments(new Date(), undefined, requestId).catch((error: unknown) => logJsonLine({ level: 'warn', msg: 'cancellation settled by the payments run', requestId, error: error instanceof Error ? error.name : 'unknown' }));
}

/** A step that was not taken, told truthfully on its form: who cancelled first, and what this one still did; else that the request changed. */
async function stepRefused(outcome: Extract<StepOutcome, { ok: false }>, requestId: number, side: 'guide' | 'traveller', locale: Locale): Promise<Rejection> {
  if (outcome.reason === 'unavailable') return reject({ form: guideDepartureErrors[outcome.refusal] });
  if (outcome.reason !== 'alreadyCancelled') return reject({ form: formErrors.requestStatus });
  if (outcome.changed) kickOutbox();
  if (outcome.refunded) {
    await settleCancelledMoney(requestId);
    return reject({ form: [formErrors.alreadyCancelledRefunded, { by: outcome.by, amount: formatMoney(outcome.refunded, locale) }] });
  }
  return reject({ form: [formErrors.alreadyCancelled, { by: outcome.by === side ? 'you' : outcome.by }] });
}

/** The traveller accepts the guide's proposal; the guide is asked to confirm. */
export const acceptProposal = requestStep('accept', 'traveller', 'accepted');

/** The guide confirms an accepted request (the deposit payment joins this step when online payment exists). */
export const confirmBooking = requestStep('confirm', 'guide', 'confirmed');

/** A traveller cancels one of their booking requests from My trips; the guide is told. */
export const cancelBookingRequest = requestStep('cancel', 'traveller', 'cancelled');

/**
 * A guide cancels a secured booking (spec §9): through the lifecycle rules, everything the
 * traveller paid is queued for refund in the same transaction (queueCancellationRefunds), the reason
 * joins the conversation, both sides get an e-mail, and the refund is sent to Stripe at once with
 * its idempotency key (the payments run retries it when Stripe is unreachable).
 */
export const cancelSecuredBooking = validatedAction(guideCancelSchema, async (input) => {
  const own = await ownBooking(input.reference, 'guide', input.locale);
  if (!own.ok) return own.rejection;
  const { user, thread } = own;
  // The same form again (a retry after a lost answer, a double click) answers as the first did.
  if (thread.status === 'cancelled' && (await messageAlreadySent('booking', thread.id, input.idempotencyKey))) return answer(thread);
  // Cancelled meanwhile by someone else: the lifecycle says by whom, and the guide's rule still applies to what is held.
  if ((thread.status !== 'secured' && thread.status !== 'cancelled') || hasStarted(thread, isoDayOf(new Date()))) return reject({ form: formErrors.requestStatus });
  const paid = paidSoFar((await listBookingPayments([thread.id])).get(thread.id));
  if (!paid) return reject({ form: formErrors.requestStatus });
  const emailInput = await statusEmailInput(thread);
  const outcome = await transitionBookingRequest(thread.id, 'cancel', { role: 'guide', userId: user.id }, (_status, refunded) => guideCancelledEmails(emailInput, input.reason, refunded ?? paid, mailSettings()), undefined, {
    message: { body: input.reason, idempotencyKey: input.idempotencyKey },
    idempotencyKey: input.idempotencyKey,
  });
  if (!outcome.ok) return stepRefused(outcome, thread.id, 'guide', input.locale);
  if (outcome.changed) {
    kickOutbox();
    await settleCancelledMoney(thread.id);
  }
  return answer(thread);
});

/**
 * Support refunds part or all of a late cancellation from its screen (the terms applied by hand):
 * queued idempotently by the form's own key, then sent to Stripe at once (the payments run retries).
 */
export const refundCancellation = validatedAction(supportRefundSchema, async (input) => {
  const user = await getSignedInUser();
  if (!user) return reject({ form: formErrors.signedOut });
  if (user.role !== 'support') return reject({ form: formErrors.notYours });
  const requestId = await bookingRequestIdOf(input.reference);
  if (requestId === null) return reject({ form: formErrors.requestStatus });
  const queued = await queueSupportRefund(requestId, input.amount, input.idempotencyKey);
  if (!queued.ok) {
    if (queued.reason === 'decimals') return reject({ amount: [formErrors.refundDecimals, { digits: queued.digits }] });
    if (queued.reason === 'tooMuch') return reject({ amount: [formErrors.refundTooMuch, { held: formatMoney(queued.held, input.locale) }] });
    return reject(queued.reason === 'notCancelled' ? { form: formErrors.requestStatus } : { amount: formErrors.refundAmount });
  }
  await settleCancelledMoney(requestId);
  return answer(input);
});

/** Support gives an overdue request to another guide of the same trip area; the new guide's 24 hours start. */
export const reassignBookingRequest = validatedAction(reassignSchema, async (input) => {
  const user = await getSignedInUser();
  if (!user) return reject({ form: formErrors.signedOut });
  if (user.role !== 'support') return reject({ form: formErrors.notYours });
  const requestId = await bookingRequestIdOf(input.reference);
  const moved = requestId !== null && (await reassignRequest(requestId, input.guideId, (request) => reassignedEmail(request)));
  if (!moved) return reject({ form: formErrors.requestStatus });
  kickOutbox();
  return answer(input);
});

/** What a pipeline refusal of a review photo tells the traveller, under the file it names. */
const reviewPhotoErrors: Record<UploadRefusal, FieldRejection> = {
  tooLarge: [formErrors.reviewPhotoTooLarge, { megabytes: REVIEW_PHOTO_MAX_BYTES / (1024 * 1024) }],
  notAnImage: formErrors.reviewPhotoType,
  unsupportedType: formErrors.reviewPhotoHeic,
  tooManyPixels: formErrors.reviewPhotoPixels,
  tooSmall: formErrors.reviewPhotoSmall,
  unreadable: formErrors.reviewPhotoUnreadable,
  tooManyPhotos: [formErrors.reviewPhotosTooMany, { count: REVIEW_PHOTO_SLOTS }],
  busy: formErrors.reviewPhotosBusy,
};

type ReviewDone = { ok: true } & Submitted;

/**
 * A traveller reviews their confirmed trip once it is over, with up to four photos (a plain
 * multipart form: it works without JavaScript); the review shows on the trip page at once, as
 * verified. The photos are bounded and read first, counted against the account's hourly photo
 * budget, made into derivatives, stored, and only then the review and its photos are inserted in
 * one transaction (lib/media/review-uploads.ts): a second review of the booking deletes its files.
 */
export async function reviewTrip(state: FormState<ReviewDone>, formData: FormData): Promise<FormState<ReviewDone>> {
  const action = validatedAction(reviewSchema, async (input) => {
    const user = await getSignedInUser();
    if (!user) return reject({ form: formErrors.signedOut });
    if (user.role !== 'traveller') return reject({ form: formErrors.notYours });
    // The traveller's own request only: another's reference is refused as if it did not exist.
    const own = await ownBooking(input.reference, 'traveller', input.locale);
    if (!own.ok) return own.rejection;
    const photos = await readReviewPhotos(asFormData(formData));
    if (!photos.ok) return reject(photos.rejected);
    if (photos.photos.length > 0) {
      const allowed = await rateLimiter().consumePhotoUploads(user.id, photos.photos.length);
      if (!allowed.ok) return reject({ photos: formErrors.reviewPhotosRateLimited });
    }
    const db = getDb();
    const outcome = await saveReviewWithPhotos(mediaStore(), photos.photos, (stored) =>
      saveVerifiedReview(
        user.email,
        { requestId: own.thread.id, rating: input.rating, guideRating: input.guideRating, organisationRating: input.organisationRating, valueRating: input.valueRating, comment: input.comment, locale: input.locale, photos: stored },
        isoDayOf(new Date()),
        reviewReceivedEmailFor,
        db,
      ),
      db,
    );
    if (!outcome.ok) {
      if (outcome.reason === 'photo') return reject({ [outcome.slot === null ? 'photos' : `photos.${outcome.slot}.file`]: reviewPhotoErrors[outcome.refusal] });
      return reject({ form: outcome.reason === 'notAllowed' ? formErrors.notYours : outcome.reason === 'alreadyReviewed' ? formErrors.alreadyReviewed : formErrors.requestStatus });
    }
    kickOutbox();
    // The trip's rating and reviews change: its pages expire and the search's copy (its rating) is refreshed.
    await invalidateTrip(outcome.tripId);
    return answer(own.thread);
  });
  return action(state, formData);
}

/**
 * spec §9: the traveller pays the 30 % deposit of a confirmed booking (or a remainder the bank
 * refused off-session) on Stripe's hosted Checkout page. A plain form action: it works before any
 * code loads; the amount comes from the stored quote on the server, never from the form. Any
 * refusal comes back to My trips with its reason, shown in the traveller's language.
 */
export async function payBooking(input: FormData): Promise<void> {
  const form = asFormData(input);
  const parsed = paymentRequestSchema.safeParse({ locale: form.get('locale'), reference: form.get('reference'), kind: form.get('kind') });
  const locale = parsed.success ? parsed.data.locale : localeOf(form);
  const back = accountPath('bookings', locale);
  if (!parsed.success) redirect(`${back}&payment=notFound`);
  const user = await getSignedInUser();
  if (!user) redirect(`${accountPath('sign-in', locale)}&next=${encodeURIComponent(back)}`);
  const t = await getTranslations({ locale, namespace: 'Account' });
  // Only the traveller's own booking; Stripe's page names it by its opaque reference.
  const own = await ownBooking(parsed.data.reference, 'traveller', locale);
  if (!own.ok) redirect(`${back}&payment=notFound`);
  const reference = formatReference(own.thread.reference);
  const outcome = await startCheckout({
    requestId: own.thread.id,
    travellerEmail: user.email,
    kind: parsed.data.kind,
    locale,
    consentText: t('payment.consentShort'),
    productName: t(parsed.data.kind === 'deposit' ? 'payment.depositItem' : 'payment.remainderItem', { id: reference }),
  });
  redirect(outcome.ok ? outcome.url : `${back}&payment=${outcome.reason}`);
}
