import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { REPLY_PROMISE_HOURS, REPLY_REMINDER_HOURS } from '../../booking/cancellation';
import type { Locale } from '../../locales';
import { claimWithEmails, enqueueEmails } from '../../mail/outbox';
import type { OutboxEmailInput } from '../../mail/templates';
import { getDb } from '../client';
import type { Database, DatabaseTransaction } from '../database';
import { bookingRequests, guideQuestions, guides, trips } from '../schema';
import { tripTextsByTrip } from './trip-texts';
import { answeringGuide } from './answering-guide';

/** A booking request still waiting for its first answer, as the promise's e-mails need it. */
export type WaitingRequest = {
  id: number;
  reference: string;
  locale: Locale;
  traveller: { firstName: string; email: string };
  guide: { id: number; name: string; email: string | null; emailLocale: Locale };
  tripTitles: Partial<Record<Locale, string>>;
  countryCode: string;
  /** When the guide who has it now got it: sent, or reassigned by support. */
  since: Date;
};

// Waiting: still 'sent' and no answer in its conversation from the guide or support.
const waiting = sql`${bookingRequests.status} = 'sent' AND NOT EXISTS (
  SELECT 1 FROM thread_messages m WHERE m.thread_kind = 'booking' AND m.thread_id = ${bookingRequests.id} AND m.author_role <> 'traveller')`;
const since = sql`coalesce(${bookingRequests.assignedAt}, ${bookingRequests.createdAt})`;

async function loadWaiting(db: Database | DatabaseTransaction, ids: number[]): Promise<WaitingRequest[]> {
  if (ids.length === 0) return [];
  const guide = answeringGuide();
  const rows = await db
    .select({
      id: bookingRequests.id,
      reference: bookingRequests.reference,
      locale: bookingRequests.locale,
      firstName: bookingRequests.firstName,
      email: bookingRequests.email,
      tripId: trips.id,
      countryCode: trips.countryCode,
      since: sql<Date>`${since}`.mapWith((value: string | Date) => new Date(value)),
      ...guide.columns,
    })
    .from(bookingRequests)
    .innerJoin(trips, eq(trips.id, bookingRequests.tripId))
    .innerJoin(guides, eq(guides.id, trips.guideId))
    .leftJoin(guide.assigned, guide.onAssigned)
    .where(inArray(bookingRequests.id, ids));
  const textsOf = await tripTextsByTrip(db, rows.map((row) => row.tripId));
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    locale: row.locale,
    traveller: { firstName: row.firstName, email: row.email },
    guide: { id: row.guideId, name: row.guideName, email: row.guideEmail, emailLocale: row.guideEmailLocale },
    tripTitles: textsOf(row.tripId).titles,
    countryCode: row.countryCode,
    since: row.since,
  }));
}

export type PromiseEmails = {
  /** At 12 hours: the guide is reminded. */
  reminder: (request: WaitingRequest) => OutboxEmailInput;
  /** At 24 hours: support takes it over and the traveller is told what happens next. */
  escalation: (request: WaitingRequest) => OutboxEmailInput[];
};

/**
 * The 24-hour promise: requests still waiting for their guide's first answer get a
 * reminder to the guide at 12 hours and are escalated to support at 24 hours, the traveller being
 * told what happens next. Each request is claimed by one conditional UPDATE in the transaction that
 * stores its e-mails, so several instances running this at once send each e-mail once.
 */
export async function keepReplyPromise(emails: PromiseEmails, now: Date = new Date(), db: Database = getDb()): Promise<{ reminded: number; escalated: number }> {
  const hoursAgo = (hours: number) => sql`${since} <= ${new Date(now.getTime() - hours * 3_600_000)}`;
  const escalated = await claimWithEmails(
    db,
    (tx) =>
      tx
        .update(bookingRequests)
        .set({ escalatedAt: now, remindedAt: sql`coalesce(${bookingRequests.remindedAt}, ${now})` })
        .where(and(waiting, isNull(bookingRequests.escalatedAt), hoursAgo(REPLY_PROMISE_HOURS)))
        .returning({ id: bookingRequests.id }),
    loadWaiting,
    emails.escalation,
  );
  const reminded = await claimWithEmails(
    db,
    (tx) =>
      tx
        .update(bookingRequests)
        .set({ remindedAt: now })
        .where(and(waiting, isNull(bookingRequests.remindedAt), hoursAgo(REPLY_REMINDER_HOURS)))
        .returning({ id: bookingRequests.id }),
    loadWaiting,
    emails.reminder,
  );
  return { reminded, escalated };
}

/** Support's screen: requests past the 24-hour promise and still waiting, oldest first. */
export async function listOverdueRequests(now: Date = new Date(), db: Database = getDb()): Promise<WaitingRequest[]> {
  const rows = await db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(and(sql`${waiting}`, sql`(${bookingRequests.escalatedAt} IS NOT NULL OR ${since} <= ${new Date(now.getTime() - REPLY_PROMISE_HOURS * 3_600_000)})`))
    .orderBy(since)
    .limit(200);
  const requests = await loadWaiting(db, rows.map((row) => row.id));
  return requests.sort((a, b) => a.since.getTime() - b.since.getTime());
}

/** Guides who can take a request over: other guides with published trips in the same country. */
export async function reassignmentCandidates(request: Pick<WaitingRequest, 'countryCode' | 'guide'>, db: Pick<Database, 'selectDistinct'> = getDb()) {
  return db
    .selectDistinct({ id: guides.id, name: guides.name })
    .from(guides)
    .innerJoin(trips, and(eq(trips.guideId, guides.id), eq(trips.published, true)))
    .where(and(eq(trips.countryCode, request.countryCode), sql`${guides.id} <> ${request.guide.id}`))
    .orderBy(guides.name);
}

/**
 * Support hands a waiting request to another guide of the same trip area: the new guide's 24
 * hours start now (reminder and escalation again), with the e-mail that tells them.
 */
export async function reassignRequest(requestId: number, guideId: number, email: (request: WaitingRequest) => OutboxEmailInput, now: Date = new Date(), db: Database = getDb()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [request] = await loadWaiting(tx, [requestId]);
    if (!request) return false;
    const candidates = await reassignmentCandidates(request, tx);
    if (!candidates.some((candidate) => candidate.id === guideId)) return false;
    const [moved] = await tx
      .update(bookingRequests)
      .set({ assignedGuideId: guideId, assignedAt: now, remindedAt: null, escalatedAt: null, updatedAt: sql`now()` })
      .where(and(eq(bookingRequests.id, requestId), sql`${waiting}`))
      .returning({ id: bookingRequests.id });
    if (!moved) return false;
    const [reassigned] = await loadWaiting(tx, [requestId]);
    await enqueueEmails(tx, [email(reassigned!)]);
    return true;
  });
}

/** A question still waiting for its guide's first answer, as the promise's e-mails need it. */
export type WaitingQuestion = Omit<WaitingRequest, 'countryCode'>;

// Waiting: no answer in its conversation from the guide or support.
const questionWaiting = sql`NOT EXISTS (
  SELECT 1 FROM thread_messages m WHERE m.thread_kind = 'question' AND m.thread_id = ${guideQuestions.id} AND m.author_role <> 'traveller')`;

async function loadWaitingQuestions(db: Database | DatabaseTransaction, ids: number[]): Promise<WaitingQuestion[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: guideQuestions.id,
      reference: guideQuestions.reference,
      locale: guideQuestions.locale,
      firstName: guideQuestions.firstName,
      email: guideQuestions.email,
      tripId: guideQuestions.tripId,
      since: guideQuestions.createdAt,
      guideId: guides.id,
      guideName: guides.name,
      guideEmail: guides.email,
      guideEmailLocale: guides.emailLocale,
    })
    .from(guideQuestions)
    .innerJoin(guides, eq(guides.id, guideQuestions.guideId))
    .where(inArray(guideQuestions.id, ids));
  const textsOf = await tripTextsByTrip(db, rows.flatMap((row) => (row.tripId === null ? [] : [row.tripId])));
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    locale: row.locale,
    traveller: { firstName: row.firstName, email: row.email },
    guide: { id: row.guideId, name: row.guideName, email: row.guideEmail, emailLocale: row.guideEmailLocale },
    tripTitles: textsOf(row.tripId).titles,
    since: row.since,
  }));
}

export type QuestionPromiseEmails = {
  reminder: (question: WaitingQuestion) => OutboxEmailInput;
  escalation: (question: WaitingQuestion) => OutboxEmailInput[];
};

/**
 * The 24-hour promise for questions to a guide: the same reminder at 12 hours and
 * escalation to support at 24 as booking requests, each claimed by a conditional UPDATE with its
 * e-mails so that every e-mail is sent once.
 */
export async function keepQuestionPromise(emails: QuestionPromiseEmails, now: Date = new Date(), db: Database = getDb()): Promise<{ reminded: number; escalated: number }> {
  const hoursAgo = (hours: number) => sql`${guideQuestions.createdAt} <= ${new Date(now.getTime() - hours * 3_600_000)}`;
  const escalated = await claimWithEmails(
    db,
    (tx) =>
      tx
        .update(guideQuestions)
        .set({ escalatedAt: now, remindedAt: sql`coalesce(${guideQuestions.remindedAt}, ${now})` })
        .where(and(questionWaiting, isNull(guideQuestions.escalatedAt), hoursAgo(REPLY_PROMISE_HOURS)))
        .returning({ id: guideQuestions.id }),
    loadWaitingQuestions,
    emails.escalation,
  );
  const reminded = await claimWithEmails(
    db,
    (tx) =>
      tx
        .update(guideQuestions)
        .set({ remindedAt: now })
        .where(and(questionWaiting, isNull(guideQuestions.remindedAt), hoursAgo(REPLY_REMINDER_HOURS)))
        .returning({ id: guideQuestions.id }),
    loadWaitingQuestions,
    emails.reminder,
  );
  return { reminded, escalated };
}

/** Support's screen: questions past the 24-hour promise and still unanswered, oldest first. */
export async function listOverdueQuestions(now: Date = new Date(), db: Database = getDb()): Promise<(WaitingQuestion & { questions: string })[]> {
  const rows = await db
    .select({ id: guideQuestions.id, questions: guideQuestions.questions })
    .from(guideQuestions)
    .where(and(questionWaiting, sql`(${guideQuestions.escalatedAt} IS NOT NULL OR ${guideQuestions.createdAt} <= ${new Date(now.getTime() - REPLY_PROMISE_HOURS * 3_600_000)})`))
    .orderBy(guideQuestions.createdAt)
    .limit(200);
  const questions = await loadWaitingQuestions(db, rows.map((row) => row.id));
  const texts = new Map(rows.map((row) => [row.id, row.questions]));
  return questions.map((question) => ({ ...question, questions: texts.get(question.id) ?? '' })).sort((a, b) => a.since.getTime() - b.since.getTime());
}
