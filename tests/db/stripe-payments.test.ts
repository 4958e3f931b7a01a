import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingRequests, outboxEmails, payments, stripeEvents, trips } from '@/lib/db/schema';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

/**
 * The Stripe integration end to end against a local fake of Stripe's API, driven by the real
 * `stripe` SDK: the deposit's Checkout Session, its webhooks (twice, out of order, badly signed),
 * the reconciliation of a lost webhook, the remainder's off-session charge run twice at once, and
 * a remainder whose bank asks for authentication.
 */
const WEBHOOK_SECRET = 'whsec_test_cordee_payments';
// lib/env.ts reads the environment once, at its first import (the database helpers import it): set it first.
const fake = vi.hoisted(() => {
  const port = 3722;
  const saved = { ...process.env };
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_cordee_fake',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_cordee_payments',
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    PLATFORM_FEE_PERCENT: '15',
    LOG_LEVEL: 'silent',
  });
  // Put back as it was: a worker process may run other test files after this one.
  const restore = () => {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'PLATFORM_FEE_PERCENT', 'LOG_LEVEL']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  };
  return { port, restore, stripe: null as unknown as FakeStripe };
});
vi.mock('@/lib/mail/worker', () => ({ kickOutbox: vi.fn(), logJsonLine: vi.fn() }));

type Modules = {
  payments: typeof import('@/lib/payments/online-payments');
  webhook: typeof import('@/lib/payments/webhook');
  ledger: typeof import('@/lib/db/queries/payments');
};

describe.each(testDatabaseServers())('Stripe payments on the $name server', (server) => {
  let database: IsolatedDatabase;
  let tripId: number;
  let n = 0;
  let m: Modules;

  beforeAll(async () => {
    fake.stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, port: fake.port });
    m = { payments: await import('@/lib/payments/online-payments'), webhook: await import('@/lib/payments/webhook'), ledger: await import('@/lib/db/queries/payments') };
    database = await isolatedDatabase(server);
    const [trip] = await database.db.select({ id: trips.id }).from(trips).limit(1);
    tripId = trip!.id;
  });
  afterAll(async () => {
    await database?.close();
    await fake.stripe?.close();
    fake.restore();
  });

  async function confirmedBooking(total = 100000, currency = 'EUR') {
    n += 1;
    const [row] = await database.db
      .insert(bookingRequests)
      .values({
        idempotencyKey: `stripe-test-${n}-0000000`,
        locale: 'es',
        tripId,
        firstName: 'Ana',
        lastName: 'Pérez',
        email: `ana${n}@example.com`,
        phone: '+34612345678',
        travellers: 2,
        days: 5,
        comment: 'Gracias',
        currency,
        status: 'confirmed',
        proposedStartsOn: '2031-03-01',
        proposedEndsOn: '2031-03-05',
        proposedTotalMinor: total,
        proposedCurrency: currency,
        acceptedTotalMinor: total,
        acceptedCurrency: currency,
        depositDueAt: new Date(Date.now() + 72 * 3_600_000),
      })
      .returning();
    return row!;
  }
  const checkout = (request: { id: number; email: string }) =>
    m.payments.startCheckout({ requestId: request.id, travellerEmail: request.email, kind: 'deposit', locale: 'es', consentText: 'Autorizo el cobro del 70 % restante.', productName: 'Viaje' }, database.db);
  const deliver = (event: { payload: string; header: string }) => m.webhook.handleStripeWebhook(event.payload, event.header, database.db);
  const statusOf = async (id: number) => (await database.db.select({ status: bookingRequests.status }).from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!.status;
  const sessionIdOf = (url: string) => url.split('/pay/')[1]!;
  const mailsOf = (requestId: number) =>
    database.db.select({ kind: outboxEmails.kind, locale: outboxEmails.locale, recipient: outboxEmails.recipient, subject: outboxEmails.subject, text: outboxEmails.text }).from(outboxEmails).where(sql`${outboxEmails.dedupeKey} LIKE ${`booking:${requestId}:payment:%`}`).orderBy(outboxEmails.id);

  it('opens Checkout for the stored deposit, saving the card, once however often it is asked', async () => {
    const request = await confirmedBooking(123457, 'EUR');
    const first = await checkout(request);
    const again = await checkout(request);
    expect(first.ok && again.ok && first.url === again.url).toBe(true);
    const session = fake.stripe.sessions.get(sessionIdOf((first as { url: string }).url))!;
    // 30 % of 1,234.57 EUR, half up, to the cent.
    expect(session).toMatchObject({ mode: 'payment', amount_total: 37037, currency: 'eur', locale: 'es', payment_intent_data: { setup_future_usage: 'off_session' } });
    expect((session.custom_text as { submit: { message: string } }).submit.message).toContain('70 %');
    const creations = fake.stripe.requests.filter((entry) => entry.path === '/v1/checkout/sessions' && entry.method === 'POST' && entry.body.client_reference_id === String(request.id));
    expect(creations).toHaveLength(1);
    expect(creations[0]!.idempotencyKey).toMatch(/^checkout:\d+:0$/);
  });

  it('a webhook signed badly is refused with 400 and changes nothing; the right one secures the booking once, in any order, any number of times', async () => {
    const request = await confirmedBooking();
    const start = await checkout(request);
    const before = fake.stripe.events.length;
    fake.stripe.pay(sessionIdOf((start as { url: string }).url), 'succeed');
    const [intentSucceeded, sessionCompleted] = fake.stripe.events.slice(before);
    expect([intentSucceeded!.type, sessionCompleted!.type]).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);

    const forged = await m.webhook.handleStripeWebhook(sessionCompleted!.payload.replace('"paid"', '"paid" '), sessionCompleted!.header, database.db);
    expect(forged.status).toBe(400);
    expect((await m.webhook.handleStripeWebhook(sessionCompleted!.payload, null, database.db)).status).toBe(400);
    expect(await statusOf(request.id)).toBe('confirmed');
    expect(await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, sessionCompleted!.id))).toEqual([]);

    // Out of order (the session's event first), then both again.
    for (const event of [sessionCompleted!, intentSucceeded!, sessionCompleted!, intentSucceeded!]) expect((await deliver(event)).status).toBe(200);
    expect(await statusOf(request.id)).toBe('secured');
    expect(await m.ledger.bookingLedger(request.id, database.db)).toMatchObject({ stripe_balance: 30000, platform_fee: -4500, owed_to_guide: -25500 });
    const stored = await database.db.select({ id: stripeEvents.id }).from(stripeEvents).where(sql`${stripeEvents.id} IN (${intentSucceeded!.id}, ${sessionCompleted!.id})`);
    expect(stored).toHaveLength(2);
    const [remainder] = await database.db.select().from(payments).where(sql`${payments.bookingRequestId} = ${request.id} AND ${payments.kind} = 'remainder'`);
    expect(remainder).toMatchObject({ status: 'scheduled', amountMinor: 70000, paymentMethodId: 'pm_card_visa' });
    expect(remainder!.stripeCustomerId).toMatch(/^cus_/);
    // One receipt for the traveller in their language, one notice for the guide, however often the events came.
    const mails = await mailsOf(request.id);
    expect(mails.map((mail) => mail.kind)).toEqual(['payment-deposit-receipt', 'payment-guide-secured']);
    expect(mails[0]).toMatchObject({ locale: 'es', recipient: request.email });
    expect(mails[0]!.subject).toContain('Reserva garantizada');
    expect(mails[0]!.text).toMatch(/300\s€/);
    expect(mails[0]!.text).toMatch(/700\s€/);
  });

  it('a lost webhook: the reconciliation asks Stripe and secures the booking; the remainder is charged once by two runs at once', async () => {
    const request = await confirmedBooking();
    const start = await checkout(request);
    fake.stripe.pay(sessionIdOf((start as { url: string }).url), 'succeed');
    // No webhook arrives. Ten minutes later the run asks Stripe.
    await database.db.execute(sql`UPDATE payments SET updated_at = now() - interval '11 minutes' WHERE booking_request_id = ${request.id}`);
    await m.payments.runPayments(new Date(), database.db);
    expect(await statusOf(request.id)).toBe('secured');

    const due = new Date('2031-02-15T09:00:00Z');
    await Promise.all([m.payments.runPayments(due, database.db), m.payments.runPayments(due, database.db)]);
    const charges = fake.stripe.requests.filter((entry) => entry.method === 'POST' && entry.path === '/v1/payment_intents' && (entry.body.metadata as Record<string, string>)?.bookingRequestId === String(request.id));
    expect(new Set(charges.map((entry) => entry.idempotencyKey)).size).toBe(1);
    expect(charges[0]!.body).toMatchObject({ amount: '70000', currency: 'eur', off_session: 'true', confirm: 'true' });
    const [remainder] = await database.db.select().from(payments).where(sql`${payments.bookingRequestId} = ${request.id} AND ${payments.kind} = 'remainder'`);
    expect(remainder!.status).toBe('succeeded');
    expect(await m.ledger.bookingLedger(request.id, database.db)).toMatchObject({ stripe_balance: 100000, platform_fee: -15000, owed_to_guide: -85000 });
  });

  it('a remainder whose bank asks for authentication waits for the traveller, who pays it on Checkout', async () => {
    const request = await confirmedBooking();
    const start = await checkout(request);
    fake.stripe.pay(sessionIdOf((start as { url: string }).url), 'authenticate');
    for (const event of fake.stripe.events.slice(-2)) await deliver(event);
    expect(await statusOf(request.id)).toBe('secured');
    await m.payments.runPayments(new Date('2031-02-15T09:00:00Z'), database.db);
    const [remainder] = await database.db.select().from(payments).where(sql`${payments.bookingRequestId} = ${request.id} AND ${payments.kind} = 'remainder'`);
    expect(remainder).toMatchObject({ status: 'requires_action', failureCode: 'authentication_required' });
    // Support's screen lists it until it is paid.
    expect((await m.ledger.listOverdueRemainders(100, database.db)).map((row) => row.payment.bookingRequestId)).toContain(request.id);
    const asked = (await mailsOf(request.id)).filter((mail) => mail.kind === 'payment-remainder-action');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toContain('Pagar el resto');

    const pay = await m.payments.startCheckout({ requestId: request.id, travellerEmail: request.email, kind: 'remainder', locale: 'es', consentText: '', productName: 'Viaje' }, database.db);
    expect(pay.ok).toBe(true);
    const before = fake.stripe.events.length;
    fake.stripe.pay(sessionIdOf((pay as { url: string }).url), 'succeed');
    for (const event of fake.stripe.events.slice(before)) expect((await deliver(event)).status).toBe(200);
    const [paid] = await database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, remainder!.id));
    expect(paid!.status).toBe('succeeded');
    expect((await m.ledger.bookingLedger(request.id, database.db)).stripe_balance).toBe(100000);
    expect((await mailsOf(request.id)).map((mail) => mail.kind)).toContain('payment-remainder-receipt');
    expect((await m.ledger.listOverdueRemainders(100, database.db)).map((row) => row.payment.bookingRequestId)).not.toContain(request.id);
  });

  it('a guide who cancels a secured booking refunds everything through Stripe, once, and the traveller is told', async () => {
    const request = await confirmedBooking();
    const start = await checkout(request);
    fake.stripe.pay(sessionIdOf((start as { url: string }).url), 'succeed');
    for (const event of fake.stripe.events.slice(-2)) await deliver(event);
    const { transitionBookingRequest } = await import('@/lib/db/queries/account-requests');
    expect(await transitionBookingRequest(request.id, 'cancel', { role: 'guide', userId: null }, () => [], database.db)).toMatchObject({ ok: true, status: 'cancelled' });
    await Promise.all([m.payments.runPayments(new Date(), database.db), m.payments.runPayments(new Date(), database.db)]);
    const made = [...fake.stripe.refunds.values()].filter((refund) => Number((refund.metadata as Record<string, string>).refundId) > 0 && refund.amount === 30000);
    expect(made.length).toBeGreaterThanOrEqual(1);
    const refundCalls = fake.stripe.requests.filter((entry) => entry.path === '/v1/refunds');
    expect(new Set(refundCalls.map((entry) => entry.idempotencyKey)).size).toBe(new Set([...fake.stripe.refunds.values()].map((refund) => (refund.metadata as Record<string, string>).refundId)).size);
    // The webhook of the refund arrives too: nothing more happens.
    for (const event of fake.stripe.events.filter((event) => event.type === 'refund.created')) expect((await deliver(event)).status).toBe(200);
    expect(await m.ledger.bookingLedger(request.id, database.db)).toMatchObject({ stripe_balance: 0, owed_to_guide: 0, platform_fee: 0 });
    expect((await mailsOf(request.id)).filter((mail) => mail.kind === 'payment-refund-sent')).toHaveLength(1);
  });

  it('an expired page is replaced by a new one; a deposit paid after the traveller cancelled is refunded in full', async () => {
    const request = await confirmedBooking();
    const first = (await checkout(request)) as { url: string };
    fake.stripe.expire(sessionIdOf(first.url));
    for (const event of fake.stripe.events.slice(-1)) expect((await deliver(event)).status).toBe(200);
    await database.db.execute(sql`UPDATE payments SET updated_at = now() - interval '11 minutes' WHERE booking_request_id = ${request.id}`);
    await m.payments.runPayments(new Date(), database.db);
    const [forgotten] = await database.db.select().from(payments).where(sql`${payments.bookingRequestId} = ${request.id} AND ${payments.kind} = 'deposit'`);
    expect(forgotten).toMatchObject({ status: 'open', checkoutSessionId: null });
    const second = (await checkout(request)) as { url: string };
    expect(second.url).not.toBe(first.url);
    expect(fake.stripe.sessions.get(sessionIdOf(second.url))).toMatchObject({ status: 'open', amount_total: 30000 });

    const { transitionBookingRequest } = await import('@/lib/db/queries/account-requests');
    await transitionBookingRequest(request.id, 'cancel', { role: 'traveller', userId: null }, () => [], database.db);
    const [canceled] = await database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, forgotten!.id));
    expect(canceled!.status).toBe('canceled');
    // The page was still open in another tab: the traveller pays anyway.
    fake.stripe.pay(sessionIdOf(second.url), 'succeed');
    for (const event of fake.stripe.events.slice(-2)) expect((await deliver(event)).status).toBe(200);
    expect(await statusOf(request.id)).toBe('cancelled');
    await m.payments.runPayments(new Date(), database.db);
    expect([...fake.stripe.refunds.values()].filter((refund) => refund.amount === 30000 && String(refund.payment_intent).startsWith('pi_'))).not.toHaveLength(0);
    expect(await m.ledger.bookingLedger(request.id, database.db)).toMatchObject({ stripe_balance: 0, owed_to_guide: 0, platform_fee: 0 });
  });
});
