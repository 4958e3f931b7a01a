import 'server-only';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isBookedStatus, isOpenStatus, nextStatus, targetStatus, type RequestActor, type RequestStatus, type ThreadKind } from '../../booking/request-lifecycle';
import { assertSameSubmission, currentSubmissionFingerprint, IdempotencyConflict } from '../../forms/submission-fingerprint';
import type { Money } from '../../money/currency';
import type { Locale } from '../../locales';
import type { PhotoView } from '../../media/photo-urls';
import { enqueueEmails } from '../../mail/outbox';
import { cancelOpenPayments, queueCancellationRefunds } from './payments';
import type { OutboxEmailInput } from '../../mail/templates';
import { getDb } from '../client';
import type { Database, DatabaseTransaction } from '../database';
import type { JoinStatus } from '../../booking/join-holds';
import { bookingRequestEvents, bookingRequests, guideQuestions, guides, openGroupJoins, openGroups, reviews, threadMessages, trips, tripTranslations } from '../schema';
import { answeringGuide } from './answering-guide';
import { reviewPhotosColumn } from './review-photos';
import { withReplyHours } from './reply-time';
import { checkDeparture } from './availability';
import type { DepartureRefusal } from '../../booking/availability';
import { isoDayOf } from '../../iso-day';

/** One message of a conversation, oldest first. */
export type ThreadMessage = { id: number; authorRole: 'traveller' | 'guide' | 'support'; body: string; createdAt: Date };

type Common = {
  id: number;
  /** The opaque reference the traveller, the guide and support read (never the id). */
  reference: string;
  createdAt: Date;
  /** The language the traveller wrote in: replies reach them in it. */
  locale: Locale;
  email: string;
  trip: { id: number; title: string; slug: string } | null;
  guideName: string;
  /** That guide's reply-time figure (lib/booking/reply-time.ts), as every page states it. */
  replyHours: number;
  /** Who answers it (the trip's guide, or the one support reassigned it to), for e-mails. */
  guide: { name: string; email: string | null; emailLocale: Locale };
  messages: ThreadMessage[];
};

/** What a traveller sent and a guide answers, as the guide area and 'My trips' show it. */
export type RequestThread =
  | (Common & {
      kind: 'booking';
      tripId: number;
      /** The trip's own currency: a guide's proposal is priced in it. */
      tripCurrency: string;
      name: string;
      phone: string;
      travellers: number;
      days: number;
      startsOn: string | null;
      endsOn: string | null;
      openGroupStartsOn: string | null;
      openGroupDurationDays: number | null;
      comment: string;
      status: RequestStatus;
      currency: string;
      totalMinor: number | null;
      proposal: { startsOn: string; endsOn: string; totalMinor: number; currency: string } | null;
      /** The proposal's price once the traveller accepted it: with the proposal's dates, the booking's terms (lib/booking/terms.ts). */
      accepted: Money | null;
      /** The traveller's verified review of this booking, once written. */
      review: { rating: number; comment: string | null; photos: PhotoView[] } | null;
      /** The review invitation was sent: the scheduler saw the trip end (lib/db/queries/request-endings.ts). */
      reviewInvited: boolean;
      /** The quote as the guide reads it, in the trip's own currency (null without one, or on older requests). */
      guideTotal: Money | null;
      /** How the answering guide asks to be paid when payments are off (null until they wrote it). */
      paymentInstructions: string | null;
    })
  | (Common & { kind: 'question'; name: string; phone: string | null; questions: string })
  | (Common & { kind: 'join'; travellers: number; joinStatus: JoinStatus; holdUntil: Date | null; addressConfirmed: boolean; openGroupStartsOn: string });

/** Whose threads to list: a guide's (their trips', and requests reassigned to them) or a traveller's (their address). */
export type ThreadOwner = { guideId: number } | { email: string };

const INBOX_LIMIT = 200;

function tripTitle(locale: Locale) {
  const title = alias(tripTranslations, 'title');
  return { title, join: and(eq(title.tripId, trips.id), eq(title.locale, locale))! };
}

/** Booking requests of a guide (assigned to them, or on their trips and not reassigned) or of a traveller. */
function bookingScope(owner: ThreadOwner): SQL {
  if ('guideId' in owner) {
    return or(eq(bookingRequests.assignedGuideId, owner.guideId), and(isNull(bookingRequests.assignedGuideId), eq(trips.guideId, owner.guideId)))!;
  }
  return sql`lower(${bookingRequests.email}) = ${owner.email}`;
}

async function messagesOf(db: Database, kind: ThreadKind, ids: number[]): Promise<Map<number, ThreadMessage[]>> {
  const byThread = new Map<number, ThreadMessage[]>();
  if (ids.length === 0) return byThread;
  const rows = await db
    .select({ id: threadMessages.id, threadId: threadMessages.threadId, authorRole: threadMessages.authorRole, body: threadMessages.body, createdAt: threadMessages.createdAt })
    .from(threadMessages)
    .where(and(eq(threadMessages.threadKind, kind), inArray(threadMessages.threadId, ids)))
    .orderBy(asc(threadMessages.createdAt), asc(threadMessages.id));
  for (const { threadId, ...message } of rows) byThread.set(threadId, [...(byThread.get(threadId) ?? []), message]);
  return byThread;
}

/** One thread to read instead of the whole list (an action on it), by its row id or, from a form, its opaque reference. */
type OnlyThread = { kind: ThreadKind } & ({ id: number } | { reference: string });

/**
 * The requests, questions and open-group joins of a guide's trips (guide area) or of a
 * traveller (My trips), newest first, each with its conversation. Trip titles in `locale`. With
 * `only`, just that thread, when the owner may see it.
 */
/** The filter to `only`'s row of a thread table. */
const onlyOne = (table: typeof bookingRequests | typeof guideQuestions | typeof openGroupJoins, only: OnlyThread) =>
  'id' in only ? eq(table.id, only.id) : eq(table.reference, only.reference);

export async function listRequestThreads(owner: ThreadOwner, locale: Locale, db: Database = getDb(), only?: OnlyThread): Promise<RequestThread[]> {
  const { title, join } = tripTitle(locale);
  const guide = answeringGuide();
  const wanted = (kind: ThreadKind) => !only || only.kind === kind;
  const bookingRows = !wanted('booking') ? [] : await db
    .select({
      request: bookingRequests,
      tripTitle: title.title,
      tripSlug: title.slug,
      ...guide.columns,
      tripCurrency: trips.currency,
      openGroupStartsOn: openGroups.startsOn,
      openGroupDurationDays: openGroups.durationDays,
      reviewRating: reviews.rating,
      reviewComment: reviews.comment,
      // Its photos while it is visible (a hidden review's are served to support only).
      reviewPhotos: sql<PhotoView[]>`CASE WHEN ${reviews.hiddenAt} IS NULL THEN ${reviewPhotosColumn(reviews.id)} ELSE '[]'::json END`,
    })
    .from(bookingRequests)
    .innerJoin(trips, eq(trips.id, bookingRequests.tripId))
    .innerJoin(guides, eq(guides.id, trips.guideId))
    .leftJoin(guide.assigned, guide.onAssigned)
    .leftJoin(title, join)
    .leftJoin(openGroups, eq(openGroups.id, bookingRequests.openGroupId))
    .leftJoin(reviews, eq(reviews.bookingRequestId, bookingRequests.id))
    .where(and(bookingScope(owner), only ? onlyOne(bookingRequests, only) : undefined))
    .orderBy(desc(bookingRequests.createdAt))
    .limit(INBOX_LIMIT);

  const questionRows = !wanted('question') ? [] : await db
    .select({ question: guideQuestions, tripTitle: title.title, tripSlug: title.slug, guideName: guides.name, guideEmail: guides.email, guideEmailLocale: guides.emailLocale, guideId: guides.id, guideResponseHours: guides.responseHours })
    .from(guideQuestions)
    .innerJoin(guides, eq(guides.id, guideQuestions.guideId))
    .leftJoin(trips, eq(trips.id, guideQuestions.tripId))
    .leftJoin(title, join)
    .where(and('guideId' in owner ? eq(guideQuestions.guideId, owner.guideId) : sql`lower(${guideQuestions.email}) = ${owner.email}`, only ? onlyOne(guideQuestions, only) : undefined))
    .orderBy(desc(guideQuestions.createdAt))
    .limit(INBOX_LIMIT);

  const joinRows = !wanted('join') ? [] : await db
    .select({ join: openGroupJoins, tripId: trips.id, tripTitle: title.title, tripSlug: title.slug, guideName: guides.name, guideEmail: guides.email, guideEmailLocale: guides.emailLocale, guideId: guides.id, guideResponseHours: guides.responseHours, startsOn: openGroups.startsOn })
    .from(openGroupJoins)
    .innerJoin(openGroups, eq(openGroups.id, openGroupJoins.openGroupId))
    .innerJoin(trips, eq(trips.id, openGroups.tripId))
    .innerJoin(guides, eq(guides.id, trips.guideId))
    .leftJoin(title, join)
    .where(and('guideId' in owner ? eq(trips.guideId, owner.guideId) : sql`lower(${openGroupJoins.email}) = ${owner.email}`, only ? onlyOne(openGroupJoins, only) : undefined))
    .orderBy(desc(openGroupJoins.createdAt))
    .limit(INBOX_LIMIT);

  const answering = [...bookingRows, ...questionRows, ...joinRows].map((row) => ({ id: row.guideId, responseHours: row.guideResponseHours }));
  const [bookingMessages, questionMessages, joinMessages, replying] = await Promise.all([
    messagesOf(db, 'booking', bookingRows.map((row) => row.request.id)),
    messagesOf(db, 'question', questionRows.map((row) => row.question.id)),
    messagesOf(db, 'join', joinRows.map((row) => row.join.id)),
    withReplyHours([...new Map(answering.map((guide) => [guide.id, guide])).values()], db),
  ]);
  const replyHoursOf = (guideId: number) => replying.find((guide) => guide.id === guideId)!.responseHours;
  const tripOf = (id: number | null, titleText: string | null, slug: string | null) => (id !== null && titleText && slug ? { id, title: titleText, slug } : null);

  const threads: RequestThread[] = [
    ...bookingRows.map(({ request, tripTitle: titleText, tripSlug, guideName, guideEmail, guideEmailLocale, guideId, guidePaymentInstructions, tripCurrency, openGroupStartsOn, openGroupDurationDays, reviewRating, reviewComment, reviewPhotos }): RequestThread => ({
      kind: 'booking',
      id: request.id,
      reference: request.reference,
      createdAt: request.createdAt,
      locale: request.locale,
      email: request.email,
      name: `${request.firstName} ${request.lastName}`.trim(),
      phone: request.phone,
      trip: tripOf(request.tripId, titleText, tripSlug),
      guideName,
      replyHours: replyHoursOf(guideId),
      guide: { name: guideName, email: guideEmail, emailLocale: guideEmailLocale },
      tripId: request.tripId,
      tripCurrency,
      travellers: request.travellers,
      days: request.days,
      startsOn: request.startsOn,
      endsOn: request.endsOn,
      openGroupStartsOn,
      openGroupDurationDays,
      comment: request.comment,
      status: request.status,
      currency: request.currency,
      totalMinor: request.totalMinor,
      proposal:
        request.proposedStartsOn && request.proposedEndsOn && request.proposedTotalMinor !== null && request.proposedCurrency
          ? { startsOn: request.proposedStartsOn, endsOn: request.proposedEndsOn, totalMinor: request.proposedTotalMinor, currency: request.proposedCurrency }
          : null,
      accepted: request.acceptedTotalMinor !== null && request.acceptedCurrency ? { amountMinor: request.acceptedTotalMinor, currency: request.acceptedCurrency } : null,
      review: reviewRating !== null ? { rating: reviewRating, comment: reviewComment, photos: reviewPhotos } : null,
      reviewInvited: request.reviewInvitedAt !== null,
      guideTotal: request.guideTotalMinor !== null ? { amountMinor: request.guideTotalMinor, currency: tripCurrency } : null,
      paymentInstructions: guidePaymentInstructions,
      messages: bookingMessages.get(request.id) ?? [],
    })),
    ...questionRows.map(({ question, tripTitle: titleText, tripSlug, guideName, guideEmail, guideEmailLocale, guideId }): RequestThread => ({
      kind: 'question',
      id: question.id,
      reference: question.reference,
      createdAt: question.createdAt,
      locale: question.locale,
      email: question.email,
      name: `${question.firstName} ${question.lastName}`.trim(),
      phone: question.phone,
      trip: tripOf(question.tripId, titleText, tripSlug),
      guideName,
      replyHours: replyHoursOf(guideId),
      guide: { name: guideName, email: guideEmail, emailLocale: guideEmailLocale },
      questions: question.questions,
      messages: questionMessages.get(question.id) ?? [],
    })),
    ...joinRows.map(({ join: row, tripId, tripTitle: titleText, tripSlug, guideName, guideEmail, guideEmailLocale, guideId, startsOn }): RequestThread => ({
      kind: 'join',
      id: row.id,
      reference: row.reference,
      createdAt: row.createdAt,
      locale: row.locale,
      email: row.email,
      trip: tripOf(tripId, titleText, tripSlug),
      guideName,
      replyHours: replyHoursOf(guideId),
      guide: { name: guideName, email: guideEmail, emailLocale: guideEmailLocale },
      travellers: row.travellers,
      joinStatus: row.status,
      holdUntil: row.holdUntil,
      addressConfirmed: row.confirmedAt !== null,
      openGroupStartsOn: startsOn,
      messages: joinMessages.get(row.id) ?? [],
    })),
  ];
  return threads.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
}

/** One thread, when `owner` may see it (the guide of its trip, or the traveller who sent it); null otherwise. */
export async function getRequestThread(owner: ThreadOwner, kind: ThreadKind, id: number, locale: Locale, db: Database = getDb()): Promise<RequestThread | null> {
  const [thread] = await listRequestThreads(owner, locale, db, { kind, id });
  return thread ?? null;
}

/** A form's thread, by the reference it posted: null unless `owner` may see it (the same scope as by id). */
export async function getRequestThreadByReference(owner: ThreadOwner, kind: ThreadKind, reference: string, locale: Locale, db: Database = getDb()): Promise<RequestThread | null> {
  const [thread] = await listRequestThreads(owner, locale, db, { kind, reference });
  return thread ?? null;
}

/**
 * Whether a guide has answered a thread, for the 24-hour promise and the thread's view: a message of
 * theirs or support's, a proposal of dates (an answer even without a message), or any later step of
 * a booking request.
 */
export function isAnswered(thread: RequestThread): boolean {
  return thread.messages.some((message) => message.authorRole !== 'traveller') || (thread.kind === 'booking' && (thread.proposal !== null || thread.status !== 'sent'));
}

export type MessageOutcome = { ok: true; id: number; created: boolean; status?: RequestStatus } | { ok: false; reason: 'notAllowed' | 'wrongStatus' };

/**
 * Whether this submission (its idempotency key) already wrote its message in the thread: a step sent
 * again after it was taken (a retry after a lost answer) answers as the first time. The same key
 * with other content throws IdempotencyConflict.
 */
export async function messageAlreadySent(kind: ThreadKind, threadId: number, idempotencyKey: string, db: Database = getDb()): Promise<boolean> {
  const [previous] = await db
    .select({ payloadHash: threadMessages.payloadHash })
    .from(threadMessages)
    .where(and(eq(threadMessages.threadKind, kind), eq(threadMessages.threadId, threadId), eq(threadMessages.idempotencyKey, idempotencyKey)));
  if (!previous) return false;
  assertSameSubmission(previous.payloadHash);
  return true;
}

/**
 * Stores a message in a conversation once (idempotency key) with its e-mail; a guide's first reply
 * to a booking request moves it from sent to answered, recorded with who and when.
 */
export async function addThreadMessage(
  values: { kind: ThreadKind; threadId: number; authorRole: RequestActor & ('traveller' | 'guide' | 'support'); authorUserId: number | null; body: string; idempotencyKey: string },
  email: (messageId: number, status: RequestStatus | undefined) => OutboxEmailInput | null,
  db: Database = getDb(),
): Promise<MessageOutcome> {
  return db.transaction(async (tx) => {
    const [previous] = await tx.select({ id: threadMessages.id, payloadHash: threadMessages.payloadHash }).from(threadMessages).where(eq(threadMessages.idempotencyKey, values.idempotencyKey));
    if (previous) {
      assertSameSubmission(previous.payloadHash);
      return { ok: true, id: previous.id, created: false };
    }
    let status: RequestStatus | undefined;
    if (values.kind === 'booking' && values.authorRole === 'traveller') {
      // A traveller writes under a request that still lives (open, confirmed or secured), not a cancelled or expired one.
      const [request] = await tx.select({ status: bookingRequests.status }).from(bookingRequests).where(eq(bookingRequests.id, values.threadId));
      if (!request) return { ok: false, reason: 'notAllowed' };
      if (!isOpenStatus(request.status) && !isBookedStatus(request.status)) return { ok: false, reason: 'wrongStatus' };
    } else if (values.kind === 'booking') {
      const [request] = await tx.select({ status: bookingRequests.status }).from(bookingRequests).where(eq(bookingRequests.id, values.threadId)).for('update');
      if (!request) return { ok: false, reason: 'notAllowed' };
      const transition = nextStatus(request.status, 'reply', values.authorRole);
      if (!transition.ok) return { ok: false, reason: transition.reason };
      status = transition.to;
      if (transition.to !== transition.from) {
        await tx.update(bookingRequests).set({ status: transition.to, updatedAt: sql`now()` }).where(eq(bookingRequests.id, values.threadId));
        await tx.insert(bookingRequestEvents).values({ requestId: values.threadId, fromStatus: transition.from, toStatus: transition.to, actorRole: values.authorRole, actorUserId: values.authorUserId });
      }
    }
    const [row] = await tx
      .insert(threadMessages)
      .values({ threadKind: values.kind, threadId: values.threadId, authorRole: values.authorRole, authorUserId: values.authorUserId, body: values.body, idempotencyKey: values.idempotencyKey, payloadHash: currentSubmissionFingerprint() })
      .returning({ id: threadMessages.id });
    const mail = email(row!.id, status);
    if (mail) await enqueueEmails(tx, [mail]);
    return { ok: true, id: row!.id, created: true, status };
  });
}

/**
 * What a step stores besides its status: accepting keeps the quote accepted, read under the
 * request's lock (the guide's price in the trip's currency, not converted: no rates' day), which is
 * all the payments are computed from; confirming stamps the time and, with online payment, the
 * deposit's deadline.
 */
function lifecycleValues(action: Parameters<typeof nextStatus>[1], request: typeof bookingRequests.$inferSelect, depositDeadlineHours: number | undefined): Partial<typeof bookingRequests.$inferInsert> {
  const now = new Date();
  if (action === 'accept') return { acceptedTotalMinor: request.proposedTotalMinor, acceptedCurrency: request.proposedCurrency, acceptedRatesDate: null, acceptedAt: now };
  if (action === 'confirm') return { confirmedAt: now, depositDueAt: depositDeadlineHours ? new Date(now.getTime() + depositDeadlineHours * 3_600_000) : null };
  return {};
}

/** What a step on a booking request answers. */
export type StepOutcome =
  | { ok: true; status: RequestStatus; changed: boolean }
  | { ok: false; reason: 'notAllowed' | 'wrongStatus' }
  /** The dates a guide proposes or confirms can no longer be booked (decision 0260): the calendar's reason. */
  | { ok: false; reason: 'unavailable'; refusal: DepartureRefusal }
  /**
   * Someone else's cancellation came first (`by`: who): this one is not a second 'ok', but what its
   * own rule still requires was done (`changed`): a guide's reason kept in the conversation, and
   * what was still held queued for refund (`refunded`).
   */
  | { ok: false; reason: 'alreadyCancelled'; by: RequestActor; changed: boolean; refunded: Money | null };

/** Who cancelled a request, and from which status (its cancellation's event). */
async function cancellationOf(tx: DatabaseTransaction, requestId: number) {
  const [event] = await tx
    .select({ fromStatus: bookingRequestEvents.fromStatus, actorRole: bookingRequestEvents.actorRole, actorUserId: bookingRequestEvents.actorUserId })
    .from(bookingRequestEvents)
    .where(and(eq(bookingRequestEvents.requestId, requestId), eq(bookingRequestEvents.toStatus, 'cancelled')))
    .orderBy(desc(bookingRequestEvents.id))
    .limit(1);
  return event ?? null;
}

/**
 * A private departure's dates decided again when a guide proposes them or confirms them
 * (decision 0260): in season, the guide available, the month under its capacity, under a lock on
 * the trip (an update lock for a confirmation, which takes one of the month's departures). A
 * request for an open group takes none: its group is the departure.
 */
async function departureRefused(
  tx: DatabaseTransaction,
  action: Parameters<typeof nextStatus>[1],
  request: typeof bookingRequests.$inferSelect,
  set: Partial<typeof bookingRequests.$inferInsert> | undefined,
): Promise<DepartureRefusal | null> {
  if (request.openGroupId !== null || (action !== 'proposeDates' && action !== 'confirm')) return null;
  const startsOn = action === 'proposeDates' ? set?.proposedStartsOn : (request.proposedStartsOn ?? request.startsOn);
  const endsOn = action === 'proposeDates' ? set?.proposedEndsOn : (request.proposedEndsOn ?? request.endsOn);
  if (!startsOn || !endsOn) return null;
  return checkDeparture(tx, { tripId: request.tripId, startsOn, endsOn, today: isoDayOf(new Date()), lock: action === 'confirm' ? 'update' : 'share', exceptRequestId: request.id });
}

/**
 * Moves a booking request through its lifecycle (lib/booking/request-lifecycle.ts) when `actor` may,
 * recording the transition with who, when and the submission's key, under the request's lock: of
 * two steps at once, one is decided and the other sees it. The same submission again (its key, or
 * without a key the same person's same step) changes nothing and answers as the first did. A
 * cancellation after someone else's answers who cancelled, and still does what its own rule
 * requires: the guide's (or support's) reason joins the conversation and everything still held is
 * refunded (spec §9, the guide cancels); a traveller's adds nothing. Refused transitions change nothing.
 */
export async function transitionBookingRequest(
  requestId: number,
  action: Parameters<typeof nextStatus>[1],
  actor: { role: RequestActor; userId: number | null },
  /** The step's e-mails; `refunded`: what a cancellation queued for refund (null: nothing). */
  email: (status: RequestStatus, refunded: Money | null) => OutboxEmailInput[],
  db: Database = getDb(),
  /**
   * What the step also stores: a proposal's dates and price, and the message that came with it;
   * for a confirmation with online payment, the hours its deposit may wait; the form's key.
   */
  extra: {
    set?: Partial<typeof bookingRequests.$inferInsert>;
    message?: { body: string; idempotencyKey: string };
    depositDeadlineHours?: number;
    idempotencyKey?: string;
    /** Support's e-mail when a secured booking's cancellation is not refunded automatically (the terms apply). */
    cancellationReview?: (paid: { amountMinor: number; currency: string }, reason: 'windowPassed' | 'tooClose') => OutboxEmailInput;
  } = {},
): Promise<StepOutcome> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(bookingRequests).where(eq(bookingRequests.id, requestId)).for('update');
    if (!request) return { ok: false, reason: 'notAllowed' };
    if (extra.idempotencyKey) {
      const [taken] = await tx.select({ requestId: bookingRequestEvents.requestId }).from(bookingRequestEvents).where(eq(bookingRequestEvents.idempotencyKey, extra.idempotencyKey));
      // This submission's step was taken already (a retry after a lost answer): the same answer.
      if (taken?.requestId === requestId) return { ok: true, status: request.status, changed: false };
      if (taken) throw new IdempotencyConflict();
    }
    const cancelled = action === 'cancel' && request.status === 'cancelled' ? await cancellationOf(tx, requestId) : null;
    if (cancelled) {
      if (!extra.idempotencyKey && cancelled.actorRole === actor.role && cancelled.actorUserId === actor.userId) return { ok: true, status: request.status, changed: false };
      return cancelledBefore(tx, request, cancelled, actor, email, extra.message);
    }
    // The same step again with the same values (a double click, a retry) changes nothing.
    const sameAgain = request.status === targetStatus(action) && Object.entries(extra.set ?? {}).every(([key, value]) => request[key as keyof typeof request] === value);
    if (sameAgain && action !== 'reply' && action !== 'cancel') return { ok: true, status: request.status, changed: false };
    const transition = nextStatus(request.status, action, actor.role);
    if (!transition.ok) {
      return { ok: false, reason: transition.reason };
    }
    const refusal = await departureRefused(tx, action, request, extra.set);
    if (refusal) return { ok: false, reason: 'unavailable', refusal };
    await tx.update(bookingRequests).set({ ...extra.set, ...lifecycleValues(action, request, extra.depositDeadlineHours), status: transition.to, updatedAt: sql`now()` }).where(eq(bookingRequests.id, requestId));
    await tx.insert(bookingRequestEvents).values({ requestId, fromStatus: transition.from, toStatus: transition.to, actorRole: actor.role, actorUserId: actor.userId, idempotencyKey: extra.idempotencyKey ?? null });
    let refunded: Money | null = null;
    // A secured booking's money follows the cancellation rule, in the same transaction.
    if (transition.from === 'secured' && transition.to === 'cancelled') {
      const refund = await queueCancellationRefunds(tx, request, actor.role === 'traveller' ? 'traveller' : 'guide', new Date());
      if (refund.automatic && refund.currency && refund.paidMinor > 0) refunded = { amountMinor: refund.paidMinor, currency: refund.currency };
      if (!refund.automatic && refund.currency && refund.paidMinor > 0 && extra.cancellationReview) {
        await enqueueEmails(tx, [extra.cancellationReview({ amountMinor: refund.paidMinor, currency: refund.currency }, refund.reason)]);
      }
    }
    // A confirmation cancelled before its deposit was paid: nothing is left to pay (a payment made anyway is refunded).
    if (transition.from === 'confirmed' && transition.to === 'cancelled') await cancelOpenPayments(tx, requestId);
    if (extra.message && actor.role !== 'system') await keepMessage(tx, requestId, { role: actor.role, userId: actor.userId }, extra.message);
    await enqueueEmails(tx, email(transition.to, refunded));
    return { ok: true, status: transition.to, changed: true };
  });
}

/** A step's message in the conversation, once (its key). */
async function keepMessage(tx: DatabaseTransaction, requestId: number, author: { role: ThreadMessage['authorRole']; userId: number | null }, message: { body: string; idempotencyKey: string }) {
  const [row] = await tx
    .insert(threadMessages)
    .values({ threadKind: 'booking', threadId: requestId, authorRole: author.role, authorUserId: author.userId, body: message.body, idempotencyKey: message.idempotencyKey, payloadHash: currentSubmissionFingerprint() })
    .onConflictDoNothing({ target: threadMessages.idempotencyKey })
    .returning({ id: threadMessages.id });
  return row !== undefined;
}

/**
 * A cancellation that comes after another's: the traveller's adds nothing; the guide's (or
 * support's), on a booking cancelled while secured, keeps its reason in the conversation and
 * refunds everything still held (their rule), with its e-mails when something goes back.
 */
async function cancelledBefore(
  tx: DatabaseTransaction,
  request: typeof bookingRequests.$inferSelect,
  first: { fromStatus: RequestStatus | null; actorRole: RequestActor },
  actor: { role: RequestActor; userId: number | null },
  email: (status: RequestStatus, refunded: Money | null) => OutboxEmailInput[],
  message: { body: string; idempotencyKey: string } | undefined,
): Promise<StepOutcome> {
  const by = first.actorRole;
  if ((actor.role !== 'guide' && actor.role !== 'support') || first.fromStatus !== 'secured') return { ok: false, reason: 'alreadyCancelled', by, changed: false, refunded: null };
  const kept = message ? await keepMessage(tx, request.id, { role: actor.role, userId: actor.userId }, message) : false;
  const refund = await queueCancellationRefunds(tx, request, 'guide', new Date());
  const refunded = refund.currency && refund.paidMinor > 0 ? { amountMinor: refund.paidMinor, currency: refund.currency } : null;
  if (refunded) await enqueueEmails(tx, email('cancelled', refunded));
  return { ok: false, reason: 'alreadyCancelled', by, changed: kept || refunded !== null, refunded };
}

/** A trip's title and slug in every locale it has (the e-mails of a request's steps link to it in each reader's language). */
export async function getTripTranslations(tripId: number, db: Database = getDb()) {
  return db.select({ locale: tripTranslations.locale, slug: tripTranslations.slug, title: tripTranslations.title }).from(tripTranslations).where(eq(tripTranslations.tripId, tripId));
}

/** The row id of the booking request a support form names by its reference (support may act on any); null when none has it. */
export async function bookingRequestIdOf(reference: string, db: Database = getDb()): Promise<number | null> {
  const [row] = await db.select({ id: bookingRequests.id }).from(bookingRequests).where(eq(bookingRequests.reference, reference));
  return row?.id ?? null;
}
