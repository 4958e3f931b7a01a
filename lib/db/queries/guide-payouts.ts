import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { enqueueEmails } from '../../mail/outbox';
import type { OutboxEmailInput } from '../../mail/templates';
import { reversalEntries, transferDue, transferEntries } from '../../payments/ledger';
import { getDb } from '../client';
import type { Database, DatabaseTransaction } from '../database';
import { bookingRequests, guidePayouts, guideStripeAccounts, guideTransfers, guides, ledgerEntries, ledgerLines, openGroups, refunds, trips, type GuideStripeAccount, type GuideTransfer } from '../schema';
import { lockBookingMoney, writeJournal } from './payments';
import { tripTextsByTrip, type TripTexts } from './trip-texts';

type Tx = Database | DatabaseTransaction;

/** The guide's connected account, or null before they connect one. */
export async function getGuideStripeAccount(guideId: number, db: Tx = getDb()): Promise<GuideStripeAccount | null> {
  const [row] = await db.select().from(guideStripeAccounts).where(eq(guideStripeAccounts.guideId, guideId));
  return row ?? null;
}

/** Stores the account Stripe created for a guide; a guide keeps the first one (a retry stores nothing new). */
export async function saveGuideStripeAccount(guideId: number, stripeAccountId: string, db: Database = getDb()): Promise<GuideStripeAccount> {
  await db.insert(guideStripeAccounts).values({ guideId, stripeAccountId }).onConflictDoNothing();
  return (await getGuideStripeAccount(guideId, db))!;
}

/** Forgets an account Stripe says it does not have; movements keep the id they were sent to. */
export async function forgetGuideStripeAccount(guideId: number, stripeAccountId: string, db: Database = getDb()): Promise<void> {
  await db.delete(guideStripeAccounts).where(and(eq(guideStripeAccounts.guideId, guideId), eq(guideStripeAccounts.stripeAccountId, stripeAccountId)));
}

export type AccountStatus = { detailsSubmitted: boolean; chargesEnabled: boolean; payoutsEnabled: boolean; requirementsDue: string[] };

/**
 * What Stripe says of a connected account (`account.updated`, or a retrieve on the guide's return):
 * stored as told. When Stripe starts asking for more, the guide is e-mailed once (the reminder's
 * time is kept, and cleared once nothing is due). Returns whether the account is known.
 */
export async function updateGuideAccountStatus(
  stripeAccountId: string,
  status: AccountStatus,
  reminder: (guide: { id: number; name: string; email: string | null; emailLocale: string }, tx: DatabaseTransaction) => Promise<OutboxEmailInput[]>,
  now: Date,
  db: Database = getDb(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(guideStripeAccounts).where(eq(guideStripeAccounts.stripeAccountId, stripeAccountId)).for('update');
    if (!row) return false;
    const needsMore = status.requirementsDue.length > 0;
    const remind = needsMore && row.remindedAt === null;
    await tx
      .update(guideStripeAccounts)
      .set({ ...status, remindedAt: needsMore ? (row.remindedAt ?? now) : null, updatedAt: sql`now()` })
      .where(eq(guideStripeAccounts.guideId, row.guideId));
    if (remind) {
      const [guide] = await tx.select({ id: guides.id, name: guides.name, email: guides.email, emailLocale: guides.emailLocale }).from(guides).where(eq(guides.id, row.guideId));
      if (guide) await enqueueEmails(tx, await reminder(guide, tx));
    }
    return true;
  });
}

/** A booking's last day: the proposal's, the asked-for one, or its open group's. */
const lastDay = sql`coalesce(${bookingRequests.proposedEndsOn}, ${bookingRequests.endsOn}, (${openGroups.startsOn} + (${openGroups.durationDays} - 1)))`;
/** The guide who is paid for a booking: the one it was reassigned to, else the trip's. */
const bookingGuide = sql<number>`coalesce(${bookingRequests.assignedGuideId}, ${trips.guideId})`;

/**
 * Bookings with money to move between the platform and a connected account: their trip ended at
 * least `delayDays` ago, their guide has an account, and what the ledger owes the guide is not
 * zero, or a movement is still waiting for Stripe. `only`: one booking (the e2e clock).
 */
export async function listPayoutCandidates(now: Date, delayDays: number, limit: number, db: Database = getDb(), only?: number): Promise<number[]> {
  const owed = sql`(SELECT coalesce(sum(l.amount_minor), 0) FROM ${ledgerLines} l JOIN ${ledgerEntries} e ON e.id = l.entry_id WHERE e.booking_request_id = ${bookingRequests.id} AND l.account = 'owed_to_guide')`;
  const pending = sql`EXISTS (SELECT 1 FROM ${guideTransfers} g WHERE g.booking_request_id = ${bookingRequests.id} AND g.status = 'pending')`;
  const rows = await db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .innerJoin(trips, eq(trips.id, bookingRequests.tripId))
    .leftJoin(openGroups, eq(openGroups.id, bookingRequests.openGroupId))
    .innerJoin(guideStripeAccounts, eq(guideStripeAccounts.guideId, bookingGuide))
    .where(
      and(
        only === undefined ? undefined : eq(bookingRequests.id, only),
        sql`${lastDay} IS NOT NULL AND ${lastDay} + ${delayDays}::int < (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date`,
        sql`(${owed} <> 0 OR ${pending})`,
      ),
    )
    .orderBy(asc(bookingRequests.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

const sumOf = (rows: GuideTransfer[], kind: GuideTransfer['kind'], status?: GuideTransfer['status']) =>
  rows.filter((row) => row.kind === kind && (status === undefined || row.status === status)).reduce((sum, row) => sum + row.amountMinor, 0);

/**
 * Decides, under the booking's money lock (the order every money step takes), the next movement
 * of a booking's guide share, and stores it before Stripe is asked: a transfer of what the ledger
 * owes the guide (only to an account whose payouts are enabled), or, when a refund left the guide
 * with more than its share, a reversal of the latest transfer that still holds enough. Nothing while
 * a refund is waiting to be sent, or a movement is already waiting for Stripe. Returns the new
 * movement, or null.
 */
export async function claimGuideMovement(bookingRequestId: number, db: Database = getDb()): Promise<GuideTransfer | null> {
  return db.transaction(async (tx) => {
    const locked = await lockBookingMoney(tx, bookingRequestId);
    if (!locked) return null;
    const paymentIds = locked.payments.map((payment) => payment.id);
    if (paymentIds.length === 0) return null;
    const [waitingRefund] = await tx.select({ id: refunds.id }).from(refunds).where(and(inArray(refunds.paymentId, paymentIds), eq(refunds.status, 'pending'))).limit(1);
    if (waitingRefund) return null;
    const movements = await tx.select().from(guideTransfers).where(eq(guideTransfers.bookingRequestId, bookingRequestId)).orderBy(asc(guideTransfers.id));
    if (movements.some((row) => row.status === 'pending')) return null;
    const [trip] = await tx.select({ guideId: trips.guideId }).from(trips).where(eq(trips.id, locked.request.tripId));
    const guideId = locked.request.assignedGuideId ?? trip!.guideId;
    const account = await getGuideStripeAccount(guideId, tx);
    if (!account) return null;
    const [owed] = await tx
      .select({ amountMinor: sql<number>`coalesce(sum(${ledgerLines.amountMinor}), 0)::int`, currency: sql<string | null>`min(${ledgerLines.currency})` })
      .from(ledgerLines)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
      .where(and(eq(ledgerEntries.bookingRequestId, bookingRequestId), eq(ledgerLines.account, 'owed_to_guide')));
    const due = transferDue(owed?.amountMinor ?? 0);
    const currency = owed?.currency ?? locked.payments[0]!.currency;
    if (due > 0) {
      if (!account.payoutsEnabled) return null;
      const n = movements.filter((row) => row.kind === 'transfer').length + 1;
      const [row] = await tx
        .insert(guideTransfers)
        .values({ bookingRequestId, guideId, kind: 'transfer', amountMinor: due, currency, idempotencyKey: `transfer:${bookingRequestId}:${n}`, stripeAccountId: account.stripeAccountId })
        .returning();
      return row!;
    }
    if (due < 0) {
      // Take back from the latest transfer that still holds enough, else from the latest with anything left.
      const transfers = movements.filter((row) => row.kind === 'transfer' && row.status === 'succeeded').reverse();
      const left = (transfer: GuideTransfer) => transfer.amountMinor - sumOf(movements.filter((row) => row.transferId === transfer.id), 'reversal');
      const from = transfers.find((transfer) => left(transfer) >= -due) ?? transfers.find((transfer) => left(transfer) > 0);
      if (!from) return null;
      const amountMinor = Math.min(-due, left(from));
      const n = movements.filter((row) => row.transferId === from.id).length + 1;
      const [row] = await tx
        .insert(guideTransfers)
        .values({ bookingRequestId, guideId, kind: 'reversal', transferId: from.id, amountMinor, currency, idempotencyKey: `reversal:${from.id}:${n}`, stripeAccountId: from.stripeAccountId })
        .returning();
      return row!;
    }
    return null;
  });
}

/** Movements stored and not yet confirmed by Stripe, least recently tried first (a booking's alone for `only`). */
export async function listPendingMovements(limit: number, db: Database = getDb(), only?: number): Promise<Array<GuideTransfer & { stripeTransferId: string | null }>> {
  // Qualified by hand: inside the subquery drizzle would name the column bare, which would read p's own.
  const parent = sql<string | null>`(SELECT p.stripe_id FROM guide_transfers p WHERE p.id = "guide_transfers"."transfer_id")`;
  const rows = await db
    .select({ movement: guideTransfers, stripeTransferId: parent })
    .from(guideTransfers)
    .where(and(eq(guideTransfers.status, 'pending'), only === undefined ? undefined : eq(guideTransfers.bookingRequestId, only)))
    .orderBy(asc(guideTransfers.updatedAt), asc(guideTransfers.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.movement, stripeTransferId: row.stripeTransferId }));
}

/** A movement Stripe did not make this time goes to the back of the queue. */
export async function deferGuideMovement(id: number, db: Database = getDb()): Promise<void> {
  await db.update(guideTransfers).set({ updatedAt: sql`now()` }).where(and(eq(guideTransfers.id, id), eq(guideTransfers.status, 'pending')));
}

/**
 * A transfer or reversal Stripe made (its API answer, a `transfer.*` webhook or the reconciliation):
 * the row succeeds and the ledger gets its entry, once, under the booking's money lock.
 */
export async function confirmGuideMovement(id: number, made: { stripeId: string; balanceTransactionId: string | null }, now: Date, db: Database = getDb()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [first] = await tx.select({ bookingRequestId: guideTransfers.bookingRequestId }).from(guideTransfers).where(eq(guideTransfers.id, id));
    if (!first || !(await lockBookingMoney(tx, first.bookingRequestId))) return false;
    const [row] = await tx.select().from(guideTransfers).where(eq(guideTransfers.id, id)).for('update');
    if (!row || row.status === 'succeeded') return false;
    await tx
      .update(guideTransfers)
      .set({ status: 'succeeded', stripeId: made.stripeId, balanceTransactionId: made.balanceTransactionId, confirmedAt: now, updatedAt: sql`now()` })
      .where(eq(guideTransfers.id, id));
    const money = { amountMinor: row.amountMinor, currency: row.currency };
    await writeJournal(tx, row.bookingRequestId, row.kind === 'transfer' ? transferEntries(row.id, money) : reversalEntries(row.id, money), {});
    return true;
  });
}

/** Finds a movement by our id (Stripe's metadata) or Stripe's own. */
export async function findGuideMovement(ref: { id: number | null; stripeId: string | null }, db: Tx = getDb()): Promise<GuideTransfer | null> {
  if (ref.id) {
    const [row] = await db.select().from(guideTransfers).where(eq(guideTransfers.id, ref.id));
    if (row) return row;
  }
  if (!ref.stripeId) return null;
  const [row] = await db.select().from(guideTransfers).where(eq(guideTransfers.stripeId, ref.stripeId));
  return row ?? null;
}

const PAYOUT_RANK: Record<string, number> = { pending: 0, in_transit: 1, paid: 2, failed: 2, canceled: 2 };

/** A payout of a connected account as a `payout.*` event tells it; an older event never moves a later status back. */
export async function recordGuidePayout(payout: { id: string; account: string; status: string; amountMinor: number; currency: string; arrivalDate: Date | null; createdAt: Date }, db: Database = getDb()): Promise<void> {
  const values = { stripePayoutId: payout.id, stripeAccountId: payout.account, status: payout.status, amountMinor: payout.amountMinor, currency: payout.currency, arrivalDate: payout.arrivalDate, createdAt: payout.createdAt };
  const rank = PAYOUT_RANK[payout.status] ?? 0;
  const rankSql = sql.raw(`CASE "guide_payouts"."status" WHEN 'pending' THEN 0 WHEN 'in_transit' THEN 1 ELSE 2 END`);
  await db
    .insert(guidePayouts)
    .values(values)
    .onConflictDoUpdate({ target: guidePayouts.stripePayoutId, set: { status: payout.status, arrivalDate: payout.arrivalDate, updatedAt: sql`now()` }, setWhere: sql`${rankSql} <= ${rank}` });
}

/** Where a booking's share stands for the guide: not sent yet, sent to their Stripe balance, or paid out to their bank. */
export type EarningStatus = 'upcoming' | 'inTransit' | 'paid';
export type GuideEarning = {
  requestId: number;
  reference: string;
  tripTitles: TripTexts['titles'];
  lastDay: string | null;
  currency: string;
  /** The guide's share of what travellers paid and kept (after refunds). */
  shareMinor: number;
  /** Transferred so far, less reversals. */
  transferredMinor: number;
  status: EarningStatus;
  transferredAt: Date | null;
};

/**
 * The guide's earnings per booking, newest trip first: its share (from the ledger's allocations and
 * refunds), what was transferred, and where it stands. A transfer is paid once a payout of the
 * account that was created after it is paid; before that it is in transit.
 */
export async function listGuideEarnings(guideId: number, db: Database = getDb()): Promise<GuideEarning[]> {
  const share = sql<number>`coalesce(sum(${ledgerLines.amountMinor}) FILTER (WHERE ${ledgerEntries.kind} IN ('allocation', 'refund_allocation')), 0)::int`;
  const sent = sql<number>`coalesce(sum(${ledgerLines.amountMinor}) FILTER (WHERE ${ledgerEntries.kind} IN ('transfer', 'transfer_reversal')), 0)::int`;
  const rows = await db
    .select({
      requestId: bookingRequests.id,
      reference: bookingRequests.reference,
      tripId: bookingRequests.tripId,
      lastDay: sql<string | null>`(${lastDay})::text`,
      currency: sql<string>`min(${ledgerLines.currency})`,
      share,
      sent,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .innerJoin(bookingRequests, eq(bookingRequests.id, ledgerEntries.bookingRequestId))
    .innerJoin(trips, eq(trips.id, bookingRequests.tripId))
    .leftJoin(openGroups, eq(openGroups.id, bookingRequests.openGroupId))
    .where(and(eq(ledgerLines.account, 'owed_to_guide'), sql`${bookingGuide} = ${guideId}`))
    .groupBy(bookingRequests.id, openGroups.id)
    .orderBy(desc(sql`${lastDay}`), desc(bookingRequests.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.requestId);
  const [movements, account] = await Promise.all([
    db.select().from(guideTransfers).where(and(inArray(guideTransfers.bookingRequestId, ids), eq(guideTransfers.status, 'succeeded'), eq(guideTransfers.kind, 'transfer'))),
    getGuideStripeAccount(guideId, db),
  ]);
  const paidOut = account
    ? await db
        .select({ createdAt: guidePayouts.createdAt })
        .from(guidePayouts)
        .where(and(eq(guidePayouts.stripeAccountId, account.stripeAccountId), eq(guidePayouts.status, 'paid')))
        .orderBy(desc(guidePayouts.createdAt))
        .limit(1)
    : [];
  const lastPaidPayout = paidOut[0]?.createdAt ?? null;
  const texts = await tripTextsByTrip(db, rows.map((row) => row.tripId));
  return rows.map((row) => {
    const transferredAt = movements.filter((movement) => movement.bookingRequestId === row.requestId).reduce<Date | null>((latest, movement) => (movement.confirmedAt && (!latest || movement.confirmedAt > latest) ? movement.confirmedAt : latest), null);
    const transferredMinor = row.sent;
    // Stripe dates a payout to the second: a transfer confirmed within that second counts as before it.
    const paid = lastPaidPayout !== null && transferredAt !== null && lastPaidPayout.getTime() >= Math.floor(transferredAt.getTime() / 1000) * 1000;
    const status: EarningStatus = transferredMinor <= 0 ? 'upcoming' : paid ? 'paid' : 'inTransit';
    return { requestId: row.requestId, reference: row.reference, tripTitles: texts(row.tripId).titles, lastDay: row.lastDay, currency: row.currency, shareMinor: -row.share, transferredMinor, status, transferredAt };
  });
}

/** The transfers and reversals the ledger recorded, by Stripe id, for the reconciliation with Stripe's balance transactions. */
export async function listConfirmedMovements(limit: number, db: Database = getDb()): Promise<GuideTransfer[]> {
  return db.select().from(guideTransfers).where(eq(guideTransfers.status, 'succeeded')).orderBy(desc(guideTransfers.confirmedAt)).limit(limit);
}

/** What Stripe's account creation needs of a guide. */
export async function getGuideContact(guideId: number, db: Database = getDb()): Promise<{ id: number; countryCode: string; email: string | null } | null> {
  const [row] = await db.select({ id: guides.id, countryCode: guides.countryCode, email: guides.email }).from(guides).where(eq(guides.id, guideId));
  return row ?? null;
}
