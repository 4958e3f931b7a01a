import { AsyncLocalStorage } from 'node:async_hooks';
import fc from 'fast-check';
import Stripe from 'stripe';
import { formatReference } from '@/lib/booking/reference';
import { formatMoney } from '@/lib/money/format';
import { and, eq, like, sql } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/db/queries/accounts';
import type { Database } from '@/lib/db/database';
import { bookingRequestEvents, bookingRequests, guides, outboxEmails, payments, refunds, threadMessages, trips, users } from '@/lib/db/schema';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import type { FakeStripe } from '../support/fake-stripe';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';
import { post } from '../support/form-post';

/**
 * The two money flows of a cancellation, through their real Server Actions (validatedAction, the
 * session's user, the scoped queries) and the real `stripe` SDK against the local fake of Stripe:
 * a guide cancels a secured booking (everything paid goes back, at once), and support refunds part
 * or all of a traveller's late cancellation. After each: every journal entry sums to zero, the
 * booking's Stripe balance in the ledger is what the fake Stripe still holds for it, a submission
 * sent twice (or twice at once) refunds once, and a refusal is localized and changes nothing.
 * Then the steps that meet on one booking, raced on the real database round after round: two
 * sides cancelling, a payment against a cancellation (deposit and remainder), refunds against
 * refunds; one is decided, the others are told the truth, and no money stays held.
 */
const state = vi.hoisted(() => {
  const port = 4352;
  const saved = { ...process.env };
  const settings = {
    STRIPE_SECRET_KEY: 'sk_test_cordee_fake',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_cordee_refunds',
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    PLATFORM_FEE_PERCENT: '15',
    LOG_LEVEL: 'silent',
  };
  // lib/env.ts reads the environment once, at its first import: set it first, put it back after.
  Object.assign(process.env, settings);
  const restore = () => {
    for (const key of Object.keys(settings)) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  };
  return { port, restore, stripe: null as unknown as FakeStripe, db: null as unknown as Database, user: null as SessionUser | null, network: '10.0.0', ip: 0 };
});
vi.mock('@/lib/db/client', () => ({ getDb: () => state.db }));
// Forms sent at once by different people: each call's user rides with it (postAs), else the one set by as().
const signedIn = new AsyncLocalStorage<SessionUser>();
vi.mock('@/lib/server/session', () => ({ getSignedInUser: async () => signedIn.getStore() ?? state.user, sessionToken: async () => null, setSessionCookie: async () => {}, clearSessionCookie: async () => {} }));
vi.mock('next/headers', () => ({
  // The limiter lives in this process for both servers' runs: each run sends from addresses of its own.
  headers: async () => new Headers({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin', 'x-cordee-socket-address': `${state.network}.${(state.ip = (state.ip % 250) + 1)}` }),
  cookies: async () => ({ get: () => undefined, set: () => {} }),
}));
vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), updateTag: vi.fn(), unstable_cache: <T>(fn: T) => fn }));
vi.mock('@/lib/mail/worker', () => ({ kickOutbox: vi.fn(), logJsonLine: vi.fn() }));
vi.mock('@sentry/nextjs', () => ({ captureException: vi.fn() }));
vi.mock('next-intl/server', async () => {
  const messages = { en: (await import('@/messages/en.json')).default, fr: (await import('@/messages/fr.json')).default, es: (await import('@/messages/es.json')).default };
  return { getTranslations: async ({ locale, namespace }: { locale: 'en' | 'fr' | 'es'; namespace: string }) => createTranslator({ locale, messages: messages[locale], namespace: namespace as never }) };
});

const { startFakeStripe } = await import('../support/fake-stripe');
const actions = await import('@/app/[locale]/account/actions');
const { startCheckout, runPayments } = await import('@/lib/payments/online-payments');
const { handleStripeWebhook } = await import('@/lib/payments/webhook');
const { stripeClient } = await import('@/lib/payments/stripe');
const { bookingLedger, listCancellationReviews, queueSupportRefund } = await import('@/lib/db/queries/payments');
const { logJsonLine } = await import('@/lib/mail/worker');

afterAll(() => state.restore());

let keys = 0;
const form = (values: Record<string, unknown>) => ({ idempotencyKey: `refund-key-${String(++keys).padStart(8, '0')}`, locale: 'en', fillMs: 5000, website: '', ...values });
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const translate = (locale: 'en' | 'fr' | 'es') => createTranslator({ locale, messages: { en, fr, es }[locale], namespace: 'Forms.errors' });
/** The refusal of a refund above what is held, as the form's language says it. */
const tooMuch = (locale: 'en' | 'fr' | 'es', heldMinor: number) => translate(locale)('refundTooMuch', { held: formatMoney({ amountMinor: heldMinor, currency: 'EUR' }, locale) });

describe.each(testDatabaseServers())('cancellation refunds through Stripe, on the $name server', (server) => {
  let database: IsolatedDatabase;
  let guideA: SessionUser;
  let guideB: SessionUser;
  let traveller: SessionUser;
  let support: SessionUser;
  let tripOfA: number;
  let n = 0;

  beforeAll(async () => {
    state.network = server.name === testDatabaseServers()[0]!.name ? '10.1.0' : '10.2.0';
    state.stripe = await startFakeStripe({ webhookSecret: 'whsec_test_cordee_refunds', port: state.port });
    database = await isolatedDatabase(server);
    state.db = database.db;
    const db = database.db;
    const [a, b] = await db.select({ id: guides.id }).from(guides).orderBy(guides.id).limit(2);
    await db.update(guides).set({ email: 'refunds-a@example.com' }).where(eq(guides.id, a!.id));
    await db.update(guides).set({ email: 'refunds-b@example.com' }).where(eq(guides.id, b!.id));
    tripOfA = (await db.select({ id: trips.id }).from(trips).where(eq(trips.guideId, a!.id)).limit(1))[0]!.id;
    const person = async (email: string, role: SessionUser['role'], guideId: number | null): Promise<SessionUser> => {
      const [row] = await db.insert(users).values({ email, role, guideId, locale: 'en' }).returning();
      return { id: row!.id, email, role, guideId, locale: 'en' };
    };
    guideA = await person('refunds-a@example.com', 'guide', a!.id);
    guideB = await person('refunds-b@example.com', 'guide', b!.id);
    traveller = await person('camille-refunds@example.com', 'traveller', null);
    support = await person('support-refunds@example.com', 'support', null);
  });
  afterAll(async () => {
    await database?.close();
    await state.stripe?.close();
  });
  beforeEach(() => {
    state.user = null;
  });

  const as = (user: SessionUser) => (state.user = user);
  const postAs = <T,>(user: SessionUser, action: Parameters<typeof post<T>>[0], values: object) => signedIn.run(user, () => post(action, values));
  const db = () => database.db;
  const deliver = async (events: FakeStripe['events']) => {
    for (const event of events) expect((await handleStripeWebhook(event.payload, event.header, db())).status).toBe(200);
  };

  /** A booking of guide A's trip, 1,000.00 EUR departing in 60 days, confirmed: its deposit's Checkout page open (the session id). */
  async function confirmedBooking() {
    n += 1;
    const [request] = await db()
      .insert(bookingRequests)
      .values({
        idempotencyKey: `refunds-req-${n}-0000000`,
        locale: 'fr',
        tripId: tripOfA,
        firstName: 'Camille',
        lastName: 'Roux',
        email: traveller.email,
        phone: '+33612345678',
        travellers: 2,
        days: 5,
        comment: 'Merci',
        currency: 'EUR',
        status: 'confirmed',
        proposedStartsOn: later(60),
        proposedEndsOn: later(64),
        proposedTotalMinor: 100000,
        proposedCurrency: 'EUR',
        acceptedTotalMinor: 100000,
        acceptedCurrency: 'EUR',
        depositDueAt: new Date(Date.now() + 72 * 3_600_000),
      })
      .returning();
    return { request: request!, session: await checkoutPage(request!.id, 'deposit') };
  }

  /** The traveller opens the Checkout page of a payment: its session id at the fake Stripe. */
  async function checkoutPage(requestId: number, kind: 'deposit' | 'remainder') {
    const start = await startCheckout({ requestId, travellerEmail: traveller.email, kind, locale: 'fr', consentText: 'J’autorise le débit du solde.', productName: 'Voyage' }, db());
    if (!start.ok) throw new Error(start.reason);
    return start.url.split('/pay/')[1]!;
  }

  /** Pays a Checkout page on the fake Stripe and delivers what Stripe then sends. */
  async function payPage(session: string, card: 'succeed' | 'authenticate' = 'succeed') {
    const before = state.stripe.events.length;
    state.stripe.pay(session, card);
    await deliver(state.stripe.events.slice(before));
  }

  /**
   * A confirmed booking with its deposit paid (secured), and its remainder charged when asked; with
   * `card: 'authenticate'` the saved card needs the bank's approval off-session, so the remainder
   * charge fails and waits for the traveller.
   */
  async function securedBooking(options: { remainderPaid?: boolean; card?: 'succeed' | 'authenticate' } = {}) {
    const { request, session } = await confirmedBooking();
    await payPage(session, options.card);
    if (options.remainderPaid || options.card === 'authenticate') {
      const [remainder] = await db().select().from(payments).where(and(eq(payments.bookingRequestId, request.id), eq(payments.kind, 'remainder')));
      await runPayments(remainder!.dueAt!, db(), request.id);
    }
    const [stored] = await db().select().from(bookingRequests).where(eq(bookingRequests.id, request.id));
    expect(stored!.status).toBe('secured');
    return stored!;
  }

  /** What the fake Stripe still holds for a booking: its succeeded PaymentIntents less their refunds. */
  const heldByStripe = (requestId: number) => {
    const intents = [...state.stripe.intents.values()].filter((intent) => intent.status === 'succeeded' && (intent.metadata as Record<string, string>).bookingRequestId === String(requestId));
    const ids = new Set(intents.map((intent) => intent.id));
    const paid = intents.reduce((sum, intent) => sum + Number(intent.amount_received), 0);
    const refunded = [...state.stripe.refunds.values()].filter((refund) => ids.has(refund.payment_intent)).reduce((sum, refund) => sum + Number(refund.amount), 0);
    return paid - refunded;
  };

  /** The ledger's invariants for a booking: every entry sums to zero, and its Stripe balance is what Stripe holds. */
  async function expectLedgerMatchesStripe(requestId: number, held: number) {
    const unbalanced = await db().execute(
      sql`SELECT e.id FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id WHERE e.booking_request_id = ${requestId} GROUP BY e.id HAVING sum(l.amount_minor) <> 0`,
    );
    expect(unbalanced.rows).toEqual([]);
    const ledger = await bookingLedger(requestId, db());
    expect(heldByStripe(requestId)).toBe(held);
    expect(ledger.stripe_balance).toBe(held);
    expect(ledger.traveller_paid).toBe(0);
    expect(ledger.refunds).toBe(0);
    expect(ledger.owed_to_guide + ledger.platform_fee + held).toBe(0);
  }

  const mailsOf = async (requestId: number) => (await db().select({ kind: outboxEmails.kind }).from(outboxEmails).where(like(outboxEmails.dedupeKey, `booking:${requestId}:%`)).orderBy(outboxEmails.id)).map((mail) => mail.kind);
  const refundsOf = (requestId: number) =>
    db()
      .select({ paymentKind: payments.kind, amountMinor: refunds.amountMinor, reason: refunds.reason, status: refunds.status, idempotencyKey: refunds.idempotencyKey })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingRequestId, requestId))
      .orderBy(refunds.id);
  const refundCallsFor = (requestId: number) => {
    const intents = new Set([...state.stripe.intents.values()].filter((intent) => (intent.metadata as Record<string, string>).bookingRequestId === String(requestId)).map((intent) => intent.id));
    return state.stripe.requests.filter((entry) => entry.method === 'POST' && entry.path === '/v1/refunds' && intents.has(entry.body.payment_intent as string));
  };
  /** The events the fake Stripe sent about this booking's charges. */
  const stripeEventsOf = (requestId: number, type: string) =>
    state.stripe.events.filter((event) => {
      const object = (JSON.parse(event.payload) as { data: { object: { payment_intent?: string } } }).data.object;
      const intent = state.stripe.intents.get(object.payment_intent ?? '');
      return event.type === type && (intent?.metadata as Record<string, string> | undefined)?.bookingRequestId === String(requestId);
    });
  const statusOf = async (id: number) => (await db().select({ status: bookingRequests.status }).from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!.status;

  it('a guide cancelling a secured booking: refused to anyone else, localized, changing nothing', async () => {
    const booking = await securedBooking();
    const mailsBefore = await mailsOf(booking.id);
    const reason = 'Risque d’avalanche trop élevé.';
    for (const [user, locale, message] of [
      [traveller, 'fr', fr.Forms.errors.requestNotFound],
      [guideB, 'es', es.Forms.errors.requestNotFound],
      [support, 'en', en.Forms.errors.requestNotFound],
    ] as const) {
      as(user);
      expect(await post(actions.cancelSecuredBooking, form({ locale, reference: booking.reference, reason })), user.email).toMatchObject({ status: 'refused', formError: expect.any(String), fieldErrors: { form: message } });
    }
    expect(await statusOf(booking.id)).toBe('secured');
    expect(await refundsOf(booking.id)).toEqual([]);
    expect(refundCallsFor(booking.id)).toEqual([]);
    expect(await mailsOf(booking.id)).toEqual(mailsBefore);
    expect(await db().select().from(threadMessages).where(and(eq(threadMessages.threadKind, 'booking'), eq(threadMessages.threadId, booking.id)))).toEqual([]);
    await expectLedgerMatchesStripe(booking.id, 30000);
  });

  it('a guide cancels a secured booking: twice at once and once more, it is cancelled once and everything paid is refunded once through Stripe', async () => {
    const booking = await securedBooking();
    as(guideA);
    const submission = form({ locale: 'fr', reference: booking.reference, reason: 'Risque d’avalanche trop élevé.' });
    const results = await Promise.all([post(actions.cancelSecuredBooking, submission), post(actions.cancelSecuredBooking, submission)]);
    expect(results).toMatchObject([
      { status: 'sent', result: { ok: true, reference: formatReference(booking.reference) } },
      { status: 'sent', result: { ok: true, reference: formatReference(booking.reference) } },
    ]);
    // The same form sent again (a retry after a lost answer) answers as the first; with another reason, it is a conflict.
    expect(await post(actions.cancelSecuredBooking, submission)).toMatchObject({ status: 'sent', result: { ok: true, reference: formatReference(booking.reference) } });
    expect(await post(actions.cancelSecuredBooking, { ...submission, reason: 'Autre chose' })).toMatchObject({ status: 'refused', formError: fr.Forms.errors.alreadySentOtherwise, fieldErrors: {} });

    expect(await statusOf(booking.id)).toBe('cancelled');
    const events = await db().select().from(bookingRequestEvents).where(and(eq(bookingRequestEvents.requestId, booking.id), eq(bookingRequestEvents.toStatus, 'cancelled')));
    expect(events.map((event) => [event.fromStatus, event.actorRole, event.actorUserId])).toEqual([['secured', 'guide', guideA.id]]);
    const [remainder] = await db().select({ status: payments.status }).from(payments).where(and(eq(payments.bookingRequestId, booking.id), eq(payments.kind, 'remainder')));
    expect(remainder!.status).toBe('canceled');
    // Queued in the cancellation's transaction, sent to Stripe at once with its key, confirmed.
    const queued = await refundsOf(booking.id);
    expect(queued).toEqual([{ paymentKind: 'deposit', amountMinor: 30000, reason: 'guideCancelled', status: 'succeeded', idempotencyKey: expect.stringMatching(/^refund:\d+:cancellation$/) }]);
    expect(new Set(refundCallsFor(booking.id).map((call) => call.idempotencyKey))).toEqual(new Set([queued[0]!.idempotencyKey]));
    await expectLedgerMatchesStripe(booking.id, 0);
    // Stripe's own notice of the refund arrives later: nothing more happens.
    const notices = stripeEventsOf(booking.id, 'refund.created');
    expect(notices).toHaveLength(1);
    await deliver(notices);
    await expectLedgerMatchesStripe(booking.id, 0);

    const kinds = await mailsOf(booking.id);
    expect(kinds.filter((kind) => kind === 'request-guide-cancelled')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'request-guide-cancelled-guide')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'payment-refund-sent')).toHaveLength(1);
    const messages = await db().select({ body: threadMessages.body }).from(threadMessages).where(and(eq(threadMessages.threadKind, 'booking'), eq(threadMessages.threadId, booking.id)));
    expect(messages).toEqual([{ body: 'Risque d’avalanche trop élevé.' }]);
  });

  it('a refund Stripe cannot make now waits for the payments run, and never holds back the others', async () => {
    const stuck = await securedBooking();
    const down = await securedBooking();
    const [stuckIntent] = [...state.stripe.intents.values()].filter((intent) => (intent.metadata as Record<string, string>).bookingRequestId === String(stuck.id));
    const client = stripeClient()!;
    const create = client.refunds.create.bind(client.refunds);
    // Stripe refuses the first booking's refund for good; it is unreachable for the second's first try.
    let reachable = false;
    const spy = vi.spyOn(client.refunds, 'create').mockImplementation(((params: { payment_intent?: string }, options: unknown) => {
      if (params.payment_intent === stuckIntent!.id || !reachable) return Promise.reject(Object.assign(new Error('refused'), { type: 'StripeInvalidRequestError' }));
      return create(params as never, options as never);
    }) as never);
    try {
      as(guideA);
      for (const booking of [stuck, down]) expect(await post(actions.cancelSecuredBooking, form({ reference: booking.reference, reason: 'Storm warning.' }))).toMatchObject({ status: 'sent', result: { ok: true, reference: formatReference(booking.reference) } });
      expect((await refundsOf(down.id)).map((refund) => refund.status)).toEqual(['pending']);
      await expectLedgerMatchesStripe(down.id, 30000);
      reachable = true;
      await runPayments(new Date(), db());
      expect((await refundsOf(stuck.id)).map((refund) => refund.status)).toEqual(['pending']);
      expect((await refundsOf(down.id)).map((refund) => refund.status)).toEqual(['succeeded']);
      await expectLedgerMatchesStripe(stuck.id, 30000);
      await expectLedgerMatchesStripe(down.id, 0);
      expect((await mailsOf(down.id)).filter((kind) => kind === 'payment-refund-sent')).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('support refunds a late cancellation: the remainder first, never more than is held, each submission once', async () => {
    const booking = await securedBooking({ remainderPaid: true });
    await expectLedgerMatchesStripe(booking.id, 100000);
    // Paid a week ago: the traveller's cancellation is past the free window, so support applies the terms.
    await db().execute(sql`UPDATE payments SET paid_at = now() - interval '7 days' WHERE booking_request_id = ${booking.id}`);
    await db().update(bookingRequests).set({ securedAt: new Date(Date.now() - 7 * 86_400_000) }).where(eq(bookingRequests.id, booking.id));
    as(traveller);
    expect(await post(actions.cancelBookingRequest, form({ reference: booking.reference }))).toMatchObject({ status: 'sent', result: { ok: true, reference: formatReference(booking.reference) } });
    expect(await refundsOf(booking.id)).toEqual([]);
    expect((await mailsOf(booking.id)).filter((kind) => kind === 'payment-cancellation-review')).toHaveLength(1);
    const review = async () => (await listCancellationReviews(50, db())).find((entry) => entry.request.id === booking.id);
    expect(await review()).toMatchObject({ paidMinor: 100000, refundableMinor: 100000, currency: 'EUR' });

    // Not support's: refused. Above what is held: refused, in the form's language. Nothing changes.
    for (const user of [traveller, guideA]) {
      as(user);
      expect(await post(actions.refundCancellation, form({ reference: booking.reference, amount: 10 }))).toMatchObject({ status: 'refused', fieldErrors: { form: en.Forms.errors.requestNotFound } });
    }
    as(support);
    expect(await post(actions.refundCancellation, form({ locale: 'fr', reference: booking.reference, amount: '1\u202f000,01' }))).toMatchObject({ status: 'refused', fieldErrors: { amount: tooMuch('fr', 100000) } });
    // Written as another language writes it, or as code would: refused, never guessed.
    for (const amount of ['1000.01', '0x10', '1e1', '-5']) {
      expect(await post(actions.refundCancellation, form({ locale: 'fr', reference: booking.reference, amount })), amount).toMatchObject({ status: 'refused', fieldErrors: { amount: fr.Forms.errors.amountFormat } });
    }
    expect(await post(actions.refundCancellation, form({ locale: 'es', reference: booking.reference, amount: 0 }))).toMatchObject({ status: 'refused', fieldErrors: { amount: es.Forms.errors.refundAmount } });
    expect(await refundsOf(booking.id)).toEqual([]);
    expect(refundCallsFor(booking.id)).toEqual([]);

    // 800.00: the remainder's 700.00 first, then 100.00 of the deposit; the same form again refunds nothing more.
    const first = form({ reference: booking.reference, amount: 800 });
    expect(await post(actions.refundCancellation, first)).toMatchObject({ status: 'sent', result: { ok: true, reference: formatReference(booking.reference) } });
    expect(await post(actions.refundCancellation, first)).toMatchObject({ status: 'sent', result: { ok: true, reference: formatReference(booking.reference) } });
    // Another form, sent twice at once: 100.00 once.
    const second = form({ reference: booking.reference, amount: 100 });
    expect(await Promise.all([post(actions.refundCancellation, second), post(actions.refundCancellation, second)])).toMatchObject([
      { status: 'sent', result: { ok: true, reference: formatReference(booking.reference) } },
      { status: 'sent', result: { ok: true, reference: formatReference(booking.reference) } },
    ]);
    const sent = await refundsOf(booking.id);
    expect(sent.map((refund) => [refund.paymentKind, refund.amountMinor, refund.reason, refund.status])).toEqual([
      ['remainder', 70000, 'support', 'succeeded'],
      ['deposit', 10000, 'support', 'succeeded'],
      ['deposit', 10000, 'support', 'succeeded'],
    ]);
    const calls = refundCallsFor(booking.id);
    expect(new Set(calls.map((call) => call.idempotencyKey))).toEqual(new Set(sent.map((refund) => refund.idempotencyKey)));
    expect([...state.stripe.refunds.values()].filter((refund) => calls.some((call) => call.body.payment_intent === refund.payment_intent))).toHaveLength(3);
    await expectLedgerMatchesStripe(booking.id, 10000);
    const stored = await db().select({ kind: payments.kind, refundedMinor: payments.refundedMinor }).from(payments).where(eq(payments.bookingRequestId, booking.id)).orderBy(payments.id);
    expect(stored).toEqual([
      { kind: 'deposit', refundedMinor: 20000 },
      { kind: 'remainder', refundedMinor: 70000 },
    ]);
    expect((await mailsOf(booking.id)).filter((kind) => kind === 'payment-refund-sent')).toHaveLength(3);
    expect(await review()).toMatchObject({ paidMinor: 100000, refundableMinor: 10000 });

    // What is left: 100.01 is more than is held; 100.00 empties it, and the review leaves the list.
    expect(await post(actions.refundCancellation, form({ reference: booking.reference, amount: '100.01' }))).toMatchObject({ status: 'refused', fieldErrors: { amount: tooMuch('en', 10000) } });
    expect(await post(actions.refundCancellation, form({ reference: booking.reference, amount: 100 }))).toMatchObject({ status: 'sent', result: { ok: true, reference: formatReference(booking.reference) } });
    await expectLedgerMatchesStripe(booking.id, 0);
    expect(await review()).toBeUndefined();
  });

  it('support: the same key with another amount is a conflict, not a silent second answer', async () => {
    const booking = await securedBooking();
    await db().execute(sql`UPDATE payments SET paid_at = now() - interval '7 days' WHERE booking_request_id = ${booking.id}`);
    await db().update(bookingRequests).set({ securedAt: new Date(Date.now() - 7 * 86_400_000) }).where(eq(bookingRequests.id, booking.id));
    as(traveller);
    expect(await post(actions.cancelBookingRequest, form({ reference: booking.reference }))).toMatchObject({ status: 'sent' });
    as(support);
    const submission = form({ reference: booking.reference, amount: 50 });
    expect(await post(actions.refundCancellation, submission)).toMatchObject({ status: 'sent', result: { ok: true, reference: formatReference(booking.reference) } });
    expect(await post(actions.refundCancellation, { ...submission, amount: 60 })).toMatchObject({ status: 'refused', formError: en.Forms.errors.alreadySentOtherwise, fieldErrors: {} });
    expect((await refundsOf(booking.id)).map((refund) => refund.amountMinor)).toEqual([5000]);
    await expectLedgerMatchesStripe(booking.id, 25000);
    // Less than a cent is not an amount of euros: refused, never rounded into a refund nobody typed.
    expect(await post(actions.refundCancellation, form({ reference: booking.reference, amount: '10.005' }))).toMatchObject({ status: 'refused', fieldErrors: { amount: translate('en')('refundDecimals', { digits: 2 }) } });
    // Two forms at once asking 200.00 each of the 250.00 held: one goes through, the other is refused.
    const results = await Promise.all([post(actions.refundCancellation, form({ reference: booking.reference, amount: 200 })), post(actions.refundCancellation, form({ reference: booking.reference, amount: 200 }))]);
    expect(results.filter((result) => result.status === 'sent')).toHaveLength(1);
    expect(results.find((result) => result.status !== 'sent')).toMatchObject({ fieldErrors: { amount: tooMuch('en', 5000) } });
    expect((await refundsOf(booking.id)).map((refund) => refund.amountMinor)).toEqual([5000, 20000]);
    await expectLedgerMatchesStripe(booking.id, 5000);
  });

  it('a guide cancelling a booking paid in full refunds both payments, each once', async () => {
    const booking = await securedBooking({ remainderPaid: true });
    as(guideA);
    expect(await post(actions.cancelSecuredBooking, form({ locale: 'es', reference: booking.reference, reason: 'Cierre del refugio.' }))).toMatchObject({ status: 'sent', result: { ok: true, reference: formatReference(booking.reference) } });
    const sent = await refundsOf(booking.id);
    expect(sent.map((refund) => [refund.paymentKind, refund.amountMinor, refund.reason, refund.status])).toEqual([
      ['deposit', 30000, 'guideCancelled', 'succeeded'],
      ['remainder', 70000, 'guideCancelled', 'succeeded'],
    ]);
    expect(refundCallsFor(booking.id)).toHaveLength(2);
    await expectLedgerMatchesStripe(booking.id, 0);
    const kinds = await mailsOf(booking.id);
    expect(kinds.filter((kind) => kind === 'request-guide-cancelled')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'payment-refund-sent')).toHaveLength(2);
  });

  /** Past the free window: paid a week ago, so the traveller's own cancellation refunds nothing automatically. */
  async function paidLongAgo(requestId: number) {
    await db().execute(sql`UPDATE payments SET paid_at = now() - interval '7 days' WHERE booking_request_id = ${requestId}`);
    await db().update(bookingRequests).set({ securedAt: new Date(Date.now() - 7 * 86_400_000) }).where(eq(bookingRequests.id, requestId));
  }
  /** Lets the other side's steps go first by `count` database round trips (a different interleaving each round, no clock). */
  const yieldTimes = async (count: number) => {
    for (let i = 0; i < count; i += 1) await db().execute(sql`SELECT 1`);
  };
  const retryLater = (result: { formError: string | null }) => result.formError === en.Forms.errors.retryLater;
  /** The refusals of a cancellation that came second, as the form's language (en here) says them. */
  const alreadyCancelled = (by: string) => translate('en')('alreadyCancelled', { by });
  const alreadyRefunded = (by: string, amountMinor: number) => translate('en')('alreadyCancelledRefunded', { by, amount: formatMoney({ amountMinor, currency: 'EUR' }, 'en') });
  const ROUNDS = 20;

  it('cancel against cancel: of four traveller and four guide forms at once, one is decided, the others told who cancelled, no reason nor refund lost', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const booking = await securedBooking();
      await paidLongAgo(booking.id);
      const reasons = [0, 1, 2, 3].map((i) => `Orage annoncé (${round}.${i}).`);
      const sends = [0, 1, 2, 3].flatMap((i) => [
        async () => {
          await yieldTimes(round % 2 === 0 ? i % 2 : 4 + ((round + i) % 5));
          return { side: 'traveller' as const, result: await postAs(traveller, actions.cancelBookingRequest, form({ locale: 'en', reference: booking.reference })) };
        },
        async () => {
          await yieldTimes(round % 2 === 0 ? 3 + ((round + i) % 4) : i % 2);
          return { side: 'guide' as const, result: await postAs(guideA, actions.cancelSecuredBooking, form({ locale: 'en', reference: booking.reference, reason: reasons[i]! })) };
        },
      ]);
      const results = await Promise.all(sends.map((send) => send()));
      expect(results.filter(({ result }) => retryLater(result)), `round ${round}`).toEqual([]);
      const decided = results.filter(({ result }) => result.status === 'sent');
      expect(decided, `round ${round}`).toHaveLength(1);
      const winner = decided[0]!.side;
      const events = await db().select().from(bookingRequestEvents).where(and(eq(bookingRequestEvents.requestId, booking.id), eq(bookingRequestEvents.toStatus, 'cancelled')));
      expect(events.map((event) => event.actorRole)).toEqual([winner]);
      // Each other form is told the truth: who cancelled, and for the first guide after a traveller, that the guide's rule refunded what was held.
      const told = results.filter(({ result }) => result.status !== 'sent').map(({ side, result }) => [side, result.fieldErrors.form]);
      const expected =
        winner === 'guide'
          ? [...Array(4).fill(['traveller', alreadyCancelled('guide')]), ...Array(3).fill(['guide', alreadyCancelled('you')])]
          : [...Array(3).fill(['traveller', alreadyCancelled('you')]), ['guide', alreadyRefunded('traveller', 30000)], ...Array(3).fill(['guide', alreadyCancelled('traveller')])];
      expect(told.sort(), `round ${round}`).toEqual(expected.sort());
      // Every guide's reason is in the conversation; everything paid went back once (the guide's rule), and the ledger says so.
      const messages = await db().select({ body: threadMessages.body }).from(threadMessages).where(and(eq(threadMessages.threadKind, 'booking'), eq(threadMessages.threadId, booking.id)));
      expect(messages.map((message) => message.body).sort()).toEqual([...reasons].sort());
      expect((await refundsOf(booking.id)).map((refund) => [refund.amountMinor, refund.reason, refund.status])).toEqual([[30000, 'guideCancelled', 'succeeded']]);
      await expectLedgerMatchesStripe(booking.id, 0);
      const kinds = await mailsOf(booking.id);
      expect(kinds.filter((kind) => kind === 'request-guide-cancelled')).toHaveLength(1);
      expect(kinds.filter((kind) => kind === 'payment-cancellation-review')).toHaveLength(winner === 'traveller' ? 1 : 0);
    }
  }, 240_000);

  it('pay against cancel, the deposit: whichever comes first, nothing stays held and the ledger says so', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { request, session } = await confirmedBooking();
      as(traveller);
      const [paid, cancelled] = await Promise.all([
        (async () => {
          await yieldTimes(round * 3);
          const before = state.stripe.events.length;
          try {
            state.stripe.pay(session, 'succeed');
          } catch {
            return false; // The page was expired first: nobody can pay on it.
          }
          // The webhook (confirmPayment) races the cancellation's transaction.
          await deliver(state.stripe.events.slice(before));
          return true;
        })(),
        (async () => {
          await yieldTimes(round % 3);
          return post(actions.cancelBookingRequest, form({ locale: 'en', reference: request.reference }));
        })(),
      ]);
      expect(cancelled, `round ${round}`).toMatchObject({ status: 'sent' });
      expect(await statusOf(request.id)).toBe('cancelled');
      await runPayments(new Date(), db(), request.id);
      await expectLedgerMatchesStripe(request.id, 0);
      expect(state.stripe.sessions.get(session)!.status).not.toBe('open');
      if (paid) expect((await refundsOf(request.id)).map((refund) => refund.amountMinor)).toEqual([30000]);
      const kinds = await mailsOf(request.id);
      // Paid after the cancellation: told it is refunded, never sent a receipt.
      if (kinds.includes('payment-paid-after-end')) expect(kinds).not.toContain('payment-deposit-receipt');
    }
  }, 240_000);

  it('pay against cancel, the remainder: the traveller pays the remainder page while the guide cancels; nothing stays held', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const booking = await securedBooking({ card: 'authenticate' });
      const [remainder] = await db().select().from(payments).where(and(eq(payments.bookingRequestId, booking.id), eq(payments.kind, 'remainder')));
      expect(remainder!.status).toBe('requires_action');
      const session = await checkoutPage(booking.id, 'remainder');
      const [paid, cancelled] = await Promise.all([
        (async () => {
          await yieldTimes(round * 3);
          try {
            await payPage(session);
            return true;
          } catch {
            return false;
          }
        })(),
        (async () => {
          await yieldTimes(round % 3);
          as(guideA);
          return post(actions.cancelSecuredBooking, form({ locale: 'en', reference: booking.reference, reason: 'Refuge fermé.' }));
        })(),
      ]);
      expect(cancelled, `round ${round}`).toMatchObject({ status: 'sent' });
      await runPayments(new Date(), db(), booking.id);
      await expectLedgerMatchesStripe(booking.id, 0);
      expect(state.stripe.sessions.get(session)!.status).not.toBe('open');
      const kinds = await mailsOf(booking.id);
      const back = await refundsOf(booking.id);
      if (paid) expect(back.reduce((sum, refund) => sum + refund.amountMinor, 0)).toBe(100000);
      // Paid while the booking stood: a receipt, then the guide's refund; paid after it ended: refunded on arrival, told so, no receipt.
      const remainderBack = back.find((refund) => refund.paymentKind === 'remainder');
      expect(kinds.includes('payment-remainder-receipt'), `round ${round}`).toBe(remainderBack?.reason === 'guideCancelled');
      expect(kinds.includes('payment-paid-after-end'), `round ${round}`).toBe(remainderBack?.reason === 'booking_ended');
    }
  }, 240_000);

  it('the remainder page left open when the guide cancels can no longer be paid; paid before, it is refunded in full with an honest e-mail', async () => {
    // The page still open in another tab when the guide cancels: the cancellation closes it at Stripe.
    const closed = await securedBooking({ card: 'authenticate' });
    const page = await checkoutPage(closed.id, 'remainder');
    as(guideA);
    expect(await post(actions.cancelSecuredBooking, form({ locale: 'en', reference: closed.reference, reason: 'Refuge fermé.' }))).toMatchObject({ status: 'sent' });
    expect(state.stripe.requests.filter((entry) => entry.path === `/v1/checkout/sessions/${page}/expire`)).toHaveLength(1);
    expect(state.stripe.sessions.get(page)!.status).toBe('expired');
    expect(() => state.stripe.pay(page, 'succeed')).toThrow();
    await expectLedgerMatchesStripe(closed.id, 0);
    const [forgotten] = await db().select().from(payments).where(and(eq(payments.bookingRequestId, closed.id), eq(payments.kind, 'remainder')));
    expect(forgotten).toMatchObject({ status: 'canceled', checkoutSessionId: null });
    // Another payments run asks nothing more of Stripe.
    const calls = state.stripe.requests.length;
    await runPayments(new Date(), db(), closed.id);
    expect(state.stripe.requests.slice(calls).filter((entry) => entry.path.includes('/checkout/'))).toEqual([]);

    // Paid at Stripe just before the cancellation, its webhook lost: the cancellation finds the page completed, and refunds it.
    const late = await securedBooking({ card: 'authenticate' });
    const paidPage = await checkoutPage(late.id, 'remainder');
    state.stripe.pay(paidPage, 'succeed');
    expect(await post(actions.cancelSecuredBooking, form({ locale: 'en', reference: late.reference, reason: 'Refuge fermé.' }))).toMatchObject({ status: 'sent' });
    await runPayments(new Date(), db(), late.id);
    expect((await refundsOf(late.id)).map((refund) => [refund.paymentKind, refund.amountMinor, refund.reason, refund.status])).toEqual([
      ['deposit', 30000, 'guideCancelled', 'succeeded'],
      ['remainder', 70000, 'booking_ended', 'succeeded'],
    ]);
    await expectLedgerMatchesStripe(late.id, 0);
    const kinds = await mailsOf(late.id);
    expect(kinds).toContain('payment-paid-after-end');
    expect(kinds).not.toContain('payment-remainder-receipt');
    const [notice] = await db().select({ subject: outboxEmails.subject, text: outboxEmails.text }).from(outboxEmails).where(and(like(outboxEmails.dedupeKey, `booking:${late.id}:%`), eq(outboxEmails.kind, 'payment-paid-after-end')));
    // In the traveller's language (fr), the whole remainder.
    expect(notice!.subject).toBe(createTranslator({ locale: 'fr', messages: fr, namespace: 'Emails.payment' })('paidAfterEndSubject', { amount: formatMoney({ amountMinor: 70000, currency: 'EUR' }, 'fr') }));
    // The webhooks arrive after all, twice: nothing more.
    const replay = state.stripe.events.filter((event) => event.payload.includes(paidPage) || event.type === 'payment_intent.succeeded');
    await deliver(replay);
    await deliver(replay);
    await expectLedgerMatchesStripe(late.id, 0);
    expect((await refundsOf(late.id)).length).toBe(2);
  });

  it('refund against refund: support forms and payments runs at once serialize on the booking, never past what is held', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const booking = await securedBooking({ remainderPaid: true });
      await paidLongAgo(booking.id);
      as(traveller);
      expect(await post(actions.cancelBookingRequest, form({ reference: booking.reference }))).toMatchObject({ status: 'sent' });
      // One refund queued and not sent yet, which the runs below send (confirmRefund) while support queues more.
      expect(await queueSupportRefund(booking.id, '250', `race-${round}-0000000`, db())).toEqual({ ok: true });
      const amounts = ['300', '300', '300', '100'];
      const results = await Promise.all([
        ...amounts.map(async (amount, i) => {
          await yieldTimes((round + i) % 3);
          return postAs(support, actions.refundCancellation, form({ reference: booking.reference, amount }));
        }),
        runPayments(new Date(), db(), booking.id),
        runPayments(new Date(), db(), booking.id),
      ]);
      const answers = results.slice(0, amounts.length) as Array<Awaited<ReturnType<typeof post>>>;
      expect(answers.filter(retryLater), `round ${round}`).toEqual([]);
      const accepted = answers.flatMap((answer, i) => (answer.status === 'sent' ? [Number(amounts[i]) * 100] : []));
      // 750.00 held after the first 250.00: three of 300+300+300+100 fit at most; each refusal says what was still held.
      expect(accepted.reduce((sum, amount) => sum + amount, 0)).toBeLessThanOrEqual(75000);
      for (const answer of answers.filter((entry) => entry.status !== 'sent')) expect(answer.fieldErrors.amount).toMatch(/^Only €[\d,.]+ is still held/);
      await runPayments(new Date(), db(), booking.id);
      const refunded = 25000 + accepted.reduce((sum, amount) => sum + amount, 0);
      await expectLedgerMatchesStripe(booking.id, 100000 - refunded);
      expect((await refundsOf(booking.id)).every((refund) => refund.status === 'succeeded')).toBe(true);
    }
  }, 240_000);

  it('property: after any interleaving of paying, failing, cancelling, refunding and replaying webhooks, the ledger is what Stripe holds, and a cancelled booking holds nothing', async () => {
    const steps = ['payDeposit', 'payDepositNeedsBank', 'chargeRemainder', 'openRemainderPage', 'payOpenPages', 'payOpenPagesWebhookLost', 'cancelTraveller', 'cancelGuide', 'supportRefund', 'replayWebhooks', 'runPayments'] as const;
    type Step = (typeof steps)[number];
    await fc.assert(
      // From a booking confirmed, secured, secured with its remainder refused by the bank (its page open), or paid in full.
      fc.asyncProperty(fc.constantFrom('confirmed', 'secured', 'remainderFailed', 'paidInFull'), fc.array(fc.tuple(fc.constantFrom(...steps), fc.boolean()), { minLength: 2, maxLength: 9 }), async (start, plan) => {
        const { request, session } = await confirmedBooking();
        const remainderOf = async () => (await db().select().from(payments).where(and(eq(payments.bookingRequestId, request.id), eq(payments.kind, 'remainder'))))[0];
        const pages = [session];
        if (start !== 'confirmed') await payPage(session, start === 'remainderFailed' ? 'authenticate' : 'succeed');
        if (start === 'remainderFailed' || start === 'paidInFull') await runPayments((await remainderOf())!.dueAt!, db(), request.id);
        if (start === 'remainderFailed') pages.push(await checkoutPage(request.id, 'remainder'));
        const ownEvents = () => state.stripe.events.filter((event) => event.payload.includes(`"bookingRequestId":"${request.id}"`));
        const tryPay = async (page: string, card: 'succeed' | 'authenticate') => {
          if (state.stripe.sessions.get(page)?.status === 'open') await payPage(page, card);
        };
        const run = async (step: Step) => {
          if (step === 'payDeposit') return tryPay(session, 'succeed');
          if (step === 'payDepositNeedsBank') return tryPay(session, 'authenticate');
          if (step === 'chargeRemainder') {
            const remainder = await remainderOf();
            if (remainder?.dueAt) await runPayments(remainder.dueAt, db(), request.id);
            return;
          }
          if (step === 'openRemainderPage') {
            const start = await startCheckout({ requestId: request.id, travellerEmail: traveller.email, kind: 'remainder', locale: 'fr', consentText: '', productName: 'Voyage' }, db());
            if (start.ok) pages.push(start.url.split('/pay/')[1]!);
            return;
          }
          if (step === 'payOpenPages') {
            for (const page of pages) await tryPay(page, 'succeed');
            return;
          }
          // Paid at Stripe, its webhook lost: only a later replay, the reconciliation or a cancellation's expiry learns of it.
          if (step === 'payOpenPagesWebhookLost') {
            for (const page of pages) if (state.stripe.sessions.get(page)?.status === 'open') state.stripe.pay(page, 'succeed');
            return;
          }
          if (step === 'cancelTraveller') return void (await postAs(traveller, actions.cancelBookingRequest, form({ reference: request.reference })));
          if (step === 'cancelGuide') return void (await postAs(guideA, actions.cancelSecuredBooking, form({ reference: request.reference, reason: 'Tempête.' })));
          if (step === 'supportRefund') return void (await postAs(support, actions.refundCancellation, form({ reference: request.reference, amount: '50' })));
          if (step === 'replayWebhooks') return deliver(ownEvents());
          await runPayments(new Date(), db(), request.id);
        };
        // Steps flagged `true` run at once with the next one.
        for (let i = 0; i < plan.length; ) {
          const group = [plan[i]![0]];
          while (plan[i]![1] && i + 1 < plan.length) group.push(plan[++i]![0]);
          i += 1;
          const outcomes = await Promise.allSettled(group.map(run));
          expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
        }
        // The payments run sends what was queued; webhooks come again.
        await runPayments(new Date(), db(), request.id);
        await deliver(ownEvents());
        const status = await statusOf(request.id);
        await expectLedgerMatchesStripe(request.id, status === 'cancelled' ? 0 : heldByStripe(request.id));
        if (status === 'cancelled') expect(pages.filter((page) => state.stripe.sessions.get(page)!.status === 'open')).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 600_000);

  it('a payment is only confirmed by an intent that names it: a completed page pointing at another payment’s intent changes nothing', async () => {
    const { request: unpaid, session } = await confirmedBooking();
    const other = await securedBooking();
    const [otherDeposit] = await db().select().from(payments).where(and(eq(payments.bookingRequestId, other.id), eq(payments.kind, 'deposit')));
    // Same amount, a real succeeded intent, but of the other booking's deposit.
    const page = { ...state.stripe.sessions.get(session)!, status: 'complete', payment_status: 'paid', payment_intent: otherDeposit!.paymentIntentId };
    const payload = JSON.stringify({ id: `evt_forged_${unpaid.id}`, object: 'event', type: 'checkout.session.completed', created: 0, livemode: false, api_version: '2025-01-01', data: { object: page } });
    const header = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret: 'whsec_test_cordee_refunds' });
    expect((await handleStripeWebhook(payload, header, db())).status).toBe(200);
    expect(await statusOf(unpaid.id)).toBe('confirmed');
    const [deposit] = await db().select({ status: payments.status, paymentIntentId: payments.paymentIntentId }).from(payments).where(and(eq(payments.bookingRequestId, unpaid.id), eq(payments.kind, 'deposit')));
    expect(deposit).toEqual({ status: 'open', paymentIntentId: null });
    expect(await bookingLedger(unpaid.id, db())).toMatchObject({ stripe_balance: 0 });
    expect(vi.mocked(logJsonLine)).toHaveBeenCalledWith(expect.objectContaining({ msg: 'stripe payment not recorded', reason: 'intentNamesAnotherPayment' }));
  });

  it('a confirmation that lapses unpaid closes its deposit page at Stripe', async () => {
    const { request, session } = await confirmedBooking();
    expect(await runPayments(new Date(Date.now() + 73 * 3_600_000), db(), request.id)).toMatchObject({ lapsed: 1, expired: 1 });
    expect(await statusOf(request.id)).toBe('lapsed');
    expect(state.stripe.sessions.get(session)!.status).toBe('expired');
    expect(() => state.stripe.pay(session, 'succeed')).toThrow();
    await expectLedgerMatchesStripe(request.id, 0);
  });
});
