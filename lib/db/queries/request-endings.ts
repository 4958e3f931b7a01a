import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { UNDATED_REQUEST_EXPIRY_DAYS } from '../../booking/request-dates';
import { isBookedStatus, isOpenStatus, nextStatus, requestStatuses, type RequestStatus } from '../../booking/request-lifecycle';
import type { Locale } from '../../locales';
import { claimWithEmails, enqueueEmails } from '../../mail/outbox';
import type { OutboxEmailInput } from '../../mail/templates';
import { getDb } from '../client';
import type { Database, DatabaseTransaction } from '../database';
import { bookingRequestEvents, bookingRequests, guides, reviewPhotos, reviews, trips } from '../schema';
import type { NewPhoto } from '../trip-photo-rows';
import { tripTextsByTrip } from './trip-texts';

/** A booking request at its end (expired, or confirmed and over), as the traveller's e-mail needs it. */
export type EndedRequest = {
  id: number;
  reference: string;
  tripId: number;
  locale: Locale;
  traveller: { firstName: string; email: string };
  guideName: string;
  tripTitles: Partial<Record<Locale, string>>;
  tripSlugs: Partial<Record<Locale, string>>;
};

// The same dates as lib/booking/request-dates.ts (departureOf, lastDayOf), in SQL: the proposal's, the asked-for ones, the open group's.
const departure = sql`coalesce(${bookingRequests.proposedStartsOn}, ${bookingRequests.startsOn},
  (SELECT g.starts_on FROM open_groups g WHERE g.id = ${bookingRequests.openGroupId}))`;
const lastDay = sql`coalesce(${bookingRequests.proposedEndsOn}, ${bookingRequests.endsOn},
  (SELECT g.starts_on + g.duration_days - 1 FROM open_groups g WHERE g.id = ${bookingRequests.openGroupId}))`;
const openStatuses = requestStatuses.filter(isOpenStatus);

async function loadEnded(db: Database | DatabaseTransaction, ids: number[]): Promise<EndedRequest[]> {
  if (ids.length === 0) return [];
  const assigned = alias(guides, 'assigned');
  const rows = await db
    .select({
      id: bookingRequests.id,
      reference: bookingRequests.reference,
      tripId: bookingRequests.tripId,
      locale: bookingRequests.locale,
      firstName: bookingRequests.firstName,
      email: bookingRequests.email,
      guideName: sql<string>`coalesce(${assigned.name}, ${guides.name})`,
    })
    .from(bookingRequests)
    .innerJoin(trips, eq(trips.id, bookingRequests.tripId))
    .innerJoin(guides, eq(guides.id, trips.guideId))
    .leftJoin(assigned, eq(assigned.id, bookingRequests.assignedGuideId))
    .where(inArray(bookingRequests.id, ids));
  const textsOf = await tripTextsByTrip(db, rows.map((row) => row.tripId));
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    tripId: row.tripId,
    locale: row.locale,
    traveller: { firstName: row.firstName, email: row.email },
    guideName: row.guideName,
    tripTitles: textsOf(row.tripId).titles,
    tripSlugs: textsOf(row.tripId).slugs,
  }));
}

export type EndingEmails = {
  /** A request that can no longer happen: the traveller is told it expired. */
  expired: (request: EndedRequest) => OutboxEmailInput;
  /** A confirmed trip that is over: the traveller is invited to review it. */
  reviewInvitation: (request: EndedRequest) => OutboxEmailInput;
};

/**
 * The system's end of requests. A request still open (sent, answered, dates proposed,
 * accepted) whose first day has passed, or with no date and untouched for 90 days, expires (the
 * lifecycle's 'expire', recorded as the system's); a confirmed booking whose last day has passed
 * invites its traveller to review the trip, once. Each request is claimed by a conditional UPDATE in
 * the transaction that stores its e-mail, so several instances send each e-mail once.
 */
export async function endRequests(emails: EndingEmails, today: string, now: Date = new Date(), db: Database = getDb()): Promise<{ expired: number; invited: number }> {
  const expired = await expireRequests(emails, today, now, db);
  const invited = await inviteReviews(emails, today, now, db);
  return { expired, invited };
}

async function expireRequests(emails: EndingEmails, today: string, now: Date, db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const undatedBefore = new Date(now.getTime() - UNDATED_REQUEST_EXPIRY_DAYS * 86_400_000);
    // Claimed with the status each left (locked, so a guide's step at the same moment waits or is skipped).
    const { rows: claimed } = await tx.execute<{ id: number; from_status: RequestStatus }>(sql`
      WITH due AS (
        SELECT ${bookingRequests.id} AS id, ${bookingRequests.status} AS status FROM ${bookingRequests}
        WHERE ${inArray(bookingRequests.status, openStatuses)}
          AND (${departure} < ${today} OR (${departure} IS NULL AND ${bookingRequests.updatedAt} < ${undatedBefore}))
        FOR UPDATE SKIP LOCKED
      )
      UPDATE ${bookingRequests} SET status = 'expired', updated_at = now() FROM due
      WHERE ${bookingRequests.id} = due.id
      RETURNING due.id AS id, due.status AS from_status`);
    if (claimed.length === 0) return 0;
    await tx.insert(bookingRequestEvents).values(
      claimed.map((row) => {
        // The lifecycle's own rule: the system expires open requests only (the query chose those).
        const transition = nextStatus(row.from_status, 'expire', 'system');
        if (!transition.ok) throw new Error(`request ${row.id} cannot expire from ${row.from_status}`);
        return { requestId: row.id, fromStatus: transition.from, toStatus: transition.to, actorRole: 'system' as const, actorUserId: null };
      }),
    );
    const requests = await loadEnded(tx, claimed.map((row) => row.id));
    await enqueueEmails(tx, requests.map(emails.expired));
    return requests.length;
  });
}

/**
 * Invites the travellers of confirmed bookings whose last day has passed (`today` is the day
 * after it or later) to review, once per booking; `onlyRequestId` limits it to one booking (the
 * test clock). The claim records the invitation: from then the booking may be reviewed.
 */
export async function inviteReviews(emails: Pick<EndingEmails, 'reviewInvitation'>, today: string, now: Date = new Date(), db: Database = getDb(), onlyRequestId?: number): Promise<number> {
  return claimWithEmails(
    db,
    (tx) =>
      tx
        .update(bookingRequests)
        .set({ reviewInvitedAt: now })
        .where(
          and(
            inArray(bookingRequests.status, ['confirmed', 'secured']),
            isNull(bookingRequests.reviewInvitedAt),
            sql`${lastDay} < ${today}`,
            sql`NOT EXISTS (SELECT 1 FROM reviews r WHERE r.booking_request_id = ${bookingRequests.id})`,
            onlyRequestId === undefined ? undefined : eq(bookingRequests.id, onlyRequestId),
          ),
        )
        .returning({ id: bookingRequests.id }),
    loadEnded,
    emails.reviewInvitation,
  );
}

export type VerifiedReviewOutcome =
  | { ok: true; tripId: number; reviewId: number; created: true }
  | { ok: false; reason: 'notAllowed' | 'wrongStatus' | 'alreadyReviewed' };

/** The ratings and text a traveller gives a trip: overall and per aspect, 1 to 5 each. */
export type ReviewInput = { requestId: number; rating: number; guideRating: number; organisationRating: number; valueRating: number; comment: string; locale: Locale; photos?: readonly ReviewPhotoInput[] };

/** A photo of the review, its derivatives already stored (lib/media/uploads.ts `storeThenSave`), with its alt text. */
export type ReviewPhotoInput = NewPhoto & { alt: string };

/** What the guide's e-mail about a new review needs. */
export type ReviewedTrip = {
  reviewId: number;
  guide: { name: string; email: string | null; emailLocale: Locale };
  travellerFirstName: string;
  tripTitles: Partial<Record<Locale, string>>;
  rating: number;
  comment: string | null;
};

/**
 * A traveller's review of their confirmed booking once the trip is over (its last day has passed,
 * or the review invitation was sent: the day after the trip's end as the scheduler saw it): stored
 * once per booking (the unique booking_request_id decides between two tabs), marked verified, and
 * the guide's e-mail stored in the same transaction.
 */
export async function saveVerifiedReview(
  travellerEmail: string,
  input: ReviewInput,
  today: string,
  guideEmail: (review: ReviewedTrip) => OutboxEmailInput,
  db: Database = getDb(),
): Promise<VerifiedReviewOutcome> {
  return db.transaction(async (tx) => {
    const assigned = alias(guides, 'assigned');
    const [request] = await tx
      .select({
        id: bookingRequests.id,
        tripId: bookingRequests.tripId,
        status: bookingRequests.status,
        firstName: bookingRequests.firstName,
        geo: bookingRequests.geo,
        reviewInvitedAt: bookingRequests.reviewInvitedAt,
        lastDay: sql<string | null>`${lastDay}::text`,
        guide: { name: sql<string>`coalesce(${assigned.name}, ${guides.name})`, email: sql<string | null>`coalesce(${assigned.email}, ${guides.email})`, emailLocale: sql<Locale>`coalesce(${assigned.emailLocale}, ${guides.emailLocale})` },
      })
      .from(bookingRequests)
      .innerJoin(trips, eq(trips.id, bookingRequests.tripId))
      .innerJoin(guides, eq(guides.id, trips.guideId))
      .leftJoin(assigned, eq(assigned.id, bookingRequests.assignedGuideId))
      .where(and(eq(bookingRequests.id, input.requestId), sql`lower(${bookingRequests.email}) = ${travellerEmail.toLowerCase()}`));
    if (!request) return { ok: false, reason: 'notAllowed' };
    const ended = request.lastDay !== null && (request.lastDay < today || request.reviewInvitedAt !== null);
    if (!isBookedStatus(request.status) || !ended) return { ok: false, reason: 'wrongStatus' };
    const comment = input.comment || null;
    const [row] = await tx
      .insert(reviews)
      .values({
        key: sql`opaque_reference()`,
        tripId: request.tripId,
        bookingRequestId: request.id,
        verified: true,
        rating: input.rating,
        guideRating: input.guideRating,
        organisationRating: input.organisationRating,
        valueRating: input.valueRating,
        comment,
        commentLanguage: comment ? input.locale : null,
        firstName: request.firstName,
        // The visitor's country when the request was sent; ZZ (unknown region) without it.
        countryCode: request.geo && /^[A-Z]{2}$/.test(request.geo) ? request.geo : 'ZZ',
        tripDate: request.lastDay!,
      })
      .onConflictDoNothing({ target: reviews.bookingRequestId })
      .returning({ id: reviews.id });
    if (!row) return { ok: false, reason: 'alreadyReviewed' };
    if (input.photos?.length) await tx.insert(reviewPhotos).values(input.photos.map((photo, index) => ({ ...photo, alt: photo.alt.trim(), reviewId: row.id, position: index + 1 })));
    await tx.update(trips).set({ updatedAt: sql`now()` }).where(eq(trips.id, request.tripId));
    const texts = await tripTextsByTrip(tx, [request.tripId]);
    await enqueueEmails(tx, [
      guideEmail({ reviewId: row.id, guide: request.guide, travellerFirstName: request.firstName, tripTitles: texts(request.tripId).titles, rating: input.rating, comment }),
    ]);
    return { ok: true, tripId: request.tripId, reviewId: row.id, created: true };
  });
}
