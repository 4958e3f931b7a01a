import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteReviews, saveVerifiedReview, type ReviewedTrip } from '@/lib/db/queries/request-endings';
import { hideReview, listGuideReviews, listReviewsForSupport, replyToReview, reviewForTranslation, storeReviewTranslation } from '@/lib/db/queries/reviews';
import { getGuidePageData } from '@/lib/db/queries/guides';
import { getTripPageData } from '@/lib/db/queries/trips';
import { bookingRequests, guides, outboxEmails, reviews, trips, tripTranslations, users } from '@/lib/db/schema';
import { refreshTripSearch } from '@/lib/search/search-index';
import type { OutboxEmailInput } from '@/lib/mail/templates';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const mail = (dedupeKey: string, recipient: string): OutboxEmailInput => ({ dedupeKey, kind: 'test', recipient, locale: 'en', subject: 'Test', text: 'Test', html: '<p>Test</p>' });
const guideMail = (review: ReviewedTrip) => mail(`review:${review.reviewId}:guide`, review.guide.email ?? 'support@example.com');
const invitation = { reviewInvitation: (request: { id: number; traveller: { email: string } }) => mail(`booking:${request.id}:review-invitation`, request.traveller.email) };
const today = '2031-07-01';
const stars = { rating: 5, guideRating: 5, organisationRating: 4, valueRating: 3 };

describe.each(testDatabaseServers())('trip reviews (once per booking, guide replies, hiding, translations), on the $name server', (server) => {
  let database: IsolatedDatabase;
  let trip: { id: number; guideId: number; currency: string };
  let slug: string;
  let guideSlug: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const db = database.db;
    [trip] = (await db.select({ id: trips.id, guideId: trips.guideId, currency: trips.currency }).from(trips).where(eq(trips.published, true)).orderBy(trips.id).limit(1)) as [typeof trip];
    [{ slug }] = (await db.select({ slug: tripTranslations.slug }).from(tripTranslations).where(and(eq(tripTranslations.tripId, trip.id), eq(tripTranslations.locale, 'fr')))) as [{ slug: string }];
    [{ slug: guideSlug }] = (await db.select({ slug: guides.slug }).from(guides).where(eq(guides.id, trip.guideId))) as [{ slug: string }];
    const request = (key: string, values: Partial<typeof bookingRequests.$inferInsert>) => ({
      idempotencyKey: `reviews-${key}-00000000`,
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
      twice: request('twice', { startsOn: '2031-06-20', endsOn: '2031-06-24', status: 'confirmed' }),
      secured: request('secured', { startsOn: '2031-06-10', endsOn: '2031-06-14', status: 'secured' }),
      answered: request('answered', { startsOn: '2031-06-10', endsOn: '2031-06-14', status: 'answered' }),
      cancelled: request('cancelled', { startsOn: '2031-06-10', endsOn: '2031-06-14', status: 'cancelled' }),
      clock: request('clock', { startsOn: '2031-07-20', endsOn: '2031-07-24', status: 'confirmed' }),
    };
    for (const [name, values] of Object.entries(rows)) {
      const [row] = await db.insert(bookingRequests).values(values).returning({ id: bookingRequests.id });
      ids[name] = row!.id;
    }
  });
  afterAll(async () => database?.close());

  it('stores one review when the same booking is reviewed from two tabs at once; the second is told it already was', async () => {
    const input = { requestId: ids.twice!, ...stars, comment: 'Un guide attentif.', locale: 'fr' as const };
    const outcomes = await Promise.all([
      saveVerifiedReview('twice@example.com', input, today, guideMail, database.db),
      saveVerifiedReview('twice@example.com', { ...input, rating: 1 }, today, guideMail, database.db),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'alreadyReviewed' }]);
    const stored = await database.db.select().from(reviews).where(eq(reviews.bookingRequestId, ids.twice!));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ verified: true, guideRating: 5, organisationRating: 4, valueRating: 3 });
    expect(stored[0]!.key).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    // The guide is told once, in the same transaction.
    const told = await database.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, `review:${stored[0]!.id}:guide`));
    expect(told).toHaveLength(1);
  });

  it('takes reviews of confirmed or secured bookings that are over only', async () => {
    const input = (name: string) => ({ requestId: ids[name]!, ...stars, comment: '', locale: 'fr' as const });
    expect(await saveVerifiedReview('secured@example.com', input('secured'), today, guideMail, database.db)).toMatchObject({ ok: true });
    expect(await saveVerifiedReview('answered@example.com', input('answered'), today, guideMail, database.db)).toEqual({ ok: false, reason: 'wrongStatus' });
    expect(await saveVerifiedReview('cancelled@example.com', input('cancelled'), today, guideMail, database.db)).toEqual({ ok: false, reason: 'wrongStatus' });
    expect(await saveVerifiedReview('clock@example.com', input('clock'), today, guideMail, database.db)).toEqual({ ok: false, reason: 'wrongStatus' });
    expect(await saveVerifiedReview('answered@example.com', input('secured'), today, guideMail, database.db)).toEqual({ ok: false, reason: 'notAllowed' });
  });

  it('invites one booking when the test clock passes its end, once; the invitation opens its review', async () => {
    expect(await inviteReviews(invitation, '2031-07-24', new Date('2031-07-24T09:00:00Z'), database.db, ids.clock)).toBe(0);
    expect(await inviteReviews(invitation, '2031-07-25', new Date('2031-07-25T09:00:00Z'), database.db, ids.clock)).toBe(1);
    expect(await inviteReviews(invitation, '2031-07-26', new Date('2031-07-26T09:00:00Z'), database.db, ids.clock)).toBe(0);
    const sent = await database.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, `booking:${ids.clock}:review-invitation`));
    expect(sent).toHaveLength(1);
    expect(await saveVerifiedReview('clock@example.com', { requestId: ids.clock!, ...stars, comment: 'Great days.', locale: 'en' }, today, guideMail, database.db)).toMatchObject({ ok: true });
  });

  it('lets the guide answer once, even from two tabs at once, and only on their own trips', async () => {
    const [review] = await database.db.select({ key: reviews.key }).from(reviews).where(eq(reviews.bookingRequestId, ids.twice!));
    const key = review!.key!;
    expect(await replyToReview(trip.guideId + 100_000, key, 'Not mine', database.db)).toEqual({ ok: false, reason: 'notFound' });
    const outcomes = await Promise.all([replyToReview(trip.guideId, key, 'Merci Inès !', database.db), replyToReview(trip.guideId, key, 'Merci beaucoup !', database.db)]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'alreadyReplied' }]);
    const listed = await listGuideReviews(trip.guideId, 'fr', 200, database.db);
    expect(listed.find((row) => row.key === key)?.guideReply).toMatch(/^Merci (Inès|beaucoup) !$/);
    const page = await getTripPageData('fr', slug, database.db);
    expect(page?.reviews.find((row) => row.key === key)).toMatchObject({ verified: true, guideReply: expect.stringMatching(/^Merci/) });
  });

  it('hides a review from the pages, the averages, the counts and the search, keeping the reason', async () => {
    const before = (await getTripPageData('fr', slug, database.db))!;
    const guideBefore = (await getGuidePageData(guideSlug, 'fr', database.db))!;
    const [review] = await database.db.select({ id: reviews.id, key: reviews.key, rating: reviews.rating }).from(reviews).where(eq(reviews.bookingRequestId, ids.secured!));
    const [support] = await database.db.insert(users).values({ email: 'support-reviews@example.com', role: 'support', locale: 'en' }).returning({ id: users.id });
    expect(await hideReview(review!.key!, 'Insults the guide', support!.id, database.db)).toEqual({ tripId: trip.id });
    expect(await hideReview(review!.key!, 'Again', support!.id, database.db)).toBeNull();
    const after = (await getTripPageData('fr', slug, database.db))!;
    const guideAfter = (await getGuidePageData(guideSlug, 'fr', database.db))!;
    expect(after.reviewCount).toBe(before.reviewCount - 1);
    expect(guideAfter.reviewCount).toBe(guideBefore.reviewCount - 1);
    expect(after.reviews.some((row) => row.id === review!.id)).toBe(false);
    const [{ average }] = (await database.db.execute<{ average: string }>(sql`SELECT avg(rating) AS average FROM reviews WHERE trip_id = ${trip.id} AND hidden_at IS NULL`)).rows as [{ average: string }];
    expect(after.averageRating).toBe(Math.round(Number(average) * 10) / 10);
    await refreshTripSearch(database.db);
    const [search] = (await database.db.execute<{ reviews: number }>(sql`SELECT reviews FROM trip_search WHERE id = ${trip.id}`)).rows;
    expect(search!.reviews).toBe(after.reviewCount);
    const [kept] = await database.db.select({ reason: reviews.hiddenReason, by: reviews.hiddenByUserId }).from(reviews).where(eq(reviews.id, review!.id));
    expect(kept).toEqual({ reason: 'Insults the guide', by: support!.id });
    expect((await listReviewsForSupport(500, database.db)).some((row) => row.key === review!.key)).toBe(false);
    expect(await replyToReview(trip.guideId, review!.key!, 'Too late', database.db)).toEqual({ ok: false, reason: 'notFound' });
  });

  it('counts the reviews in the reader language and keeps one translation per review and language', async () => {
    const page = (await getTripPageData('fr', slug, database.db))!;
    expect(page.reviewsInLanguage).toBe(page.reviews.filter((row) => row.commentLanguage === 'fr').length);
    const [english] = await database.db.select({ id: reviews.id, key: reviews.key }).from(reviews).where(eq(reviews.bookingRequestId, ids.clock!));
    expect(await reviewForTranslation(english!.key!, 'fr', database.db)).toMatchObject({ comment: 'Great days.', commentLanguage: 'en', translated: null, guideId: trip.guideId });
    await Promise.all([storeReviewTranslation(english!.id, 'fr', 'De belles journées.', 'EN', database.db), storeReviewTranslation(english!.id, 'fr', 'Autre texte', 'EN', database.db)]);
    expect(await reviewForTranslation(english!.key!, 'fr', database.db)).toMatchObject({ translated: expect.stringMatching(/^(De belles journées\.|Autre texte)$/) });
    const translated = (await getTripPageData('fr', slug, database.db))!.reviews.find((row) => row.id === english!.id);
    expect(translated?.translatedComment).toBeTruthy();
    expect((await getTripPageData('es', (await database.db.select({ slug: tripTranslations.slug }).from(tripTranslations).where(and(eq(tripTranslations.tripId, trip.id), eq(tripTranslations.locale, 'es'))))[0]!.slug, database.db))!.reviews.find((row) => row.id === english!.id)?.translatedComment).toBeNull();
  });
});
