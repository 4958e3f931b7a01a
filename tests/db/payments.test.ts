import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingLedger,
  claimDueRemainders,
  claimStripeEvent,
  confirmPayment,
  confirmRefund,
  lapseUnpaidConfirmations,
  listPendingRefunds,
  preparePayment,
  remindUpcomingRemainders,
  type PaymentEmails,
} from '@/lib/db/queries/payments';
import { transitionBookingRequest } from '@/lib/db/queries/account-requests';
import { bookingRequestEvents, bookingRequests, payments, refunds, trips } from '@/lib/db/schema';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const settings = { feePercent: 15, remainderDaysBefore: 14, depositDeadlineHours: 72 };
const noEmails: PaymentEmails = { secured: async () => [], remainderPaid: async () => [], paidAfterEnd: async () => [] };
const now = new Date('2031-01-10T12:00:00Z');

describe.each(testDatabaseServers())('payments and their ledger on the $name server', (server) => {
  let database: IsolatedDatabase;
  let tripId: number;
  let n = 0;

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const [trip] = await database.db.select({ id: trips.id }).from(trips).limit(1);
    tripId = trip!.id;
    // Every booking here departs on 2031-03-01: the trip runs all year with room for all of them.
    await database.db.execute(sql`UPDATE trips SET seasons = '[]'::jsonb, monthly_capacity = 1000 WHERE id = ${tripId}`);
    await database.db.execute(sql`DELETE FROM unavailable_ranges WHERE trip_id = ${tripId}`);
  });
  afterAll(() => database?.close());

  /** A booking the guide confirmed, with a quote of 1,000.00 EUR accepted, departing on 2031-03-01. */
  async function confirmedBooking(values: Partial<typeof bookingRequests.$inferInsert> = {}) {
    n += 1;
    const [row] = await database.db
      .insert(bookingRequests)
      .values({
        idempotencyKey: `payments-test-${n}-000000`,
        locale: 'fr',
        tripId,
        firstName: 'Jeanne',
        lastName: 'Barret',
        email: `jeanne${n}@example.com`,
        phone: '+33612345678',
        travellers: 2,
        days: 5,
        comment: 'Merci',
        currency: 'EUR',
        status: 'confirmed',
        proposedStartsOn: '2031-03-01',
        proposedEndsOn: '2031-03-05',
        proposedTotalMinor: 100000,
        proposedCurrency: 'EUR',
        acceptedTotalMinor: 100000,
        acceptedCurrency: 'EUR',
        depositDueAt: new Date(now.getTime() + 72 * 3_600_000),
        ...values,
      })
      .returning();
    return row!;
  }

  const paidDeposit = async (requestId: number, email: string) => {
    const start = await preparePayment(requestId, email, 'deposit', database.db);
    if (!start.ok) throw new Error(start.reason);
    return start.payment;
  };
  const confirmation = (paymentId: number, amountMinor: number) => ({ paymentId, paymentIntentId: `pi_${paymentId}`, customerId: 'cus_1', paymentMethodId: 'pm_1', amountMinor, currency: 'EUR' });

  it('a deposit confirmed twice at once secures the booking once, with one set of ledger entries, and schedules the remainder', async () => {
    const request = await confirmedBooking();
    const deposit = await paidDeposit(request.id, request.email.toUpperCase());
    expect(deposit).toMatchObject({ kind: 'deposit', status: 'open', amountMinor: 30000, currency: 'EUR' });
    // The same payment row however often the traveller clicks.
    expect((await paidDeposit(request.id, request.email)).id).toBe(deposit.id);

    const outcomes = await Promise.all([1, 2, 3].map(() => confirmPayment(confirmation(deposit.id, 30000), settings, noEmails, now, database.db)));
    expect(outcomes.filter((outcome) => outcome.ok && outcome.changed)).toHaveLength(1);

    const [stored] = await database.db.select().from(bookingRequests).where(eq(bookingRequests.id, request.id));
    expect(stored).toMatchObject({ status: 'secured', securedAt: now });
    const events = await database.db.select().from(bookingRequestEvents).where(eq(bookingRequestEvents.requestId, request.id));
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.actorRole])).toEqual([['confirmed', 'secured', 'system']]);
    expect(await bookingLedger(request.id, database.db)).toEqual({ stripe_balance: 30000, traveller_paid: 0, refunds: 0, platform_fee: -4500, owed_to_guide: -25500 });

    const [remainder] = await database.db.select().from(payments).where(sql`${payments.bookingRequestId} = ${request.id} AND ${payments.kind} = 'remainder'`);
    expect(remainder).toMatchObject({ status: 'scheduled', amountMinor: 70000, currency: 'EUR', stripeCustomerId: 'cus_1', paymentMethodId: 'pm_1', dueAt: new Date('2031-02-15T09:00:00Z') });
    expect(await preparePayment(request.id, request.email, 'deposit', database.db)).toEqual({ ok: false, reason: 'alreadyPaid' });
  });

  it('refuses a confirmation whose amount is not the payment’s, changing nothing', async () => {
    const request = await confirmedBooking();
    const deposit = await paidDeposit(request.id, request.email);
    expect(await confirmPayment(confirmation(deposit.id, 29999), settings, noEmails, now, database.db)).toEqual({ ok: false, reason: 'amountMismatch' });
    expect(await confirmPayment({ ...confirmation(deposit.id, 30000), currency: 'USD' }, settings, noEmails, now, database.db)).toEqual({ ok: false, reason: 'amountMismatch' });
    const [stored] = await database.db.select({ status: bookingRequests.status }).from(bookingRequests).where(eq(bookingRequests.id, request.id));
    expect(stored!.status).toBe('confirmed');
    expect((await bookingLedger(request.id, database.db)).stripe_balance).toBe(0);
  });

  it('two remainder runs at once claim each due remainder once; the paid remainder completes the total', async () => {
    const request = await confirmedBooking();
    const deposit = await paidDeposit(request.id, request.email);
    await confirmPayment(confirmation(deposit.id, 30000), settings, noEmails, now, database.db);
    const early = await claimDueRemainders(new Date('2031-02-15T08:59:00Z'), 50, database.db);
    expect(early.filter((row) => row.bookingRequestId === request.id)).toEqual([]);
    const runs = await Promise.all([1, 2, 3].map(() => claimDueRemainders(new Date('2031-02-15T09:00:00Z'), 50, database.db)));
    const claimed = runs.flat().filter((row) => row.bookingRequestId === request.id);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ status: 'open', attempts: 1 });

    await confirmPayment(confirmation(claimed[0]!.id, 70000), settings, noEmails, now, database.db);
    expect(await bookingLedger(request.id, database.db)).toEqual({ stripe_balance: 100000, traveller_paid: 0, refunds: 0, platform_fee: -15000, owed_to_guide: -85000 });
  });

  it('announces a remainder once, 7 days before it is charged', async () => {
    const request = await confirmedBooking();
    const deposit = await paidDeposit(request.id, request.email);
    await confirmPayment(confirmation(deposit.id, 30000), settings, noEmails, now, database.db);
    const announced: number[] = [];
    const email = async (payment: { bookingRequestId: number }) => {
      announced.push(payment.bookingRequestId);
      return [];
    };
    // Due 2031-02-15 09:00: not yet on 2031-02-08 08:59, once from 09:00, never again.
    await remindUpcomingRemainders(new Date('2031-02-08T08:59:00Z'), 7, email, database.db);
    expect(announced).not.toContain(request.id);
    await Promise.all([1, 2].map(() => remindUpcomingRemainders(new Date('2031-02-08T09:00:00Z'), 7, email, database.db)));
    await remindUpcomingRemainders(new Date('2031-02-10T09:00:00Z'), 7, email, database.db);
    expect(announced.filter((id) => id === request.id)).toHaveLength(1);
  });

  it('a refund confirmed twice is written once and undoes its share of the split', async () => {
    const request = await confirmedBooking();
    const deposit = await paidDeposit(request.id, request.email);
    await confirmPayment(confirmation(deposit.id, 30000), settings, noEmails, now, database.db);
    const [refund] = await database.db.insert(refunds).values({ paymentId: deposit.id, amountMinor: 30000, currency: 'EUR', reason: 'free_cancellation', idempotencyKey: `refund-test-${request.id}` }).returning();
    expect((await listPendingRefunds(50, database.db)).map((row) => row.refund.id)).toContain(refund!.id);
    expect(await Promise.all([confirmRefund(refund!.id, 're_1', undefined, database.db), confirmRefund(refund!.id, 're_1', undefined, database.db)])).toEqual(expect.arrayContaining([true, false]));
    expect(await bookingLedger(request.id, database.db)).toEqual({ stripe_balance: 0, traveller_paid: 0, refunds: 0, platform_fee: 0, owed_to_guide: 0 });
    const [stored] = await database.db.select({ refundedMinor: payments.refundedMinor }).from(payments).where(eq(payments.id, deposit.id));
    expect(stored!.refundedMinor).toBe(30000);
  });

  it('an unpaid confirmation lapses at its deadline; a deposit paid after that is refunded in full', async () => {
    const late = await confirmedBooking({ depositDueAt: new Date(now.getTime() - 1000) });
    const onTime = await confirmedBooking({ depositDueAt: new Date(now.getTime() + 1000) });
    const deposit = await paidDeposit(late.id, late.email);
    const lapsed = await lapseUnpaidConfirmations(now, async () => [], database.db);
    expect(lapsed).toContain(late.id);
    expect(lapsed).not.toContain(onTime.id);
    expect(await lapseUnpaidConfirmations(now, async () => [], database.db)).not.toContain(late.id);
    const [canceled] = await database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, deposit.id));
    expect(canceled!.status).toBe('canceled');

    // Stripe took the money anyway (the traveller was on the payment page when it lapsed).
    expect(await confirmPayment(confirmation(deposit.id, 30000), settings, noEmails, now, database.db)).toEqual({ ok: true, changed: true, status: 'lapsed' });
    const owed = await database.db.select().from(refunds).where(eq(refunds.paymentId, deposit.id));
    expect(owed).toMatchObject([{ amountMinor: 30000, status: 'pending', reason: 'booking_ended' }]);
    expect(await preparePayment(late.id, late.email, 'deposit', database.db)).toEqual({ ok: false, reason: 'alreadyPaid' });
  });

  it('pays only the traveller’s own confirmed booking', async () => {
    const request = await confirmedBooking({ status: 'accepted' });
    expect(await preparePayment(request.id, 'someone.else@example.com', 'deposit', database.db)).toEqual({ ok: false, reason: 'notFound' });
    expect(await preparePayment(request.id, request.email, 'deposit', database.db)).toEqual({ ok: false, reason: 'wrongStatus' });
    const unquoted = await confirmedBooking({ acceptedTotalMinor: null, acceptedCurrency: null });
    expect(await preparePayment(unquoted.id, unquoted.email, 'deposit', database.db)).toEqual({ ok: false, reason: 'noQuote' });
  });

  it('accepting keeps the proposal as the quote paid from; confirming with online payment starts the deposit deadline', async () => {
    const request = await confirmedBooking({ status: 'dates_proposed', acceptedTotalMinor: null, acceptedCurrency: null, depositDueAt: null, proposedTotalMinor: 123456, proposedCurrency: 'CHF' });
    expect(await transitionBookingRequest(request.id, 'accept', { role: 'traveller', userId: null }, () => [], database.db)).toMatchObject({ ok: true, changed: true });
    // A double click changes nothing.
    expect(await transitionBookingRequest(request.id, 'accept', { role: 'traveller', userId: null }, () => [], database.db)).toMatchObject({ ok: true, changed: false });
    const before = Date.now();
    await transitionBookingRequest(request.id, 'confirm', { role: 'guide', userId: null }, () => [], database.db, { depositDeadlineHours: 72 });
    const [stored] = await database.db.select().from(bookingRequests).where(eq(bookingRequests.id, request.id));
    expect(stored).toMatchObject({ status: 'confirmed', acceptedTotalMinor: 123456, acceptedCurrency: 'CHF', acceptedRatesDate: null });
    expect(stored!.depositDueAt!.getTime() - stored!.confirmedAt!.getTime()).toBe(72 * 3_600_000);
    expect(stored!.confirmedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    ['the traveller, within 48 hours of paying', 'traveller', 0, [{ amountMinor: 30000, reason: 'freeWindow' }]],
    ['the traveller, 49 hours after paying', 'traveller', 49, []],
    ['the guide, any time', 'guide', 49, [{ amountMinor: 30000, reason: 'guideCancelled' }]],
  ] as const)('a secured booking cancelled by %s: the refund follows the rule, the remainder is canceled', async (_, side, hoursAgo, expected) => {
    const request = await confirmedBooking({ proposedStartsOn: '2040-03-01', proposedEndsOn: '2040-03-05' });
    const deposit = await paidDeposit(request.id, request.email);
    await confirmPayment(confirmation(deposit.id, 30000), settings, noEmails, new Date(Date.now() - hoursAgo * 3_600_000), database.db);
    const reviews: Array<[number, string]> = [];
    const cancellationReview = (paid: { amountMinor: number; currency: string }, reason: string) => {
      reviews.push([paid.amountMinor, reason]);
      return { dedupeKey: `test-review:${request.id}`, kind: 'test', recipient: 'support@example.com', locale: 'en' as const, subject: 'Review', text: 'Review', html: '<p>Review</p>' };
    };
    const outcome = await transitionBookingRequest(request.id, 'cancel', { role: side, userId: null }, () => [], database.db, { cancellationReview });
    expect(outcome).toMatchObject({ ok: true, status: 'cancelled' });
    // Support is asked to apply the terms only when nothing went back automatically.
    expect(reviews).toEqual(expected.length === 0 ? [[30000, 'windowPassed']] : []);
    const queued = await database.db.select({ amountMinor: refunds.amountMinor, reason: refunds.reason }).from(refunds).where(eq(refunds.paymentId, deposit.id));
    expect(queued).toEqual(expected);
    const [remainder] = await database.db.select({ status: payments.status }).from(payments).where(sql`${payments.bookingRequestId} = ${request.id} AND ${payments.kind} = 'remainder'`);
    expect(remainder!.status).toBe('canceled');
  });

  it('stores each Stripe event id once', async () => {
    const first = await database.db.transaction((tx) => claimStripeEvent(tx, 'evt_test_1', 'checkout.session.completed'));
    const again = await database.db.transaction((tx) => claimStripeEvent(tx, 'evt_test_1', 'checkout.session.completed'));
    expect([first, again]).toEqual([true, false]);
  });
});
