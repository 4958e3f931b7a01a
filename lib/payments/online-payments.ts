import 'server-only';
import type Stripe from 'stripe';
import { getDb } from '../db/client';
import type { Database, DatabaseTransaction } from '../db/database';
import {
  claimDueRemainders,
  claimStripeEvent,
  confirmPayment,
  confirmRefund,
  deferRefund,
  findPayment,
  forgetCheckoutSession,
  forgetStripeEvent,
  lapseUnpaidConfirmations,
  listCanceledCheckouts,
  listPendingRefunds,
  listStuckPayments,
  markPaymentFailed,
  paymentMailFacts,
  preparePayment,
  remindUpcomingRemainders,
  saveCheckoutSession,
  touchStuckPayment,
  type PaymentEmails,
  type PaymentSettings,
} from '../db/queries/payments';
import type { Payment, PaymentKind, Refund } from '../db/schema';
import { env } from '../env';
import type { Locale } from '../locales';
import { paymentEmail, type OutboxEmailInput, type PaymentEmailInput, type PaymentEmailStep } from '../mail/templates';
import { kickOutbox, logJsonLine } from '../mail/worker';
import { fromStripeAmount, toStripeAmount } from './amounts';
import { accountPath } from '../routing/account-pages';
import { idOf, stripeClient, stripeErrorText } from './stripe';
import { applyConnectEvent, runGuidePayouts } from './connect';
import { scheduleEvery } from '../schedule';

export const paymentSettings = (): PaymentSettings => ({ feePercent: env.PLATFORM_FEE_PERCENT, remainderDaysBefore: env.REMAINDER_DAYS_BEFORE, depositDeadlineHours: env.DEPOSIT_DEADLINE_HOURS });

const mailSettings = () => ({ supportEmail: env.SUPPORT_EMAIL });

/** A payment e-mail of a booking, read in the transaction that stores it, in each reader's language. */
async function bookingPaymentEmails(tx: DatabaseTransaction, requestId: number, steps: PaymentEmailStep[], subject: { id: number; amountMinor: number; currency: string } | null): Promise<OutboxEmailInput[]> {
  const facts = await paymentMailFacts(tx, requestId);
  if (!facts) return [];
  const remainder = facts.payments.find((payment) => payment.kind === 'remainder');
  const input: PaymentEmailInput = {
    requestId,
    reference: facts.reference,
    locale: facts.locale,
    traveller: facts.traveller,
    guide: facts.guide,
    tripTitles: facts.tripTitles,
    subject: subject ? { id: subject.id, amount: { amountMinor: subject.amountMinor, currency: subject.currency } } : { id: requestId, amount: facts.split?.total ?? { amountMinor: 0, currency: 'EUR' } },
    split: facts.split,
    remainderDueAt: remainder?.status === 'scheduled' ? remainder.dueAt : null,
    urls: { traveller: `${env.SITE_URL}${accountPath('bookings', facts.locale)}`, guide: `${env.SITE_URL}${accountPath('guide', facts.guide.emailLocale)}` },
  };
  return steps.map((step) => paymentEmail(step, input, mailSettings()));
}

const paymentOf = async (tx: DatabaseTransaction, requestId: number, kind: PaymentKind) => (await paymentMailFacts(tx, requestId))?.payments.find((payment) => payment.kind === kind) ?? null;

const paymentEmails = (): PaymentEmails => ({
  secured: async (requestId, tx) => bookingPaymentEmails(tx, requestId, ['depositReceipt', 'guideSecured'], await paymentOf(tx, requestId, 'deposit')),
  remainderPaid: async (requestId, tx) => bookingPaymentEmails(tx, requestId, ['remainderReceipt'], await paymentOf(tx, requestId, 'remainder')),
  paidAfterEnd: async (payment, tx) => bookingPaymentEmails(tx, payment.bookingRequestId, ['paidAfterEnd'], payment),
});

/** The traveller's e-mail for a remainder the bank refused off-session, with the link to pay it. */
const failedEmail = (payment: Payment, tx: DatabaseTransaction) => bookingPaymentEmails(tx, payment.bookingRequestId, [payment.status === 'requires_action' ? 'remainderAction' : 'remainderFailed'], payment);
const lapsedEmail = (requestId: number, tx: DatabaseTransaction) => bookingPaymentEmails(tx, requestId, ['lapsed'], null);
const refundEmail = (refund: Refund, requestId: number, tx: DatabaseTransaction) => bookingPaymentEmails(tx, requestId, ['refundSent'], refund);

export type CheckoutStart = { ok: true; url: string } | { ok: false; reason: 'disabled' | 'notFound' | 'wrongStatus' | 'noQuote' | 'alreadyPaid' | 'unavailable' };

/**
 * The Stripe Checkout page for a traveller's payment: the deposit of a confirmed booking (the card
 * saved for the remainder, with the consent text shown), or a remainder the off-session charge
 * could not take. The amount comes from the stored quote only; the payment row is stored before
 * Stripe is called, and every call carries an idempotency key, so a double click or a retry
 * opens the same page.
 */
export async function startCheckout(input: { requestId: number; travellerEmail: string; kind: PaymentKind; locale: Locale; consentText: string; productName: string }, db: Database = getDb()): Promise<CheckoutStart> {
  const stripe = stripeClient();
  if (!stripe) return { ok: false, reason: 'disabled' };
  const prepared = await preparePayment(input.requestId, input.travellerEmail, input.kind, db);
  if (!prepared.ok) return prepared;
  const { payment, request } = prepared;
  try {
    if (payment.checkoutSessionId) {
      const existing = await stripe.checkout.sessions.retrieve(payment.checkoutSessionId);
      if (existing.status === 'open' && existing.url) return { ok: true, url: existing.url };
      if (existing.status === 'complete') {
        await reconcilePayment(stripe, payment, db);
        return { ok: false, reason: 'alreadyPaid' };
      }
    }
    const customer =
      payment.stripeCustomerId ??
      (await stripe.customers.create({ email: request.email, name: `${request.firstName} ${request.lastName}`.trim(), metadata: { bookingRequestId: String(request.id) } }, { idempotencyKey: `customer:${request.id}` })).id;
    const amount = toStripeAmount({ amountMinor: payment.amountMinor, currency: payment.currency });
    const back = `${env.SITE_URL}${accountPath('bookings', input.locale)}`;
    const metadata = { paymentId: String(payment.id), bookingRequestId: String(request.id), kind: payment.kind };
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer,
        client_reference_id: String(request.id),
        locale: input.locale,
        line_items: [{ quantity: 1, price_data: { currency: amount.currency, unit_amount: amount.amount, product_data: { name: input.productName } } }],
        payment_intent_data: { metadata, ...(payment.kind === 'deposit' ? { setup_future_usage: 'off_session' as const } : {}) },
        custom_text: { submit: { message: input.consentText.slice(0, 1200) } },
        metadata,
        success_url: `${back}&paid=${payment.kind}`,
        cancel_url: back,
      },
      // A new page for each attempt (an expired page needs a new one); the same one for a retry of this attempt.
      { idempotencyKey: `checkout:${payment.id}:${payment.attempts}` },
    );
    if (!(await saveCheckoutSession(payment.id, session.id, customer, db))) {
      // The booking was cancelled while Stripe made the page: the page is closed before anyone pays on it.
      await expireCheckoutSessions(db, request.id);
      return { ok: false, reason: 'wrongStatus' };
    }
    if (!session.url) return { ok: false, reason: 'unavailable' };
    return { ok: true, url: session.url };
  } catch (error) {
    logJsonLine({ level: 'error', msg: 'stripe checkout failed', paymentId: payment.id, error: stripeErrorText(error) });
    return { ok: false, reason: 'unavailable' };
  }
}

const metadataId = (metadata: Stripe.Metadata | null | undefined, key: string) => {
  const value = Number(metadata?.[key]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

/**
 * Records a succeeded PaymentIntent against our payment: the intent must name that payment in its
 * metadata (every intent we create does) and the amount must match to the minor unit; anything
 * else is refused, logged, and changes nothing.
 */
async function confirmFromIntent(intent: Stripe.PaymentIntent, payment: Payment, db: Database): Promise<void> {
  if (metadataId(intent.metadata, 'paymentId') !== payment.id) {
    logJsonLine({ level: 'error', msg: 'stripe payment not recorded', paymentId: payment.id, reason: 'intentNamesAnotherPayment' });
    return;
  }
  const paid = fromStripeAmount({ amount: intent.amount_received, currency: intent.currency });
  const outcome = await confirmPayment(
    { paymentId: payment.id, paymentIntentId: intent.id, customerId: idOf(intent.customer), paymentMethodId: idOf(intent.payment_method), amountMinor: paid.amountMinor, currency: paid.currency },
    paymentSettings(),
    paymentEmails(),
    new Date(),
    db,
  );
  if (!outcome.ok) logJsonLine({ level: 'error', msg: 'stripe payment not recorded', paymentId: payment.id, reason: outcome.reason });
  else if (outcome.changed) kickOutbox();
}

/**
 * Handles one verified Stripe event, once: its id is stored after its handling, and every handling
 * is itself idempotent and reads the current state, so deliveries in any order and any number of
 * times end the same. Returns whether the event was new.
 */
export async function handleStripeEvent(event: Stripe.Event, db: Database = getDb()): Promise<boolean> {
  const stripe = stripeClient();
  if (!stripe) return false;
  if (!(await claimStripeEvent(db, event.id, event.type))) return false;
  try {
    await applyEvent(stripe, event, db);
  } catch (error) {
    // Forget the event so that Stripe's retry handles it again.
    await forgetStripeEvent(event.id, db);
    throw error;
  }
  return true;
}

async function applyEvent(stripe: Stripe, event: Stripe.Event, db: Database): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status !== 'paid') return;
      const payment = await findPayment({ paymentId: metadataId(session.metadata, 'paymentId'), checkoutSessionId: session.id }, db);
      const intentId = idOf(session.payment_intent);
      if (!payment || !intentId) return;
      await confirmFromIntent(await stripe.paymentIntents.retrieve(intentId), payment, db);
      return;
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const payment = await findPayment({ paymentId: metadataId(intent.metadata, 'paymentId'), paymentIntentId: intent.id }, db);
      if (payment) await confirmFromIntent(intent, payment, db);
      return;
    }
    case 'payment_intent.payment_failed':
    case 'payment_intent.requires_action': {
      const intent = event.data.object;
      const payment = await findPayment({ paymentId: metadataId(intent.metadata, 'paymentId'), paymentIntentId: intent.id }, db);
      // A deposit's failures stay on Stripe's page, where the traveller tries again; a remainder's need the traveller.
      if (!payment || payment.kind !== 'remainder') return;
      const status = event.type === 'payment_intent.requires_action' || intent.last_payment_error?.code === 'authentication_required' ? 'requires_action' : 'failed';
      if (await markPaymentFailed(payment.id, { status, code: intent.last_payment_error?.code ?? null, paymentIntentId: intent.id }, failedEmail, db)) kickOutbox();
      return;
    }
    case 'refund.created':
    case 'refund.updated': {
      const refund = event.data.object;
      const refundId = metadataId(refund.metadata, 'refundId');
      if (refundId && refund.status === 'succeeded' && (await confirmRefund(refundId, refund.id, refundEmail, db))) kickOutbox();
      return;
    }
    default:
      // Connect: account.updated, transfer.*, payout.* of connected accounts (lib/payments/connect.ts).
      await applyConnectEvent(event, db);
      return;
  }
}

/** Asks Stripe where a payment left in between stands, and records what it says. */
async function reconcilePayment(stripe: Stripe, payment: Payment, db: Database): Promise<void> {
  if (payment.checkoutSessionId) {
    const session = await stripe.checkout.sessions.retrieve(payment.checkoutSessionId);
    const intentId = idOf(session.payment_intent);
    if (session.payment_status === 'paid' && intentId) await confirmFromIntent(await stripe.paymentIntents.retrieve(intentId), payment, db);
    else await touchStuckPayment(payment.id, session.status === 'expired', db);
    return;
  }
  if (payment.kind === 'remainder') await chargeRemainder(stripe, payment, db);
}

/**
 * Charges a claimed remainder off-session with the card saved at the deposit. The idempotency key
 * is the payment's own: a second attempt (a crash after Stripe charged, the reconciliation) gets
 * Stripe's first answer back, never a second charge.
 */
async function chargeRemainder(stripe: Stripe, payment: Payment, db: Database): Promise<void> {
  // Its booking cancelled since it was claimed: nothing to charge (a charge that still lands is refunded).
  const current = await findPayment({ paymentId: payment.id }, db);
  if (!current || current.status === 'canceled' || current.status === 'succeeded') return;
  if (!payment.stripeCustomerId || !payment.paymentMethodId) {
    if (await markPaymentFailed(payment.id, { status: 'failed', code: 'no_saved_card', paymentIntentId: null }, failedEmail, db)) kickOutbox();
    return;
  }
  const amount = toStripeAmount({ amountMinor: payment.amountMinor, currency: payment.currency });
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: amount.amount,
        currency: amount.currency,
        customer: payment.stripeCustomerId,
        payment_method: payment.paymentMethodId,
        off_session: true,
        confirm: true,
        metadata: { paymentId: String(payment.id), bookingRequestId: String(payment.bookingRequestId), kind: 'remainder' },
      },
      { idempotencyKey: payment.idempotencyKey },
    );
    if (intent.status === 'succeeded') await confirmFromIntent(intent, payment, db);
    else if (intent.status === 'requires_action' || intent.status === 'requires_payment_method') {
      const status = intent.status === 'requires_action' ? 'requires_action' : 'failed';
      if (await markPaymentFailed(payment.id, { status, code: intent.last_payment_error?.code ?? null, paymentIntentId: intent.id }, failedEmail, db)) kickOutbox();
    }
  } catch (error) {
    const card = error as { type?: string; code?: string; payment_intent?: { id: string } };
    if (card.type === 'StripeCardError') {
      const status = card.code === 'authentication_required' ? 'requires_action' : 'failed';
      if (await markPaymentFailed(payment.id, { status, code: card.code ?? null, paymentIntentId: card.payment_intent?.id ?? null }, failedEmail, db)) kickOutbox();
      return;
    }
    // Stripe unreachable: the row stays open and the reconciliation tries again with the same key.
    logJsonLine({ level: 'warn', msg: 'stripe remainder charge deferred', paymentId: payment.id, error: stripeErrorText(error) });
  }
}

/**
 * Asks Stripe for each stored refund (idempotently), and records the ones it made. A refund Stripe
 * refuses or cannot take now stays pending for the next run, and never holds back the ones after it.
 */
async function sendRefunds(stripe: Stripe, db: Database, only?: number): Promise<number> {
  let done = 0;
  for (const { refund, paymentIntentId } of await listPendingRefunds(20, db, only)) {
    if (!paymentIntentId) continue;
    const amount = toStripeAmount({ amountMinor: refund.amountMinor, currency: refund.currency });
    try {
      const made = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: amount.amount, metadata: { refundId: String(refund.id) } }, { idempotencyKey: refund.idempotencyKey });
      if (made.status === 'succeeded' && (await confirmRefund(refund.id, made.id, refundEmail, db))) done += 1;
    } catch (error) {
      logJsonLine({ level: 'warn', msg: 'stripe refund deferred', refundId: refund.id, error: stripeErrorText(error) });
      await deferRefund(refund.id, db);
    }
  }
  return done;
}

/**
 * Closes the Checkout Sessions still stored on canceled payments (their booking was cancelled or
 * lapsed), with Stripe's own expire call, after the cancellation was stored: once expired nobody
 * can pay on them. Idempotent: a session already expired is forgotten; one completed meanwhile is
 * recorded like any payment (and so refunded in full, its booking having ended); one Stripe cannot
 * expire now stays stored for the next payments run. `only`: one booking's. Returns how many closed.
 */
export async function expireCheckoutSessions(db: Database = getDb(), only?: number): Promise<number> {
  const stripe = stripeClient();
  if (!stripe) return 0;
  let closed = 0;
  for (const payment of await listCanceledCheckouts(20, db, only)) {
    const sessionId = payment.checkoutSessionId!;
    try {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire:${sessionId}` });
      } catch (error) {
        // Stripe refuses to expire a session that is not open: ask where it stands.
        if ((error as { type?: string }).type !== 'StripeInvalidRequestError') throw error;
        session = await stripe.checkout.sessions.retrieve(sessionId);
      }
      const intentId = idOf(session.payment_intent);
      if (session.status === 'complete' && session.payment_status === 'paid' && intentId) await confirmFromIntent(await stripe.paymentIntents.retrieve(intentId), payment, db);
      if (session.status !== 'open' && (await forgetCheckoutSession(payment.id, sessionId, db))) closed += 1;
    } catch (error) {
      logJsonLine({ level: 'warn', msg: 'stripe checkout expiry deferred', paymentId: payment.id, error: stripeErrorText(error) });
    }
  }
  return closed;
}

/**
 * One payment run: unpaid confirmations lapse, the Checkout pages of ended bookings close, due remainders are claimed and charged, payments
 * left in between are reconciled with Stripe (so a lost webhook never leaves a paid booking
 * unpaid), stored refunds are sent, and guides' shares of ended trips are transferred (or taken
 * back after a refund). Safe to run in several processes at once. `only`: one
 * booking's payments (the e2e clock, which must not touch other tests' bookings).
 */
export async function runPayments(now: Date, db: Database = getDb(), only?: number) {
  const stripe = stripeClient();
  if (!stripe) return { lapsed: 0, expired: 0, reminded: 0, charged: 0, reconciled: 0, refunded: 0, transferred: 0, reversed: 0 };
  const lapsed = await lapseUnpaidConfirmations(now, lapsedEmail, db, only);
  const expired = await expireCheckoutSessions(db, only);
  const reminded = await remindUpcomingRemainders(now, env.REMAINDER_REMINDER_DAYS, (payment, tx) => bookingPaymentEmails(tx, payment.bookingRequestId, ['remainderReminder'], payment), db, only);
  if (lapsed.length > 0 || reminded > 0) kickOutbox();
  const due = await claimDueRemainders(now, 20, db, only);
  for (const payment of due) await chargeRemainder(stripe, payment, db);
  // A payment untouched for 10 minutes is asked about; a fresh one is left to its webhook.
  const stuck = await listStuckPayments(new Date(now.getTime() - 10 * 60_000), 20, db, only);
  for (const payment of stuck) {
    try {
      await reconcilePayment(stripe, payment, db);
    } catch (error) {
      logJsonLine({ level: 'warn', msg: 'stripe reconciliation deferred', paymentId: payment.id, error: stripeErrorText(error) });
    }
  }
  const refunded = await sendRefunds(stripe, db, only).catch((error: unknown) => {
    logJsonLine({ level: 'warn', msg: 'stripe refunds deferred', error: stripeErrorText(error) });
    return 0;
  });
  // After the refunds: a booking's refund is in the ledger before its guide's share is sent or taken back.
  const payouts = await runGuidePayouts(now, db, only).catch((error: unknown) => {
    logJsonLine({ level: 'warn', msg: 'guide payouts deferred', error: stripeErrorText(error) });
    return { transferred: 0, reversed: 0 };
  });
  return { lapsed: lapsed.length, expired, reminded, charged: due.length, reconciled: stuck.length, refunded, ...payouts };
}

/** Runs the payments every PAYMENTS_CHECK_MINUTES while the server runs (one timer per process); nothing without Stripe. */
export function schedulePayments(db: Database): void {
  if (!stripeClient()) return;
  scheduleEvery('payments', { everyMs: env.PAYMENTS_CHECK_MINUTES * 60_000, firstAfterMs: 5_000 }, async () => {
    const result = await runPayments(new Date(), db);
    if (Object.values(result).some((count) => count > 0)) logJsonLine({ level: 'info', msg: 'payments run', ...result });
  }, 'payments run failed');
}
