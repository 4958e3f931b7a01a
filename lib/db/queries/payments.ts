import 'server-only';
import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { cancellationRefund, type CancellationRefund, type CancellingSide } from '../../booking/cancellation';
import { nextStatus, type RequestStatus } from '../../booking/request-lifecycle';
import { departureOf } from '../../booking/request-dates';
import { enqueueEmails } from '../../mail/outbox';
import type { OutboxEmailInput } from '../../mail/templates';
import { paidAtOnce, paymentSplit, type PaymentSplit } from '../../payments/amounts';
import { allocateRefund, refundableTotal } from '../../payments/refund-allocation';
import { minorUnitDigits } from '../../money/currency';
import { typedMinorUnits } from '../../money/typed-amount';
import { IdempotencyConflict } from '../../forms/submission-fingerprint';
import { remainderDueAt } from '../../payments/schedule';
import { balances, paymentEntries, platformFee, refundedFee, refundEntries, type JournalEntry } from '../../payments/ledger';
import { getDb } from '../client';
import type { Database, DatabaseTransaction } from '../database';
import type { Locale } from '../../locales';
import { bookingRequestEvents, bookingRequests, guides, ledgerEntries, ledgerLines, payments, refunds, stripeEvents, trips, type Payment, type PaymentKind, type Refund } from '../schema';
import { tripTextsByTrip } from './trip-texts';
import { answeringGuide } from './answering-guide';

type Tx = Database | DatabaseTransaction;

/** The payment settings read from the environment (lib/env.ts), passed in so tests choose them. */
export type PaymentSettings = { feePercent: number; remainderDaysBefore: number; depositDeadlineHours: number };

/**
 * Writes journal entries once each (their dedupe key): a retried step writes nothing new. The
 * database refuses, at commit, an entry whose lines do not sum to zero.
 */
export async function writeJournal(tx: DatabaseTransaction, bookingRequestId: number, entries: JournalEntry[], refs: { paymentId?: number; refundId?: number }): Promise<number> {
  let written = 0;
  for (const entry of entries) {
    const [created] = await tx
      .insert(ledgerEntries)
      .values({ bookingRequestId, kind: entry.kind, dedupeKey: entry.dedupeKey, paymentId: refs.paymentId ?? null, refundId: refs.refundId ?? null })
      .onConflictDoNothing({ target: ledgerEntries.dedupeKey })
      .returning({ id: ledgerEntries.id });
    if (!created) continue;
    await tx.insert(ledgerLines).values(entry.lines.map((line) => ({ entryId: created.id, ...line })));
    written += 1;
  }
  return written;
}

/** A booking's balance per ledger account (stripe_balance is what Stripe holds for it). */
export async function bookingLedger(bookingRequestId: number, db: Database = getDb()) {
  const rows = await db
    .select({ account: ledgerLines.account, amountMinor: sql<number>`sum(${ledgerLines.amountMinor})::int` })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(eq(ledgerEntries.bookingRequestId, bookingRequestId))
    .groupBy(ledgerLines.account);
  return balances(rows);
}

/** The quote a confirmed booking is paid from (stored at acceptance), split into its two payments. */
export function storedSplit(request: { acceptedTotalMinor: number | null; acceptedCurrency: string | null }): PaymentSplit | null {
  if (request.acceptedTotalMinor === null || request.acceptedCurrency === null) return null;
  return paymentSplit({ amountMinor: request.acceptedTotalMinor, currency: request.acceptedCurrency });
}

/**
 * Locks a booking, then its payments by id: the one order every step that moves a booking's money
 * takes (cancelling, confirming a payment or a refund, queueing support's refund), so two of them
 * on one booking wait for each other and never deadlock.
 */
export async function lockBookingMoney(tx: DatabaseTransaction, requestId: number): Promise<{ request: typeof bookingRequests.$inferSelect; payments: Payment[] } | null> {
  const [request] = await tx.select().from(bookingRequests).where(eq(bookingRequests.id, requestId)).for('update');
  if (!request) return null;
  const rows = await tx.select().from(payments).where(eq(payments.bookingRequestId, requestId)).orderBy(asc(payments.id)).for('update');
  return { request, payments: rows };
}

/** The payment's booking, read without a lock (it never changes): where lockBookingMoney starts. */
async function bookingOfPayment(tx: DatabaseTransaction, paymentId: number): Promise<number | null> {
  const [row] = await tx.select({ bookingRequestId: payments.bookingRequestId }).from(payments).where(eq(payments.id, paymentId));
  return row?.bookingRequestId ?? null;
}

/** The status a booking must be in for a payment of this kind to be due: a deposit while confirmed, a remainder while secured. */
const payableWhile: Record<PaymentKind, RequestStatus> = { deposit: 'confirmed', remainder: 'secured' };

export type DepositStart =
  | { ok: true; payment: Payment; split: PaymentSplit; request: typeof bookingRequests.$inferSelect }
  | { ok: false; reason: 'notFound' | 'wrongStatus' | 'noQuote' | 'alreadyPaid' };

/**
 * The payment row a traveller pays now, stored before any call to Stripe: the deposit of a
 * confirmed booking, or a remainder the off-session charge could not take (failed, or waiting for
 * the bank's authentication). Amounts come from the stored quote only.
 */
export async function preparePayment(requestId: number, travellerEmail: string, kind: PaymentKind, db: Database = getDb()): Promise<DepositStart> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(bookingRequests)
      .where(and(eq(bookingRequests.id, requestId), sql`lower(${bookingRequests.email}) = ${travellerEmail.toLowerCase()}`))
      .for('update');
    if (!request) return { ok: false, reason: 'notFound' };
    const split = storedSplit(request);
    if (!split) return { ok: false, reason: 'noQuote' };
    const [existing] = await tx.select().from(payments).where(and(eq(payments.bookingRequestId, requestId), eq(payments.kind, kind)));
    if (existing?.status === 'succeeded') return { ok: false, reason: 'alreadyPaid' };
    if (kind === 'deposit') {
      if (request.status !== 'confirmed') return { ok: false, reason: 'wrongStatus' };
      if (existing) return { ok: true, payment: existing, split, request };
      const [created] = await tx
        .insert(payments)
        .values({ bookingRequestId: requestId, kind, status: 'open', amountMinor: split.deposit.amountMinor, currency: split.deposit.currency, idempotencyKey: `deposit:${requestId}` })
        .returning();
      return { ok: true, payment: created!, split, request };
    }
    if (request.status !== 'secured' || !existing || !['failed', 'requires_action'].includes(existing.status)) return { ok: false, reason: 'wrongStatus' };
    return { ok: true, payment: existing, split, request };
  });
}

/**
 * Stores the Checkout Session made for a payment (and the Stripe customer), once Stripe answered.
 * False when the payment was canceled meanwhile (its booking cancelled while Stripe answered): the
 * session is still stored, so that the payments run expires it like any other of a cancelled booking.
 */
export async function saveCheckoutSession(paymentId: number, sessionId: string, customerId: string | null, db: Database = getDb()): Promise<boolean> {
  const [saved] = await db
    .update(payments)
    .set({ checkoutSessionId: sessionId, stripeCustomerId: customerId ?? undefined, attempts: sql`${payments.attempts} + 1`, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId))
    .returning({ status: payments.status });
  return saved !== undefined && saved.status !== 'canceled';
}

/** What Stripe says was paid, as a webhook or the reconciliation reads it. */
export type PaymentConfirmation = {
  paymentId: number;
  paymentIntentId: string;
  customerId: string | null;
  paymentMethodId: string | null;
  /** In our minor units (already turned back from Stripe's). */
  amountMinor: number;
  currency: string;
};

export type PaymentEmails = {
  /** The traveller's receipt and the guide's notice when a deposit secures a booking. */
  secured: (requestId: number, tx: DatabaseTransaction) => Promise<OutboxEmailInput[]>;
  /** The traveller's receipt of the remainder. */
  remainderPaid: (requestId: number, tx: DatabaseTransaction) => Promise<OutboxEmailInput[]>;
  /** The traveller's notice that a payment arrived after the booking ended and is refunded in full (never a receipt). */
  paidAfterEnd: (payment: Payment, tx: DatabaseTransaction) => Promise<OutboxEmailInput[]>;
};

export type ConfirmOutcome = { ok: true; changed: boolean; status: string } | { ok: false; reason: 'unknownPayment' | 'amountMismatch' };

/**
 * A payment Stripe confirmed (webhook, reconciliation or the off-session charge's answer), in one
 * transaction under the booking's lock (lockBookingMoney): the payment succeeds, the ledger gets its
 * entries, a deposit secures a confirmed booking and schedules the remainder, and the e-mails go
 * to the outbox. Applied twice, or after another path applied it, it changes nothing. A payment
 * (deposit or remainder) that arrives when its booking no longer takes it (cancelled, lapsed) is
 * recorded and refunded in full at once (a refund the payments run sends), and the traveller is
 * told so, never sent a receipt.
 */
export async function confirmPayment(confirmation: PaymentConfirmation, settings: PaymentSettings, emails: PaymentEmails, now: Date, db: Database = getDb()): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const requestId = await bookingOfPayment(tx, confirmation.paymentId);
    const locked = requestId === null ? null : await lockBookingMoney(tx, requestId);
    const payment = locked?.payments.find((row) => row.id === confirmation.paymentId);
    if (!locked || !payment) return { ok: false, reason: 'unknownPayment' };
    const { request } = locked;
    if (payment.amountMinor !== confirmation.amountMinor || payment.currency !== confirmation.currency.toUpperCase()) return { ok: false, reason: 'amountMismatch' };
    if (payment.status === 'succeeded') return { ok: true, changed: false, status: payment.status };
    const [paidRow] = await tx
      .update(payments)
      .set({
        status: 'succeeded',
        paidAt: now,
        paymentIntentId: confirmation.paymentIntentId,
        stripeCustomerId: confirmation.customerId ?? payment.stripeCustomerId,
        paymentMethodId: confirmation.paymentMethodId ?? payment.paymentMethodId,
        failureCode: null,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id))
      .returning();
    const paid = { amountMinor: payment.amountMinor, currency: payment.currency };
    await writeJournal(tx, payment.bookingRequestId, paymentEntries(payment.id, paid, platformFee(payment.amountMinor, settings.feePercent)), { paymentId: payment.id });
    if (request.status !== payableWhile[payment.kind]) {
      // Paid after the booking ended: everything goes back, and the traveller is told why.
      await tx.insert(refunds).values({ paymentId: payment.id, amountMinor: payment.amountMinor, currency: payment.currency, reason: 'booking_ended', idempotencyKey: `refund:${payment.id}:booking_ended` }).onConflictDoNothing();
      await enqueueEmails(tx, await emails.paidAfterEnd(paidRow!, tx));
      return { ok: true, changed: true, status: request.status };
    }
    if (payment.kind === 'remainder') {
      await enqueueEmails(tx, await emails.remainderPaid(request.id, tx));
      return { ok: true, changed: true, status: request.status };
    }
    const transition = nextStatus(request.status, 'secure', 'system');
    if (!transition.ok) return { ok: true, changed: true, status: request.status };
    await tx.update(bookingRequests).set({ status: 'secured', securedAt: now, updatedAt: sql`now()` }).where(eq(bookingRequests.id, request.id));
    await tx.insert(bookingRequestEvents).values({ requestId: request.id, fromStatus: transition.from, toStatus: transition.to, actorRole: 'system' });
    const split = storedSplit(request);
    const departure = departureOf({
      proposal: request.proposedStartsOn && request.proposedEndsOn ? { startsOn: request.proposedStartsOn, endsOn: request.proposedEndsOn } : null,
      startsOn: request.startsOn,
      endsOn: request.endsOn,
      openGroupStartsOn: null,
      openGroupDurationDays: null,
    });
    // Nothing later when the price was paid at once (below Stripe's minimum for two payments).
    if (split && !paidAtOnce(split)) {
      await tx
        .insert(payments)
        .values({
          bookingRequestId: request.id,
          kind: 'remainder',
          status: 'scheduled',
          amountMinor: split.remainder.amountMinor,
          currency: split.remainder.currency,
          idempotencyKey: `remainder:${request.id}`,
          stripeCustomerId: confirmation.customerId,
          paymentMethodId: confirmation.paymentMethodId,
          dueAt: remainderDueAt(departure, settings.remainderDaysBefore, now),
        })
        .onConflictDoNothing();
    }
    await enqueueEmails(tx, await emails.secured(request.id, tx));
    return { ok: true, changed: true, status: 'secured' };
  });
}

/**
 * Stores a Stripe event's id, and says whether it is new: an event handled before (a webhook
 * delivered again) is skipped. A handling that fails forgets it (forgetStripeEvent), so Stripe's
 * retry handles it again.
 */
export async function claimStripeEvent(tx: Tx, id: string, type: string): Promise<boolean> {
  const [row] = await tx.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return row !== undefined;
}

/** Forgets an event whose handling failed, so that Stripe's next delivery handles it. */
export async function forgetStripeEvent(id: string, db: Tx = getDb()): Promise<void> {
  await db.delete(stripeEvents).where(eq(stripeEvents.id, id));
}

/** Finds our payment from what Stripe sends back: its metadata id first, else the session or intent id. */
export async function findPayment(ref: { paymentId?: number | null; checkoutSessionId?: string | null; paymentIntentId?: string | null }, db: Tx = getDb()): Promise<Payment | null> {
  const conditions = [
    ref.paymentId ? eq(payments.id, ref.paymentId) : undefined,
    ref.checkoutSessionId ? eq(payments.checkoutSessionId, ref.checkoutSessionId) : undefined,
    ref.paymentIntentId ? eq(payments.paymentIntentId, ref.paymentIntentId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return null;
  const [row] = await db.select().from(payments).where(or(...conditions)).limit(1);
  return row ?? null;
}

/** A remainder the bank or the card refused: the traveller pays it by the link in the e-mail. */
export async function markPaymentFailed(
  paymentId: number,
  failure: { status: 'failed' | 'requires_action'; code: string | null; paymentIntentId: string | null },
  email: (payment: Payment, tx: DatabaseTransaction) => Promise<OutboxEmailInput[]>,
  db: Database = getDb(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const requestId = await bookingOfPayment(tx, paymentId);
    const locked = requestId === null ? null : await lockBookingMoney(tx, requestId);
    const payment = locked?.payments.find((row) => row.id === paymentId);
    // A payment already made, canceled with its booking, or already marked so: nothing to ask of the traveller.
    if (!locked || !payment || ['succeeded', 'canceled', failure.status].includes(payment.status) || locked.request.status !== payableWhile[payment.kind]) return false;
    const [updated] = await tx
      .update(payments)
      .set({ status: failure.status, failureCode: failure.code?.slice(0, 100) ?? null, paymentIntentId: failure.paymentIntentId ?? payment.paymentIntentId, updatedAt: sql`now()` })
      .where(eq(payments.id, paymentId))
      .returning();
    await enqueueEmails(tx, await email(updated!, tx));
    return true;
  });
}

/** The payments of one booking when `only` is given (the test clock runs one booking's payments), else all. */
const onlyPaymentsOf = (only: number | undefined) => (only === undefined ? undefined : eq(payments.bookingRequestId, only));

/**
 * Claims due remainders for one run (several runs, instances or processes may run at once: a row
 * is charged by one of them): scheduled, due, and moved to 'open' in the same statement
 * (FOR UPDATE SKIP LOCKED), with its attempt counted. Returns the claimed rows.
 */
export async function claimDueRemainders(now: Date, limit: number, db: Database = getDb(), only?: number): Promise<Payment[]> {
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.kind, 'remainder'), eq(payments.status, 'scheduled'), lte(payments.dueAt, now), onlyPaymentsOf(only)))
    .orderBy(asc(payments.dueAt), asc(payments.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(payments)
    .set({ status: 'open', attempts: sql`${payments.attempts} + 1`, nextAttemptAt: now, updatedAt: sql`now()` })
    .where(inArray(payments.id, due))
    .returning();
}

/** Payments left between two states (a lost webhook, a process killed mid-charge) for the reconciliation to ask Stripe about. */
export async function listStuckPayments(olderThan: Date, limit: number, db: Database = getDb(), only?: number): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, ['open', 'requires_action']), lte(payments.updatedAt, olderThan), or(isNotNull(payments.checkoutSessionId), eq(payments.kind, 'remainder')), onlyPaymentsOf(only)))
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}

/** Canceled payments whose Checkout Session is still stored (maybe open): expireCheckoutSessions closes them. */
export async function listCanceledCheckouts(limit: number, db: Database = getDb(), only?: number): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'canceled'), isNotNull(payments.checkoutSessionId), onlyPaymentsOf(only)))
    .orderBy(asc(payments.updatedAt), asc(payments.id))
    .limit(limit);
}

/** A Checkout Session that can no longer take a payment (expired, or completed and recorded) is forgotten. */
export async function forgetCheckoutSession(paymentId: number, sessionId: string, db: Database = getDb()): Promise<boolean> {
  const forgotten = await db
    .update(payments)
    .set({ checkoutSessionId: null, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), eq(payments.checkoutSessionId, sessionId)))
    .returning({ id: payments.id });
  return forgotten.length > 0;
}

/**
 * Confirmations whose deposit deadline passed lapse (the system's step): their open deposit is
 * canceled. Returns the ids that lapsed.
 */
export async function lapseUnpaidConfirmations(now: Date, email: (requestId: number, tx: DatabaseTransaction) => Promise<OutboxEmailInput[]>, db: Database = getDb(), only?: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    // Locked in id order (as every money step locks a booking before its payments), then moved.
    const due = await tx
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(and(eq(bookingRequests.status, 'confirmed'), lte(bookingRequests.depositDueAt, now), only === undefined ? undefined : eq(bookingRequests.id, only)))
      .orderBy(asc(bookingRequests.id))
      .for('update');
    const ids = due.map((row) => row.id);
    if (ids.length === 0) return ids;
    await tx.update(bookingRequests).set({ status: 'lapsed', updatedAt: sql`now()` }).where(inArray(bookingRequests.id, ids));
    await tx.insert(bookingRequestEvents).values(ids.map((requestId) => ({ requestId, fromStatus: 'confirmed' as const, toStatus: 'lapsed' as const, actorRole: 'system' as const })));
    await tx
      .update(payments)
      .set({ status: 'canceled', updatedAt: sql`now()` })
      .where(and(inArray(payments.bookingRequestId, ids), inArray(payments.status, ['open', 'scheduled'])));
    for (const id of ids) await enqueueEmails(tx, await email(id, tx));
    return ids;
  });
}

/** A refund Stripe confirmed: the payment's refunded sum and the ledger move together, once. */
export async function confirmRefund(
  refundId: number,
  stripeRefundId: string,
  email: (refund: Refund, requestId: number, tx: DatabaseTransaction) => Promise<OutboxEmailInput[]> = async () => [],
  db: Database = getDb(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [pending] = await tx.select({ paymentId: refunds.paymentId }).from(refunds).where(eq(refunds.id, refundId));
    const requestId = pending ? await bookingOfPayment(tx, pending.paymentId) : null;
    const locked = requestId === null ? null : await lockBookingMoney(tx, requestId);
    const [refund] = locked ? await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update') : [];
    if (!refund || refund.status === 'succeeded') return false;
    const payment = locked!.payments.find((row) => row.id === refund.paymentId);
    await tx.update(refunds).set({ status: 'succeeded', stripeRefundId, updatedAt: sql`now()` }).where(eq(refunds.id, refundId));
    await tx.update(payments).set({ refundedMinor: sql`${payments.refundedMinor} + ${refund.amountMinor}`, updatedAt: sql`now()` }).where(eq(payments.id, payment!.id));
    // The fee taken when it was paid (the ledger's own line), whatever the percent is today.
    const [allocated] = await tx
      .select({ fee: sql<number>`coalesce(sum(${ledgerLines.amountMinor}), 0)::int` })
      .from(ledgerLines)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
      .where(and(eq(ledgerEntries.dedupeKey, `payment:${payment!.id}:allocation`), eq(ledgerLines.account, 'platform_fee')));
    const fee = -(allocated?.fee ?? 0);
    await writeJournal(tx, payment!.bookingRequestId, refundEntries(refund.id, { amountMinor: refund.amountMinor, currency: refund.currency }, refundedFee(payment!.amountMinor, fee, refund.amountMinor)), {
      paymentId: payment!.id,
      refundId: refund.id,
    });
    await enqueueEmails(tx, await email(refund, payment!.bookingRequestId, tx));
    return true;
  });
}

/**
 * After the reconciliation asked Stripe about a payment that is still in between: an expired
 * Checkout Session is forgotten (the next click opens a new one, and the payment is no longer
 * asked about), anything else waits its turn again (so stale rows never starve the others).
 */
export async function touchStuckPayment(paymentId: number, sessionExpired: boolean, db: Database = getDb()): Promise<void> {
  await db
    .update(payments)
    .set({ updatedAt: sql`now()`, ...(sessionExpired ? { checkoutSessionId: null } : {}) })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['open', 'requires_action'])));
}

/** A booking that ends before it is paid (cancelled while confirmed) leaves no payment open. */
export async function cancelOpenPayments(tx: DatabaseTransaction, requestId: number): Promise<void> {
  await tx.update(payments).set({ status: 'canceled', updatedAt: sql`now()` }).where(and(eq(payments.bookingRequestId, requestId), inArray(payments.status, ['open', 'scheduled'])));
}

/** Refunds stored but not yet confirmed by Stripe, least recently tried first (the refund job asks Stripe for them, idempotently). */
export async function listPendingRefunds(limit: number, db: Database = getDb(), only?: number) {
  return db
    .select({ refund: refunds, paymentIntentId: payments.paymentIntentId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 'pending'), onlyPaymentsOf(only)))
    .orderBy(asc(refunds.updatedAt), asc(refunds.id))
    .limit(limit);
}

/** A refund Stripe did not make this time goes to the back of the queue, so refused ones never starve the others. */
export async function deferRefund(refundId: number, db: Database = getDb()): Promise<void> {
  await db.update(refunds).set({ updatedAt: sql`now()` }).where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/** A booking's payment facts as My trips and the guide area show them. */
export type BookingPayments = {
  requestId: number;
  split: PaymentSplit | null;
  depositDueAt: Date | null;
  securedAt: Date | null;
  deposit: Payment | null;
  remainder: Payment | null;
  /** What the ledger says the guide is owed so far (positive), in the booking's currency. */
  owedToGuideMinor: number;
};

/** What the traveller has paid for a booking and not had back, in minor units of its currency. */
export function paidSoFar(booking: BookingPayments | undefined): { amountMinor: number; currency: string } | null {
  const currency = booking?.split?.total.currency ?? booking?.deposit?.currency;
  if (!booking || !currency) return null;
  const amountMinor = [booking.deposit, booking.remainder].reduce((sum, payment) => sum + (payment?.status === 'succeeded' ? payment.amountMinor - payment.refundedMinor : 0), 0);
  return { amountMinor, currency };
}

/** The payments of these bookings (by request id), with what the guide is owed so far. */
export async function listBookingPayments(requestIds: number[], db: Database = getDb()): Promise<Map<number, BookingPayments>> {
  const result = new Map<number, BookingPayments>();
  if (requestIds.length === 0) return result;
  const [requests, rows, owed] = await Promise.all([
    db
      .select({ id: bookingRequests.id, acceptedTotalMinor: bookingRequests.acceptedTotalMinor, acceptedCurrency: bookingRequests.acceptedCurrency, depositDueAt: bookingRequests.depositDueAt, securedAt: bookingRequests.securedAt })
      .from(bookingRequests)
      .where(inArray(bookingRequests.id, requestIds)),
    db.select().from(payments).where(inArray(payments.bookingRequestId, requestIds)),
    db
      .select({ requestId: ledgerEntries.bookingRequestId, amountMinor: sql<number>`sum(${ledgerLines.amountMinor})::int` })
      .from(ledgerLines)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
      .where(and(inArray(ledgerEntries.bookingRequestId, requestIds), eq(ledgerLines.account, 'owed_to_guide')))
      .groupBy(ledgerEntries.bookingRequestId),
  ]);
  for (const request of requests) {
    result.set(request.id, {
      requestId: request.id,
      split: storedSplit(request),
      depositDueAt: request.depositDueAt,
      securedAt: request.securedAt,
      deposit: rows.find((row) => row.bookingRequestId === request.id && row.kind === 'deposit') ?? null,
      remainder: rows.find((row) => row.bookingRequestId === request.id && row.kind === 'remainder') ?? null,
      owedToGuideMinor: -(owed.find((row) => row.requestId === request.id)?.amountMinor ?? 0),
    });
  }
  return result;
}

/**
 * spec §9 when a secured booking is cancelled, in the cancellation's own transaction (its booking
 * row already locked; its payments are locked here, by id): the remainder not yet charged is
 * canceled, and what the rule gives back is stored as refunds (sent to Stripe by the payments run,
 * idempotently): everything still held when the guide (or support) cancels or the traveller
 * cancels within 48 hours of paying (booked 30 days ahead); otherwise nothing automatic, and
 * support applies the terms. Also applied when the guide's cancellation comes second, after the
 * traveller's: what the first left held then goes back. Returns the rule's answer.
 */
export async function queueCancellationRefunds(tx: DatabaseTransaction, request: typeof bookingRequests.$inferSelect, side: CancellingSide, now: Date): Promise<CancellationRefund & { paidMinor: number; currency: string | null }> {
  await tx.select({ id: payments.id }).from(payments).where(eq(payments.bookingRequestId, request.id)).orderBy(asc(payments.id)).for('update');
  await tx.update(payments).set({ status: 'canceled', updatedAt: sql`now()` }).where(and(eq(payments.bookingRequestId, request.id), inArray(payments.status, ['scheduled', 'open', 'requires_action', 'failed'])));
  const held = await refundablePayments(tx, request.id, false);
  const paidMinor = held.reduce((total, entry) => total + Math.max(0, entry.refundableMinor), 0);
  const deposit = held.find((entry) => entry.payment.kind === 'deposit')?.payment;
  const rule = cancellationRefund(side, paidMinor, deposit?.paidAt ?? request.securedAt ?? now, request.proposedStartsOn ?? request.startsOn, now);
  if (rule.automatic) {
    for (const { payment, refundableMinor } of held) {
      if (refundableMinor <= 0) continue;
      await tx
        .insert(refunds)
        .values({ paymentId: payment.id, amountMinor: refundableMinor, currency: payment.currency, reason: rule.reason, idempotencyKey: `refund:${payment.id}:cancellation` })
        .onConflictDoNothing();
    }
  }
  return { ...rule, paidMinor, currency: held[0]?.payment.currency ?? null };
}

/** What a payment e-mail says of its booking, read in the transaction that stores the e-mail. */
export type PaymentMailFacts = {
  requestId: number;
  reference: string;
  locale: Locale;
  traveller: { firstName: string; email: string };
  guide: { name: string; email: string | null; emailLocale: Locale };
  tripTitles: Partial<Record<Locale, string>>;
  split: PaymentSplit | null;
  payments: Payment[];
};

/** The facts of a booking's payment e-mails (the traveller, the guide who answers it, the trip's titles, its payments). */
export async function paymentMailFacts(tx: Tx, requestId: number): Promise<PaymentMailFacts | null> {
  const guide = answeringGuide();
  const [row] = await tx
    .select({
      request: bookingRequests,
      ...guide.columns,
    })
    .from(bookingRequests)
    .innerJoin(trips, eq(trips.id, bookingRequests.tripId))
    .innerJoin(guides, eq(guides.id, trips.guideId))
    .leftJoin(guide.assigned, guide.onAssigned)
    .where(eq(bookingRequests.id, requestId));
  if (!row) return null;
  const texts = await tripTextsByTrip(tx, [row.request.tripId]);
  return {
    requestId,
    reference: row.request.reference,
    locale: row.request.locale,
    traveller: { firstName: row.request.firstName, email: row.request.email },
    guide: { name: row.guideName, email: row.guideEmail, emailLocale: row.guideEmailLocale },
    tripTitles: texts(row.request.tripId).titles,
    split: storedSplit(row.request),
    payments: await tx.select().from(payments).where(eq(payments.bookingRequestId, requestId)).orderBy(asc(payments.id)),
  };
}

/**
 * Remainders charged within `reminderDays` (and not yet due) that were not announced yet: each is claimed (its
 * reminded_at set by a conditional UPDATE) in the transaction that stores its e-mail, so several
 * runs announce it once.
 */
export async function remindUpcomingRemainders(
  now: Date,
  reminderDays: number,
  email: (payment: Payment, tx: DatabaseTransaction) => Promise<OutboxEmailInput[]>,
  db: Database = getDb(),
  only?: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(payments)
      .set({ remindedAt: now })
      .where(and(eq(payments.kind, 'remainder'), eq(payments.status, 'scheduled'), sql`${payments.remindedAt} IS NULL`, sql`${payments.dueAt} > ${now}`, lte(payments.dueAt, new Date(now.getTime() + reminderDays * 86_400_000)), onlyPaymentsOf(only)))
      .returning();
    for (const payment of claimed) await enqueueEmails(tx, await email(payment, tx));
    return claimed.length;
  });
}

/** Support's list: remainders the bank or the card refused, still unpaid (oldest first). */
export async function listOverdueRemainders(limit = 100, db: Database = getDb()) {
  return db
    .select({ payment: payments, email: bookingRequests.email, firstName: bookingRequests.firstName, lastName: bookingRequests.lastName, status: bookingRequests.status, reference: bookingRequests.reference })
    .from(payments)
    .innerJoin(bookingRequests, eq(bookingRequests.id, payments.bookingRequestId))
    .where(and(eq(payments.kind, 'remainder'), inArray(payments.status, ['failed', 'requires_action']), eq(bookingRequests.status, 'secured')))
    .orderBy(asc(payments.dueAt))
    .limit(limit);
}

/** What can still be refunded on each paid payment of a booking: paid − refunded − refunds already queued. */
async function refundablePayments(tx: Tx, requestId: number, lock: boolean) {
  const paid = tx.select().from(payments).where(and(eq(payments.bookingRequestId, requestId), eq(payments.status, 'succeeded'))).orderBy(asc(payments.id));
  const rows = lock ? await paid.for('update') : await paid;
  const queued = rows.length
    ? await tx
        .select({ paymentId: refunds.paymentId, amountMinor: sql<number>`sum(${refunds.amountMinor})::int` })
        .from(refunds)
        .where(and(inArray(refunds.paymentId, rows.map((row) => row.id)), eq(refunds.status, 'pending')))
        .groupBy(refunds.paymentId)
    : [];
  return rows.map((row) => ({ payment: row, refundableMinor: row.amountMinor - row.refundedMinor - (queued.find((entry) => entry.paymentId === row.id)?.amountMinor ?? 0) }));
}

/**
 * Support's list: secured bookings the traveller cancelled after the free window, with money still
 * held (paid and not refunded nor queued), the deposit's date and the trip's first day so the
 * screen can say which terms apply. Oldest cancellation first.
 */
export async function listCancellationReviews(limit = 50, db: Database = getDb()) {
  const cancelled = await db
    .select({ request: bookingRequests, cancelledAt: bookingRequestEvents.createdAt })
    .from(bookingRequestEvents)
    .innerJoin(bookingRequests, eq(bookingRequests.id, bookingRequestEvents.requestId))
    .where(and(eq(bookingRequestEvents.fromStatus, 'secured'), eq(bookingRequestEvents.toStatus, 'cancelled'), eq(bookingRequestEvents.actorRole, 'traveller')))
    .orderBy(asc(bookingRequestEvents.createdAt))
    .limit(limit * 4);
  const reviews = [];
  for (const { request, cancelledAt } of cancelled) {
    const held = await refundablePayments(db, request.id, false);
    const refundableMinor = held.reduce((sum, entry) => sum + entry.refundableMinor, 0);
    if (refundableMinor <= 0) continue;
    const paidMinor = held.reduce((sum, entry) => sum + entry.payment.amountMinor, 0);
    const deposit = held.find((entry) => entry.payment.kind === 'deposit')?.payment;
    reviews.push({ request, cancelledAt, paidMinor, refundableMinor, currency: held[0]!.payment.currency, depositPaidAt: deposit?.paidAt ?? request.securedAt ?? cancelledAt });
    if (reviews.length >= limit) break;
  }
  return reviews;
}

/** What support's refund answers: queued, or why not (with what is still held, to say so truthfully). */
export type SupportRefundOutcome =
  | { ok: true }
  | { ok: false; reason: 'notCancelled' | 'nothingHeld' }
  | { ok: false; reason: 'decimals'; digits: number }
  | { ok: false; reason: 'tooMuch'; held: { amountMinor: number; currency: string } };

/**
 * Support refunds part or all of a cancelled booking (the terms applied by hand): the amount is
 * given as plain decimal text in major units of the booking's currency (at most its decimals),
 * spread over its payments (allocateRefund) and queued as refunds whose idempotency keys carry the
 * form's own key, so a double click or a retry queues nothing twice (the key with another amount
 * throws IdempotencyConflict). Under the booking's lock (lockBookingMoney): two refunds at once
 * wait for each other, and the second sees what the first took. The payments run sends them and
 * confirmRefund writes the ledger lines.
 */
export async function queueSupportRefund(requestId: number, amount: string, submissionKey: string, db: Database = getDb()): Promise<SupportRefundOutcome> {
  return db.transaction(async (tx) => {
    const locked = await lockBookingMoney(tx, requestId);
    if (!locked || locked.request.status !== 'cancelled') return { ok: false, reason: 'notCancelled' };
    const held = await refundablePayments(tx, requestId, false);
    if (held.length === 0) return { ok: false, reason: 'nothingHeld' };
    const currency = held[0]!.payment.currency;
    const amountMinor = typedMinorUnits(amount, currency);
    if (amountMinor === null) return { ok: false, reason: 'decimals', digits: minorUnitDigits(currency) };
    // The same submission again (its refunds already queued): nothing more, whatever is left to refund.
    const keyOf = (paymentId: number) => `refund:${paymentId}:support:${submissionKey}`;
    const already = await tx.select({ amountMinor: refunds.amountMinor }).from(refunds).where(inArray(refunds.idempotencyKey, held.map((entry) => keyOf(entry.payment.id))));
    if (already.length > 0) {
      // The key came back with another amount: a conflict, never a silent 'ok' for what was not done.
      if (already.reduce((sum, refund) => sum + refund.amountMinor, 0) !== amountMinor) throw new IdempotencyConflict();
      return { ok: true };
    }
    const refundable = held.map((entry) => ({ paymentId: entry.payment.id, refundableMinor: entry.refundableMinor }));
    const parts = allocateRefund(refundable, amountMinor);
    if (!parts) return { ok: false, reason: 'tooMuch', held: { amountMinor: refundableTotal(refundable), currency } };
    for (const part of parts) {
      await tx
        .insert(refunds)
        .values({ paymentId: part.paymentId, amountMinor: part.amountMinor, currency, reason: 'support', idempotencyKey: keyOf(part.paymentId) })
        .onConflictDoNothing();
    }
    return { ok: true };
  });
}
