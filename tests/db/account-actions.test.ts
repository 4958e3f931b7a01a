import { and, eq, sql } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatReference } from '@/lib/booking/reference';
import type { SessionUser } from '@/lib/db/queries/accounts';
import type { Database } from '@/lib/db/database';
import { bookingRequests, guideQuestions, guides, openGroups, outboxEmails, priceEntries, reviews, threadMessages, trips, unavailableRanges, users } from '@/lib/db/schema';
import { listRequestThreads } from '@/lib/db/queries/account-requests';
import { listBookingPayments } from '@/lib/db/queries/payments';
import { bookingTerms } from '@/lib/booking/terms';
import { formatMoney } from '@/lib/money/format';
import en from '@/messages/en.json';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';
import { post } from '../support/form-post';

/**
 * Every account action tried with another side's ids, through the real Server Actions
 * (validatedAction, the session's user, the scoped queries): each answers 'not in your account' and
 * changes nothing, while the same action on the person's own ids goes through.
 */

const state = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env.RATE_LIMIT_PER_IP = '10000';
  process.env.RATE_LIMIT_PER_EMAIL = '10000';
  process.env.RATE_LIMIT_PER_CLIENT_DOMAIN = '1000000';
  return { db: null as unknown as Database, user: null as SessionUser | null, ip: 0 };
});
vi.mock('@/lib/db/client', () => ({ getDb: () => state.db }));
vi.mock('@/lib/server/session', () => ({ getSignedInUser: async () => state.user, sessionToken: async () => null, setSessionCookie: async () => {}, clearSessionCookie: async () => {} }));
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin', 'x-cordee-socket-address': `10.0.0.${(state.ip = (state.ip + 1) % 250)}` }),
  cookies: async () => ({ get: () => undefined, set: () => {} }),
}));
vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), updateTag: vi.fn(), unstable_cache: <T>(fn: T) => fn }));
vi.mock('@/lib/mail/worker', () => ({ kickOutbox: vi.fn(), logJsonLine: vi.fn() }));
vi.mock('@sentry/nextjs', () => ({ captureException: vi.fn() }));
vi.mock('next-intl/server', async () => {
  const messages = { en: (await import('@/messages/en.json')).default, fr: (await import('@/messages/fr.json')).default, es: (await import('@/messages/es.json')).default };
  return { getTranslations: async ({ locale, namespace }: { locale: 'en' | 'fr' | 'es'; namespace: string }) => createTranslator({ locale, messages: messages[locale], namespace: namespace as never }) };
});

const actions = await import('@/app/[locale]/account/actions');
const tripActions = await import('@/app/[locale]/account/trip-actions');

const NOT_YOURS = en.Forms.errors.requestNotFound;
let keys = 0;
const form = (values: Record<string, unknown>) => ({ idempotencyKey: `authz-key-${String(++keys).padStart(8, '0')}`, locale: 'en', fillMs: 5000, website: '', ...values });
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(testDatabaseServers())('account actions with another side\'s ids, on the $name server', (server) => {
  let database: IsolatedDatabase;
  let guideA: SessionUser;
  let guideB: SessionUser;
  let lucia: SessionUser;
  let other: SessionUser;
  let support: SessionUser;
  let tripOfA: number;
  let tripOfB: number;
  let requestOfB: number;
  let proposedOfB: number;
  let acceptedOfB: number;
  let endedOfB: number;
  let questionOfB: number;

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    state.db = database.db;
    const db = database.db;
    const [a, b] = await db.select({ id: guides.id }).from(guides).orderBy(guides.id).limit(2);
    await db.update(guides).set({ email: 'authz-a@example.com' }).where(eq(guides.id, a!.id));
    await db.update(guides).set({ email: 'authz-b@example.com' }).where(eq(guides.id, b!.id));
    tripOfA = (await db.select({ id: trips.id }).from(trips).where(eq(trips.guideId, a!.id)).limit(1))[0]!.id;
    tripOfB = (await db.select({ id: trips.id }).from(trips).where(eq(trips.guideId, b!.id)).limit(1))[0]!.id;
    // B's trip runs all year with room to spare: the dates below are about who may act, not availability.
    await db.update(trips).set({ seasons: [], monthlyCapacity: 31 }).where(eq(trips.id, tripOfB));
    await db.delete(unavailableRanges).where(eq(unavailableRanges.tripId, tripOfB));
    const person = async (email: string, role: SessionUser['role'], guideId: number | null): Promise<SessionUser> => {
      const [row] = await db.insert(users).values({ email, role, guideId, locale: 'en' }).returning();
      return { id: row!.id, email, role, guideId, locale: 'en' };
    };
    guideA = await person('authz-a@example.com', 'guide', a!.id);
    guideB = await person('authz-b@example.com', 'guide', b!.id);
    lucia = await person('lucia-authz@example.com', 'traveller', null);
    other = await person('other-authz@example.com', 'traveller', null);
    support = await person('support-authz@example.com', 'support', null);
    const request = (key: string, values: Partial<typeof bookingRequests.$inferInsert>) => ({
      idempotencyKey: `authz-req-${key}`,
      locale: 'en' as const,
      tripId: tripOfB,
      firstName: 'Other',
      lastName: 'Traveller',
      email: other.email,
      phone: '+34612345678',
      travellers: 2,
      days: 5,
      startsOn: later(60),
      endsOn: later(65),
      comment: 'Could we add a rest day?',
      currency: 'EUR',
      ...values,
    });
    const proposal = { proposedStartsOn: later(61), proposedEndsOn: later(66), proposedTotalMinor: 180000, proposedCurrency: 'EUR' };
    [{ id: requestOfB }] = (await db.insert(bookingRequests).values(request('sent-000001', {})).returning({ id: bookingRequests.id })) as [{ id: number }];
    [{ id: proposedOfB }] = (await db.insert(bookingRequests).values(request('prop-000001', { status: 'dates_proposed', ...proposal })).returning({ id: bookingRequests.id })) as [{ id: number }];
    [{ id: acceptedOfB }] = (await db.insert(bookingRequests).values(request('acc-0000001', { status: 'accepted', ...proposal })).returning({ id: bookingRequests.id })) as [{ id: number }];
    [{ id: endedOfB }] = (await db.insert(bookingRequests).values(request('end-0000001', { status: 'confirmed', startsOn: '2025-06-01', endsOn: '2025-06-05' })).returning({ id: bookingRequests.id })) as [{ id: number }];
    [{ id: questionOfB }] = (await db
      .insert(guideQuestions)
      .values({ idempotencyKey: 'authz-q-00000001', locale: 'en', guideId: b!.id, tripId: tripOfB, firstName: 'Other', lastName: 'Traveller', email: other.email, questions: 'Do we need glacier experience?' })
      .returning({ id: guideQuestions.id })) as [{ id: number }];
  });
  afterAll(async () => database?.close());
  beforeEach(() => {
    state.user = null;
  });

  const as = (user: SessionUser | null) => (state.user = user);
  /** What the account pages post for a request or question: its opaque reference, never its row id. */
  const referenceOf = async (id: number, table: typeof bookingRequests | typeof guideQuestions = bookingRequests) =>
    (await database.db.select({ reference: table.reference }).from(table).where(eq(table.id, id)))[0]!.reference;
  const statusOf = async (id: number) => (await database.db.select({ status: bookingRequests.status }).from(bookingRequests).where(eq(bookingRequests.id, id)))[0]?.status;
  const messagesOf = async (kind: 'booking' | 'question', id: number) => database.db.select().from(threadMessages).where(and(eq(threadMessages.threadKind, kind), eq(threadMessages.threadId, id)));

  it('refuses every action to a signed-out visitor', async () => {
    as(null);
    const result = await post(actions.replyToThread, form({ threadKind: 'question', reference: await referenceOf(questionOfB, guideQuestions), message: 'Hello' }));
    expect(result).toMatchObject({ status: 'refused', formError: en.Forms.errors.checkData, fieldErrors: { form: en.Forms.errors.signedOut } });
  });

  it('replies: another guide and another traveller are refused; the thread\'s own guide and traveller write', async () => {
    for (const [user, threadKind, threadId] of [
      [guideA, 'booking', requestOfB],
      [guideA, 'question', questionOfB],
      [lucia, 'booking', requestOfB],
      [lucia, 'question', questionOfB],
      [support, 'question', questionOfB],
    ] as const) {
      as(user);
      expect(await post(actions.replyToThread, form({ threadKind, reference: await referenceOf(threadId, threadKind === 'question' ? guideQuestions : bookingRequests), message: 'Not mine to answer' })), `${user.email} on ${threadKind} ${threadId}`).toMatchObject({ status: 'refused', fieldErrors: { form: NOT_YOURS } });
    }
    expect(await messagesOf('booking', requestOfB)).toHaveLength(0);
    expect(await messagesOf('question', questionOfB)).toHaveLength(0);
    as(guideB);
    expect(await post(actions.replyToThread, form({ threadKind: 'question', reference: await referenceOf(questionOfB, guideQuestions), message: 'No glacier experience needed.' }))).toMatchObject({ status: 'sent' });
    as(other);
    expect(await post(actions.replyToThread, form({ threadKind: 'question', reference: await referenceOf(questionOfB, guideQuestions), message: 'Thank you!' }))).toMatchObject({ status: 'sent' });
    expect((await messagesOf('question', questionOfB)).map((message) => message.authorRole)).toEqual(['guide', 'traveller']);
  });

  it('proposals, acceptance, confirmation and cancellation: only the request\'s own side', async () => {
    as(guideA);
    expect(await post(actions.proposeDates, form({ reference: await referenceOf(requestOfB), dates: { start: later(70), end: later(72) }, total: 1, message: '' }))).toMatchObject({ status: 'refused', fieldErrors: { form: NOT_YOURS } });
    expect(await post(actions.confirmBooking, form({ reference: await referenceOf(acceptedOfB) }))).toMatchObject({ status: 'refused', fieldErrors: { form: NOT_YOURS } });
    expect(await post(actions.cancelBookingRequest, form({ reference: await referenceOf(requestOfB) }))).toMatchObject({ status: 'refused', fieldErrors: { form: NOT_YOURS } });
    as(lucia);
    expect(await post(actions.acceptProposal, form({ reference: await referenceOf(proposedOfB) }))).toMatchObject({ status: 'refused', fieldErrors: { form: NOT_YOURS } });
    expect(await post(actions.cancelBookingRequest, form({ reference: await referenceOf(requestOfB) }))).toMatchObject({ status: 'refused', fieldErrors: { form: NOT_YOURS } });
    // A traveller cannot act as the guide on their own request either.
    as(other);
    expect(await post(actions.confirmBooking, form({ reference: await referenceOf(acceptedOfB) }))).toMatchObject({ status: 'refused', fieldErrors: { form: NOT_YOURS } });
    expect([await statusOf(requestOfB), await statusOf(proposedOfB), await statusOf(acceptedOfB)]).toEqual(['sent', 'dates_proposed', 'accepted']);
    const [unchanged] = await database.db.select({ total: bookingRequests.proposedTotalMinor }).from(bookingRequests).where(eq(bookingRequests.id, requestOfB));
    expect(unchanged?.total).toBeNull();
    // Their own side goes through.
    expect(await post(actions.acceptProposal, form({ reference: await referenceOf(proposedOfB) }))).toMatchObject({ status: 'sent' });
    as(guideB);
    expect(await post(actions.confirmBooking, form({ reference: await referenceOf(acceptedOfB) }))).toMatchObject({ status: 'sent' });
    expect([await statusOf(proposedOfB), await statusOf(acceptedOfB)]).toEqual(['accepted', 'confirmed']);
  });

  it('from the accepted proposal on, its dates and price are the booking\'s terms: card, e-mails to both sides, payments', async () => {
    const db = database.db;
    const [trip] = await db.select({ currency: trips.currency }).from(trips).where(eq(trips.id, tripOfB));
    const currency = trip!.currency;
    // Asked: 60–65 days ahead, 7,269 in the traveller's EUR; the guide proposes 62–71 days ahead for 6,900 in the trip's currency.
    const [row] = await db
      .insert(bookingRequests)
      .values({ idempotencyKey: 'authz-req-terms-01', locale: 'fr', tripId: tripOfB, firstName: 'Other', lastName: 'Traveller', email: other.email, phone: '+34612345678', travellers: 2, days: 6, startsOn: later(60), endsOn: later(65), comment: '', currency: 'EUR', totalMinor: 726900, depositMinor: 218070, remainderMinor: 508830 })
      .returning({ id: bookingRequests.id });
    const id = row!.id;
    const reference = await referenceOf(id);
    as(guideB);
    expect(await post(actions.proposeDates, form({ reference, dates: { start: later(62), end: later(71) }, total: 6900, message: '' }))).toMatchObject({ status: 'sent' });
    as(other);
    expect(await post(actions.acceptProposal, form({ reference }))).toMatchObject({ status: 'sent' });
    as(guideB);
    expect(await post(actions.confirmBooking, form({ reference }))).toMatchObject({ status: 'sent' });

    const agreed = { amountMinor: 690000, currency };
    const [thread] = await listRequestThreads({ email: other.email }, 'fr', db, { kind: 'booking', id });
    expect(thread?.kind === 'booking' && bookingTerms(thread)).toEqual({
      startsOn: later(62), endsOn: later(71), days: 10, total: agreed, agreed: true,
      asked: { startsOn: later(60), endsOn: later(65), days: 6, total: { amountMinor: 726900, currency: 'EUR' } },
    });
    // The guide's "accepted" and the traveller's "confirmed" e-mails state the agreed price and days, never the asked ones.
    const mails = await db.select().from(outboxEmails).where(sql`${outboxEmails.dedupeKey} in (${`booking:${id}:accepted`}, ${`booking:${id}:confirmed`})`);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual([guideB.email, other.email].sort());
    for (const mail of mails) {
      expect(mail.text, mail.dedupeKey).toContain(formatMoney(agreed, mail.locale));
      expect(mail.text, mail.dedupeKey).toContain(new Intl.DateTimeFormat(mail.locale, { dateStyle: 'long', timeZone: 'UTC' }).formatRange(new Date(later(62)), new Date(later(71))));
      expect(mail.text, mail.dedupeKey).not.toContain(formatMoney({ amountMinor: 726900, currency: 'EUR' }, mail.locale));
    }
    // Without Stripe keys the confirmation states the guide's instructions with the agreed amounts.
    const confirmed = mails.find((mail) => mail.dedupeKey.endsWith(':confirmed'))!;
    expect(confirmed.text).toContain(formatMoney({ amountMinor: 207000, currency }, 'fr'));
    // The payments are computed from the agreed price only.
    expect((await listBookingPayments([id], db)).get(id)?.split?.total).toEqual(agreed);
  });

  it('reassignment is support\'s alone', async () => {
    for (const user of [guideA, guideB, other]) {
      as(user);
      expect(await post(actions.reassignBookingRequest, form({ reference: await referenceOf(requestOfB), guideId: guideA.guideId }))).toMatchObject({ status: 'refused', fieldErrors: { form: NOT_YOURS } });
    }
    const [row] = await database.db.select({ assigned: bookingRequests.assignedGuideId }).from(bookingRequests).where(eq(bookingRequests.id, requestOfB));
    expect(row?.assigned).toBeNull();
    // Support names a request by its reference too: a row id is refused as bad data, a reference nobody has as a changed request.
    as(support);
    expect(await post(actions.reassignBookingRequest, form({ requestId: requestOfB, guideId: guideA.guideId }))).toMatchObject({ status: 'refused', fieldErrors: { reference: en.Forms.errors.checkData } });
    expect(await post(actions.reassignBookingRequest, form({ reference: 'ZZZZ-ZZZZ', guideId: guideA.guideId }))).toMatchObject({ status: 'refused', fieldErrors: { form: en.Forms.errors.requestStatusChanged } });
    expect(await post(actions.refundCancellation, form({ reference: 'ZZZZ-ZZZZ', amount: 10 }))).toMatchObject({ status: 'refused', fieldErrors: { form: en.Forms.errors.requestStatusChanged } });
  });

  it('reviews: only the traveller of the booking', async () => {
    // A review rates the trip overall and by aspect (guide, organisation, value).
    const aspects = { guideRating: '5', organisationRating: '4', valueRating: '4' };
    for (const user of [lucia, guideB]) {
      as(user);
      expect(await post(actions.reviewTrip, form({ reference: await referenceOf(endedOfB), ...aspects, rating: 5, comment: 'Great' }))).toMatchObject({ status: 'refused', fieldErrors: { form: NOT_YOURS } });
    }
    expect(await database.db.select().from(reviews).where(eq(reviews.bookingRequestId, endedOfB))).toHaveLength(0);
    as(other);
    // A trip that has begun is no longer cancelled from My trips, even by its traveller.
    expect(await post(actions.cancelBookingRequest, form({ reference: await referenceOf(endedOfB) }))).toMatchObject({ status: 'refused', fieldErrors: { form: en.Forms.errors.requestStatusChanged } });
    expect(await statusOf(endedOfB)).toBe('confirmed');
    // The trip is over: its conversation is closed to its traveller, the review takes its place.
    expect(await post(actions.replyToThread, form({ threadKind: 'booking', reference: await referenceOf(endedOfB), message: 'One more thing' }))).toMatchObject({ status: 'refused', fieldErrors: { form: en.Forms.errors.requestStatusChanged } });
    expect(await messagesOf('booking', endedOfB)).toHaveLength(0);
    // A row id is refused with the localized "check data", never a 500; the answer names the request by its reference.
    expect(await post(actions.reviewTrip, form({ requestId: endedOfB, ...aspects, rating: '4', comment: 'A fine week.' }))).toMatchObject({ status: 'refused', fieldErrors: { reference: en.Forms.errors.checkData } });
    expect(await post(actions.reviewTrip, form({ reference: String(endedOfB), ...aspects, rating: '4', comment: 'A fine week.' }))).toMatchObject({ status: 'refused', fieldErrors: { reference: en.Forms.errors.checkData } });
    // A photo needs its alt text, and must be a photo: refused in the form's language, under its slot, nothing stored.
    const notAPhoto = new File([new TextEncoder().encode('%PDF-1.7 not a photo')], 'trip.jpg', { type: 'image/jpeg' });
    expect(await post(actions.reviewTrip, form({ reference: await referenceOf(endedOfB), ...aspects, rating: '4', comment: 'A fine week.', photos: { 1: { file: notAPhoto, alt: ' ' } } }))).toMatchObject({
      status: 'refused',
      fieldErrors: { 'photos.1.alt': en.Forms.errors.reviewPhotoAltRequired },
      values: { comment: 'A fine week.', 'photos.1.alt': ' ' },
    });
    expect(await post(actions.reviewTrip, form({ reference: await referenceOf(endedOfB), ...aspects, rating: '4', comment: 'A fine week.', photos: { 1: { file: notAPhoto, alt: 'The lake' } } }))).toMatchObject({
      status: 'refused',
      fieldErrors: { 'photos.1.file': en.Forms.errors.reviewPhotoType },
    });
    expect(await database.db.select().from(reviews).where(eq(reviews.bookingRequestId, endedOfB))).toHaveLength(0);
    expect(await post(actions.reviewTrip, form({ reference: await referenceOf(endedOfB), ...aspects, rating: '4', comment: 'A fine week.' }))).toMatchObject({ status: 'sent', result: { ok: true, reference: formatReference(await referenceOf(endedOfB)) } });
    expect(await database.db.select({ rating: reviews.rating, verified: reviews.verified }).from(reviews).where(eq(reviews.bookingRequestId, endedOfB))).toEqual([{ rating: 4, verified: true }]);
  });

  it('a guide edits only their own trips: prices, open groups, seasons and unavailable days', async () => {
    const before = {
      prices: await database.db.select().from(priceEntries).where(eq(priceEntries.tripId, tripOfB)),
      groups: await database.db.select().from(openGroups).where(eq(openGroups.tripId, tripOfB)),
      trip: (await database.db.select({ seasons: trips.seasons }).from(trips).where(eq(trips.id, tripOfB)))[0],
      ranges: await database.db.select().from(unavailableRanges).where(eq(unavailableRanges.tripId, tripOfB)),
    };
    for (const user of [guideA, other, support]) {
      as(user);
      const results = [
        await post(tripActions.saveTripPrices, form({ tripId: tripOfB, entries: [{ people: 1, price: 1 }] })),
        await post(tripActions.saveTripOpenGroups, form({ tripId: tripOfB, groups: [] })),
        await post(tripActions.saveTripSeasons, form({ tripId: tripOfB, seasons: [{ from: '01-01', to: '01-02' }] })),
        await post(tripActions.saveTripUnavailableRanges, form({ tripId: tripOfB, ranges: [{ startsOn: later(10), endsOn: later(300) }] })),
      ];
      for (const result of results) expect(result, user.email).toMatchObject({ status: 'refused', fieldErrors: { form: NOT_YOURS } });
    }
    expect(await database.db.select().from(priceEntries).where(eq(priceEntries.tripId, tripOfB))).toEqual(before.prices);
    expect(await database.db.select().from(openGroups).where(eq(openGroups.tripId, tripOfB))).toEqual(before.groups);
    expect((await database.db.select({ seasons: trips.seasons }).from(trips).where(eq(trips.id, tripOfB)))[0]).toEqual(before.trip);
    expect(await database.db.select().from(unavailableRanges).where(eq(unavailableRanges.tripId, tripOfB))).toEqual(before.ranges);
    // The trip's own guide saves, and a past range is refused with its message.
    as(guideA);
    expect(await post(tripActions.saveTripSeasons, form({ tripId: tripOfA, seasons: [{ from: '06-01', to: '09-30' }] }))).toMatchObject({ status: 'sent' });
    expect(await post(tripActions.saveTripUnavailableRanges, form({ tripId: tripOfA, ranges: [{ startsOn: '2020-01-01', endsOn: '2020-01-02' }] }))).toMatchObject({ status: 'refused', fieldErrors: { ranges: en.Forms.errors.pastRange } });
    expect(await post(tripActions.saveTripUnavailableRanges, form({ tripId: tripOfA, ranges: [{ startsOn: later(20), endsOn: later(22) }] }))).toMatchObject({ status: 'sent' });
  });
});

describe('plain form actions called with something other than a form', () => {
  // A forged Server Action request can send any serialisable value: each answers its usual redirect, never a TypeError (a 500).
  it.each([
    ['completeSignIn', actions.completeSignIn],
    ['signOut', actions.signOut],
    ['payBooking', actions.payBooking],
  ] as const)('%s', async (_, action) => {
    for (const input of [{ token: 'x', locale: 'fr' }, 'token', null, 42]) {
      const error = await action(input as never).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(String((error as { digest?: unknown } | null)?.digest)).toMatch(/^NEXT_REDIRECT/);
    }
  });
});
