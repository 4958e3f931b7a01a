import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingRequests, guideStripeAccounts, guideTransfers, guides, ledgerEntries, ledgerLines, outboxEmails, payments, refunds, trips } from '@/lib/db/schema';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

/**
 * Guides' payouts through Stripe Connect against the fake Stripe, driven by the real SDK: a guide
 * connects, a paid trip ends, the share is transferred once (two runs at once), a later refund
 * reverses its share, a refund and a transfer meet, an unverified guide's balance waits; the
 * ledger agrees with Stripe's balance transactions after every step.
 */
const fake = vi.hoisted(() => {
  const port = 3845;
  const saved = { ...process.env };
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_cordee_fake',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_cordee_connect',
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    PLATFORM_FEE_PERCENT: '15',
    PAYOUT_DELAY_DAYS: '2',
    LOG_LEVEL: 'silent',
  });
  const restore = () => {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'PLATFORM_FEE_PERCENT', 'PAYOUT_DELAY_DAYS', 'LOG_LEVEL']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  };
  return { port, restore, stripe: null as unknown as FakeStripe };
});
vi.mock('@/lib/mail/worker', () => ({ kickOutbox: vi.fn(), logJsonLine: vi.fn() }));

type Modules = {
  payments: typeof import('@/lib/payments/online-payments');
  connect: typeof import('@/lib/payments/connect');
  webhook: typeof import('@/lib/payments/webhook');
  ledger: typeof import('@/lib/db/queries/payments');
  payouts: typeof import('@/lib/db/queries/guide-payouts');
};

describe.each(testDatabaseServers())('Guide payouts on the $name server', (server) => {
  let database: IsolatedDatabase;
  let m: Modules;
  let delivered = 0;
  let n = 0;

  beforeAll(async () => {
    fake.stripe = await startFakeStripe({ webhookSecret: 'whsec_test_cordee_connect', port: fake.port });
    m = {
      payments: await import('@/lib/payments/online-payments'),
      connect: await import('@/lib/payments/connect'),
      webhook: await import('@/lib/payments/webhook'),
      ledger: await import('@/lib/db/queries/payments'),
      payouts: await import('@/lib/db/queries/guide-payouts'),
    };
    database = await isolatedDatabase(server);
  });
  afterAll(async () => {
    await database?.close();
    await fake.stripe?.close();
    fake.restore();
  });

  /** Every event the fake produced since the last call, delivered to the webhook in order. */
  async function deliverAll() {
    while (delivered < fake.stripe.events.length) {
      const event = fake.stripe.events[delivered]!;
      delivered += 1;
      expect((await m.webhook.handleStripeWebhook(event.payload, event.header, database.db)).status).toBe(200);
    }
  }

  /** A guide of their own with one trip (so no other test's bookings are theirs). */
  async function guideWithTrip() {
    n += 1;
    const [template] = await database.db.select().from(trips).limit(1);
    const [base] = await database.db.select().from(guides).where(eq(guides.id, template!.guideId));
    const { name, companyType, countryCode, baseLocation, languages, certifications, responseHours, yearsExperience } = base!;
    const [guide] = await database.db.insert(guides).values({ name, companyType, countryCode, baseLocation, languages, certifications, responseHours, yearsExperience, key: `payout-guide-${n}`, slug: `payout-guide-${n}`, email: `guide${n}@example.com`, emailLocale: 'fr' }).returning();
    const [trip] = await database.db.insert(trips).values({ ...template!, id: undefined, key: `payout-trip-${n}`, guideId: guide!.id }).returning();
    return { guide: guide!, tripId: trip!.id };
  }

  async function connectGuide(guide: { id: number; countryCode: string; email: string | null }) {
    const start = await m.connect.startStripeOnboarding(guide, 'fr', database.db);
    expect(start.ok).toBe(true);
    const account = (await m.payouts.getGuideStripeAccount(guide.id, database.db))!;
    fake.stripe.completeOnboarding(account.stripeAccountId);
    await deliverAll();
    return account.stripeAccountId;
  }

  /** A booking of the trip paid in full (deposit on the hosted page, remainder off-session), its trip ended on `endsOn`. */
  async function paidBooking(tripId: number, total: number, endsOn = '2030-01-05') {
    n += 1;
    const [request] = await database.db
      .insert(bookingRequests)
      .values({
        idempotencyKey: `payout-test-${n}-0000000`,
        locale: 'fr',
        tripId,
        firstName: 'Lou',
        lastName: 'Martin',
        email: `lou${n}@example.com`,
        phone: '+33612345678',
        travellers: 2,
        days: 5,
        comment: '',
        currency: 'EUR',
        status: 'confirmed',
        proposedStartsOn: '2030-01-01',
        proposedEndsOn: endsOn,
        proposedTotalMinor: total,
        proposedCurrency: 'EUR',
        acceptedTotalMinor: total,
        acceptedCurrency: 'EUR',
        depositDueAt: new Date(Date.now() + 72 * 3_600_000),
      })
      .returning();
    const start = await m.payments.startCheckout({ requestId: request!.id, travellerEmail: request!.email, kind: 'deposit', locale: 'fr', consentText: '', productName: 'Voyage' }, database.db);
    fake.stripe.pay((start as { url: string }).url.split('/pay/')[1]!, 'succeed');
    await deliverAll();
    // The remainder's day is past (the trip is over): the run before the trip's end charges it.
    await m.payments.runPayments(new Date('2030-01-06T00:00:00Z'), database.db, request!.id);
    await deliverAll();
    return request!;
  }

  const afterTrip = new Date('2030-01-09T10:00:00Z');
  const ledgerOf = (id: number) => m.ledger.bookingLedger(id, database.db);
  const sentTo = (account: string) =>
    [...fake.stripe.transfers.values()].filter((transfer) => transfer.destination === account).reduce((sum, transfer) => sum + Number(transfer.amount) - Number(transfer.amount_reversed), 0);
  const movementsOf = (id: number) => database.db.select().from(guideTransfers).where(eq(guideTransfers.bookingRequestId, id)).orderBy(guideTransfers.id);

  async function refund(requestId: number, amountMinor: number) {
    const [deposit] = await database.db.select().from(payments).where(sql`${payments.bookingRequestId} = ${requestId} AND ${payments.kind} = 'deposit'`);
    await database.db.insert(refunds).values({ paymentId: deposit!.id, amountMinor, currency: 'EUR', reason: 'support', idempotencyKey: `refund:${deposit!.id}:test:${amountMinor}:${n}` });
  }

  it('connects a guide through an Account Link, keeps one account, and e-mails once when Stripe needs more', async () => {
    const { guide } = await guideWithTrip();
    const first = await m.connect.startStripeOnboarding(guide, 'fr', database.db);
    const again = await m.connect.startStripeOnboarding(guide, 'fr', database.db);
    expect(first.ok && again.ok).toBe(true);
    expect(fake.stripe.requests.filter((entry) => entry.path === '/v1/accounts' && entry.body.metadata && (entry.body.metadata as Record<string, string>).guideId === String(guide.id))).toHaveLength(1);
    const account = (await m.payouts.getGuideStripeAccount(guide.id, database.db))!;
    expect(account).toMatchObject({ detailsSubmitted: false, payoutsEnabled: false });
    fake.stripe.completeOnboarding(account.stripeAccountId);
    await deliverAll();
    expect(await m.payouts.getGuideStripeAccount(guide.id, database.db)).toMatchObject({ detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [] });
    fake.stripe.requireMore(account.stripeAccountId, ['individual.verification.document']);
    fake.stripe.requireMore(account.stripeAccountId, ['individual.verification.document']);
    await deliverAll();
    expect(await m.payouts.getGuideStripeAccount(guide.id, database.db)).toMatchObject({ payoutsEnabled: false, requirementsDue: ['individual.verification.document'] });
    const reminders = await database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'guide-stripe-requirements'));
    expect(reminders.filter((mail) => mail.recipient === guide.email)).toHaveLength(1);
    expect(reminders.find((mail) => mail.recipient === guide.email)!.subject).toContain('Stripe a besoin');
  });

  it('forgets an account Stripe no longer has, so the guide connects again', async () => {
    const { guide } = await guideWithTrip();
    const account = await connectGuide(guide);
    fake.stripe.accounts.delete(account);
    await m.connect.refreshStripeAccount(guide.id, database.db);
    expect(await m.payouts.getGuideStripeAccount(guide.id, database.db)).toBeNull();
  });

  it('transfers the guide’s share once after the trip ends, even when two runs race, and agrees with Stripe', async () => {
    const { guide, tripId } = await guideWithTrip();
    const account = await connectGuide(guide);
    const request = await paidBooking(tripId, 100_000, '2030-01-05');
    // Before the end plus the delay: nothing moves.
    await m.connect.runGuidePayouts(new Date('2030-01-07T10:00:00Z'), database.db, request.id);
    expect(await movementsOf(request.id)).toEqual([]);
    const [one, two] = await Promise.all([m.connect.runGuidePayouts(afterTrip, database.db, request.id), m.connect.runGuidePayouts(afterTrip, database.db, request.id)]);
    expect(one.transferred + two.transferred).toBe(1);
    await deliverAll();
    const created = fake.stripe.requests.filter((entry) => entry.path === '/v1/transfers' && entry.body.destination === account);
    expect(new Set(created.map((entry) => entry.idempotencyKey))).toEqual(new Set([`transfer:${request.id}:1`]));
    expect(created[0]!.body.transfer_group).toBe(`booking:${request.id}`);
    expect(sentTo(account)).toBe(85_000);
    expect(await ledgerOf(request.id)).toMatchObject({ owed_to_guide: 0, platform_fee: -15_000, stripe_balance: 15_000 });
    expect(await m.connect.reconcileGuideMovements(database.db)).toEqual([]);
    const earnings = await m.payouts.listGuideEarnings(guide.id, database.db);
    expect(earnings).toMatchObject([{ requestId: request.id, shareMinor: 85_000, transferredMinor: 85_000, status: 'inTransit' }]);
    // A payout of the account paid after the transfer: the booking's share is paid.
    fake.stripe.payout(account, 85_000, 'eur', 'paid');
    await deliverAll();
    expect((await m.payouts.listGuideEarnings(guide.id, database.db))[0]!.status).toBe('paid');
  });

  it('a partial refund after the transfer takes back the guide’s share of it, in proportion', async () => {
    const { guide, tripId } = await guideWithTrip();
    const account = await connectGuide(guide);
    const request = await paidBooking(tripId, 100_000);
    await m.connect.runGuidePayouts(afterTrip, database.db, request.id);
    await refund(request.id, 10_000);
    const run = await m.payments.runPayments(afterTrip, database.db, request.id);
    expect(run).toMatchObject({ refunded: 1, reversed: 1 });
    await deliverAll();
    const [, reversal] = await movementsOf(request.id);
    // The guide's 85 % of the 100 € refunded.
    expect(reversal).toMatchObject({ kind: 'reversal', amountMinor: 8_500, status: 'succeeded' });
    expect(sentTo(account)).toBe(76_500);
    expect(await ledgerOf(request.id)).toMatchObject({ owed_to_guide: 0, platform_fee: -13_500, stripe_balance: 13_500 });
    expect(await m.connect.reconcileGuideMovements(database.db)).toEqual([]);
  });

  it('a refund and a transfer at once end with the guide holding exactly its share', async () => {
    const { guide, tripId } = await guideWithTrip();
    const account = await connectGuide(guide);
    const request = await paidBooking(tripId, 100_000);
    await refund(request.id, 23_333);
    await Promise.all([m.payments.runPayments(afterTrip, database.db, request.id), m.connect.runGuidePayouts(afterTrip, database.db, request.id)]);
    await m.payments.runPayments(afterTrip, database.db, request.id);
    await deliverAll();
    const ledger = await ledgerOf(request.id);
    expect(ledger.owed_to_guide).toBe(0);
    // Travellers paid 1,000 €, got 233.33 € back: the guide and the platform share the rest.
    expect(sentTo(account) - ledger.platform_fee).toBe(100_000 - 23_333);
    expect(ledger.stripe_balance).toBe(-ledger.platform_fee);
  });

  it('keeps an unverified guide’s share until they connect, then pays it', async () => {
    const { guide, tripId } = await guideWithTrip();
    const request = await paidBooking(tripId, 50_000);
    await m.connect.runGuidePayouts(afterTrip, database.db, request.id);
    expect(await movementsOf(request.id)).toEqual([]);
    await m.connect.startStripeOnboarding(guide, 'fr', database.db);
    await m.connect.runGuidePayouts(afterTrip, database.db, request.id);
    expect(await movementsOf(request.id)).toEqual([]);
    expect((await ledgerOf(request.id)).owed_to_guide).toBe(-42_500);
    const account = (await database.db.select().from(guideStripeAccounts).where(eq(guideStripeAccounts.guideId, guide.id)))[0]!.stripeAccountId;
    fake.stripe.completeOnboarding(account);
    await deliverAll();
    expect(await m.connect.runGuidePayouts(afterTrip, database.db, request.id)).toMatchObject({ transferred: 1 });
    expect(sentTo(account)).toBe(42_500);
  });

  it('for any sequence of refunds, cancellations and payout runs, the ledger balances and the guide plus the platform hold what travellers paid less refunds', async () => {
    const { guide, tripId } = await guideWithTrip();
    await connectGuide(guide);
    const step = fc.oneof(
      fc.record({ kind: fc.constant('refund' as const), payment: fc.constantFrom('deposit' as const, 'remainder' as const), share: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant('cancel' as const) }),
      fc.record({ kind: fc.constant('payouts' as const) }),
      fc.record({ kind: fc.constant('payments' as const) }),
      fc.record({ kind: fc.constant('race' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 20_00, max: 5_000_00 }), fc.array(step, { maxLength: 6 }), async (total, steps) => {
        const request = await paidBooking(tripId, total);
        for (const next of steps) {
          if (next.kind === 'refund' || next.kind === 'cancel') {
            const rows = await database.db.select().from(payments).where(eq(payments.bookingRequestId, request.id));
            const queued = await database.db.select().from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(eq(payments.bookingRequestId, request.id));
            for (const payment of rows.filter((row) => next.kind === 'cancel' || row.kind === next.payment)) {
              // What is left of the payment once every refund already asked for is counted.
              const left = payment.amountMinor - queued.filter((row) => row.refunds.paymentId === payment.id).reduce((sum, row) => sum + row.refunds.amountMinor, 0);
              const amountMinor = next.kind === 'cancel' ? left : Math.min(left, Math.max(1, Math.floor((payment.amountMinor * next.share) / 100)));
              n += 1;
              if (amountMinor > 0) await database.db.insert(refunds).values({ paymentId: payment.id, amountMinor, currency: 'EUR', reason: next.kind, idempotencyKey: `refund:${payment.id}:property:${n}` });
            }
          } else if (next.kind === 'payouts') await m.connect.runGuidePayouts(afterTrip, database.db, request.id);
          else if (next.kind === 'payments') await m.payments.runPayments(afterTrip, database.db, request.id);
          else await Promise.all([m.payments.runPayments(afterTrip, database.db, request.id), m.connect.runGuidePayouts(afterTrip, database.db, request.id), m.connect.runGuidePayouts(afterTrip, database.db, request.id)]);
          await deliverAll();
        }
        // Settle: the refunds go, then the guide's share is sent or taken back.
        await m.payments.runPayments(afterTrip, database.db, request.id);
        await m.payments.runPayments(afterTrip, database.db, request.id);
        await deliverAll();
        const unbalanced = await database.db
          .select({ entry: ledgerLines.entryId })
          .from(ledgerLines)
          .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
          .where(eq(ledgerEntries.bookingRequestId, request.id))
          .groupBy(ledgerLines.entryId)
          .having(sql`sum(${ledgerLines.amountMinor}) <> 0`);
        expect(unbalanced).toEqual([]);
        const rows = await database.db.select().from(payments).where(eq(payments.bookingRequestId, request.id));
        const paid = rows.reduce((sum, row) => sum + (row.status === 'succeeded' ? row.amountMinor : 0), 0);
        const refunded = rows.reduce((sum, row) => sum + row.refundedMinor, 0);
        const received = [...fake.stripe.transfers.values()].filter((transfer) => transfer.transfer_group === `booking:${request.id}`).reduce((sum, transfer) => sum + Number(transfer.amount) - Number(transfer.amount_reversed), 0);
        const ledger = await ledgerOf(request.id);
        expect(ledger.owed_to_guide).toBe(0);
        expect(received - ledger.platform_fee).toBe(paid - refunded);
        expect(ledger.stripe_balance).toBe(paid - refunded - received);
        expect(received).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 12, seed: 293 },
    );
    expect(await m.connect.reconcileGuideMovements(database.db, 500)).toEqual([]);
  }, 120_000);
});
