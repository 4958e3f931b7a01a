import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRequestThread } from '@/lib/db/queries/account-requests';
import { endRequests, saveVerifiedReview, type EndingEmails, type ReviewedTrip } from '@/lib/db/queries/request-endings';
import { getTripPageData } from '@/lib/db/queries/trips';
import { bookingRequestEvents, bookingRequests, openGroups, outboxEmails, reviews, trips, tripTranslations } from '@/lib/db/schema';
import type { OutboxEmailInput } from '@/lib/mail/templates';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const mail = (dedupeKey: string, recipient: string): OutboxEmailInput => ({ dedupeKey, kind: 'test', recipient, locale: 'en', subject: 'Test', text: 'Test', html: '<p>Test</p>' });
const emails: EndingEmails = {
  expired: (request) => mail(`booking:${request.id}:expired`, request.traveller.email),
  reviewInvitation: (request) => mail(`booking:${request.id}:review-invitation`, request.traveller.email),
};
const guideMail = (review: ReviewedTrip) => mail(`review:${review.reviewId}:guide`, review.guide.email ?? 'support@example.com');
const today = '2031-07-01';
const now = new Date(`${today}T08:00:00Z`);

describe.each(testDatabaseServers())('the end of requests (expiry, review invitations, verified reviews), on the $name server', (server) => {
  let database: IsolatedDatabase;
  let trip: { id: number; currency: string };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const db = database.db;
    [trip] = (await db.select({ id: trips.id, currency: trips.currency }).from(trips).where(eq(trips.published, true)).orderBy(trips.id).limit(1)) as [typeof trip];
    const [group] = await db
      .insert(openGroups)
      .values({ tripId: trip.id, startsOn: '2031-06-20', durationDays: 5, totalSpots: 8, openSpots: 4, pricePerPersonMinor: 50000, currency: trip.currency })
      .returning({ id: openGroups.id });
    const request = (key: string, values: Partial<typeof bookingRequests.$inferInsert>) => ({
      idempotencyKey: `ending-${key}-0000000`,
      locale: 'fr' as const,
      tripId: trip.id,
      firstName: 'Inès',
      lastName: 'Martin',
      email: `${key}@example.com`,
      phone: '+33612345678',
      travellers: 2,
      days: 5,
      comment: 'Nous aimerions partir en juin.',
      currency: 'EUR',
      geo: 'FR',
      ...values,
    });
    const rows = {
      pastSent: request('pastsent', { startsOn: '2031-06-28', endsOn: '2031-06-30', status: 'sent' }),
      pastProposed: request('pastprop', { startsOn: '2031-08-01', endsOn: '2031-08-05', proposedStartsOn: '2031-06-25', proposedEndsOn: '2031-06-29', proposedTotalMinor: 100000, proposedCurrency: 'EUR', status: 'dates_proposed' }),
      future: request('future', { startsOn: '2031-07-02', endsOn: '2031-07-06', status: 'answered' }),
      undatedOld: request('undatedold', { status: 'sent', updatedAt: new Date('2031-03-01T00:00:00Z') }),
      undatedRecent: request('undatedrecent', { status: 'sent', updatedAt: new Date('2031-06-01T00:00:00Z') }),
      confirmedOver: request('confover', { startsOn: '2031-06-20', endsOn: '2031-06-24', status: 'confirmed' }),
      confirmedGroupOver: request('confgroup', { openGroupId: group!.id, status: 'confirmed' }),
      confirmedOngoing: request('confongoing', { startsOn: '2031-06-28', endsOn: '2031-07-03', status: 'confirmed' }),
      cancelledPast: request('cancelled', { startsOn: '2031-06-01', endsOn: '2031-06-03', status: 'cancelled' }),
    };
    for (const [name, values] of Object.entries(rows)) {
      const [row] = await db.insert(bookingRequests).values(values).returning({ id: bookingRequests.id });
      ids[name] = row!.id;
    }
    await db.insert(bookingRequestEvents).values({ requestId: ids.pastProposed!, fromStatus: 'sent', toStatus: 'dates_proposed', actorRole: 'guide' });
  });
  afterAll(async () => database?.close());

  it('expires open requests whose first day passed or that waited 90 days without a date, once, as the system', async () => {
    const first = await endRequests(emails, today, now, database.db);
    const again = await endRequests(emails, today, now, database.db);
    expect(first.expired).toBe(3);
    expect(again).toEqual({ expired: 0, invited: 0 });
    const rows = await database.db.select({ id: bookingRequests.id, status: bookingRequests.status }).from(bookingRequests).where(inArray(bookingRequests.id, Object.values(ids)));
    const status = (name: string) => rows.find((row) => row.id === ids[name])?.status;
    expect([status('pastSent'), status('pastProposed'), status('undatedOld')]).toEqual(['expired', 'expired', 'expired']);
    expect([status('future'), status('undatedRecent'), status('confirmedOver'), status('cancelledPast')]).toEqual(['answered', 'sent', 'confirmed', 'cancelled']);
    const events = await database.db.select().from(bookingRequestEvents).where(inArray(bookingRequestEvents.requestId, [ids.pastSent!, ids.pastProposed!]));
    expect(events.filter((event) => event.toStatus === 'expired').map((event) => [event.requestId, event.fromStatus, event.actorRole]).sort()).toEqual(
      [
        [ids.pastSent, 'sent', 'system'],
        [ids.pastProposed, 'dates_proposed', 'system'],
      ].sort(),
    );
    const mails = await database.db.select({ dedupeKey: outboxEmails.dedupeKey, recipient: outboxEmails.recipient }).from(outboxEmails).where(inArray(outboxEmails.recipient, ['pastsent@example.com', 'pastprop@example.com', 'undatedold@example.com']));
    expect(mails.map((row) => row.dedupeKey).sort()).toEqual([`booking:${ids.pastSent}:expired`, `booking:${ids.pastProposed}:expired`, `booking:${ids.undatedOld}:expired`].sort());
  });

  it('invites the traveller of a confirmed trip that is over to review it, once, and not before it ends', async () => {
    const invitations = await database.db.select().from(outboxEmails).where(inArray(outboxEmails.dedupeKey, [`booking:${ids.confirmedOver}:review-invitation`, `booking:${ids.confirmedGroupOver}:review-invitation`, `booking:${ids.confirmedOngoing}:review-invitation`]));
    // The first run of the test above already invited both travellers whose trip ended (the open group's ended on 24 June).
    expect(invitations.map((row) => row.recipient).sort()).toEqual(['confgroup@example.com', 'confover@example.com']);
    // Not reviewable before its end; the invitation (the scheduler saw the end) opens it.
    const ongoing = { requestId: ids.confirmedOngoing!, rating: 4, guideRating: 4, organisationRating: 4, valueRating: 4, comment: '', locale: 'fr' as const };
    expect(await saveVerifiedReview('confongoing@example.com', ongoing, today, guideMail, database.db)).toEqual({ ok: false, reason: 'wrongStatus' });
    const later = await endRequests(emails, '2031-07-04', new Date('2031-07-04T08:00:00Z'), database.db);
    expect(later.invited).toBe(1);
    expect(await saveVerifiedReview('confongoing@example.com', ongoing, today, guideMail, database.db)).toMatchObject({ ok: true, created: true });
  });

  it('stores one verified review per booking, only from its traveller and only once the trip is over', async () => {
    const input = { requestId: ids.confirmedOver!, rating: 5, guideRating: 5, organisationRating: 4, valueRating: 4, comment: 'Un guide attentif, des refuges superbes.', locale: 'fr' as const };
    expect(await saveVerifiedReview('someone-else@example.com', input, today, guideMail, database.db)).toEqual({ ok: false, reason: 'notAllowed' });
    expect(await saveVerifiedReview('future@example.com', { ...input, requestId: ids.future! }, today, guideMail, database.db)).toEqual({ ok: false, reason: 'wrongStatus' });
    expect(await saveVerifiedReview('ConfOver@Example.com', input, today, guideMail, database.db)).toMatchObject({ ok: true, tripId: trip.id, created: true });
    expect(await saveVerifiedReview('confover@example.com', { ...input, rating: 1 }, today, guideMail, database.db)).toEqual({ ok: false, reason: 'alreadyReviewed' });
    const stored = await database.db.select().from(reviews).where(eq(reviews.bookingRequestId, ids.confirmedOver!));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ verified: true, rating: 5, guideRating: 5, organisationRating: 4, valueRating: 4, firstName: 'Inès', countryCode: 'FR', tripDate: '2031-06-24', commentLanguage: 'fr' });
    // A review without a comment stores none (spec §8's text shows instead).
    expect(await saveVerifiedReview('confgroup@example.com', { ...input, requestId: ids.confirmedGroupOver!, comment: '' }, today, guideMail, database.db)).toMatchObject({ ok: true, created: true });
    const [group] = await database.db.select().from(reviews).where(eq(reviews.bookingRequestId, ids.confirmedGroupOver!));
    expect(group).toMatchObject({ comment: null, commentLanguage: null, tripDate: '2031-06-24' });
    // My trips and the trip page show it.
    const thread = await getRequestThread({ email: 'confover@example.com' }, 'booking', ids.confirmedOver!, 'fr', database.db);
    expect(thread?.kind === 'booking' && thread.review).toEqual({ rating: 5, comment: 'Un guide attentif, des refuges superbes.', photos: [] });
    const [slug] = await database.db.select({ slug: tripTranslations.slug }).from(tripTranslations).where(and(eq(tripTranslations.tripId, trip.id), eq(tripTranslations.locale, 'fr')));
    const page = await getTripPageData('fr', slug!.slug, database.db);
    expect(page?.reviews.find((review) => review.id === stored[0]!.id)).toMatchObject({ verified: true, rating: 5 });
  });
});
