import 'server-only';
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { confirmStep, promotions, type ConfirmOutcome, type JoinStatus } from '../../booking/join-holds';
import type { Locale } from '../../locales';
import { enqueueEmails } from '../../mail/outbox';
import type { OutboxEmailInput } from '../../mail/templates';
import { getDb } from '../client';
import type { Database, DatabaseTransaction } from '../database';
import { guides, openGroupJoins, openGroups, trips } from '../schema';
import { tripTextsByTrip } from './trip-texts';

/**
 * The seats of open groups under joins that hold them (lib/booking/join-holds.ts). Every change of
 * a group's open spots happens under its row lock (FOR UPDATE), taken before any of its joins'
 * rows: joins, confirmations and the release job never count a seat twice, and never deadlock.
 */

/** A join as its e-mails need it. */
export type JoinForEmail = {
  id: number;
  reference: string;
  locale: Locale;
  email: string;
  travellers: number;
  status: JoinStatus;
  holdUntil: Date | null;
  group: { startsOn: string; durationDays: number; price: { amountMinor: number; currency: string } };
  trip: { id: number; customerFee: boolean; discountPercent: number; translations: { locale: Locale; slug: string; title: string }[] };
  guide: { name: string; email: string | null; emailLocale: Locale };
};

export type JoinEmails = {
  /** A join whose address was just confirmed, with or without seats: the traveller's summary and the guide's notice. */
  confirmed: (join: JoinForEmail) => OutboxEmailInput[];
  /** A waitlisted join that got seats: the traveller and the guide are told. */
  promoted: (join: JoinForEmail) => OutboxEmailInput[];
};

type Executor = Database | DatabaseTransaction;

/** Joins by id with their group, trip and guide, for their e-mails. */
export async function loadJoinsForEmail(db: Executor, ids: number[]): Promise<JoinForEmail[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      join: { id: openGroupJoins.id, reference: openGroupJoins.reference, locale: openGroupJoins.locale, email: openGroupJoins.email, travellers: openGroupJoins.travellers, status: openGroupJoins.status, holdUntil: openGroupJoins.holdUntil },
      group: { startsOn: openGroups.startsOn, durationDays: openGroups.durationDays, amountMinor: openGroups.pricePerPersonMinor, currency: openGroups.currency },
      trip: { id: trips.id, customerFee: trips.customerFee, discountPercent: trips.discountPercent },
      guide: { name: guides.name, email: guides.email, emailLocale: guides.emailLocale },
    })
    .from(openGroupJoins)
    .innerJoin(openGroups, eq(openGroups.id, openGroupJoins.openGroupId))
    .innerJoin(trips, eq(trips.id, openGroups.tripId))
    .innerJoin(guides, eq(guides.id, trips.guideId))
    .where(inArray(openGroupJoins.id, ids))
    .orderBy(asc(openGroupJoins.id));
  const textsOf = await tripTextsByTrip(db, rows.map((row) => row.trip.id));
  return rows.map(({ join, group, trip, guide }) => {
    const texts = textsOf(trip.id);
    const translations = (Object.keys(texts.titles) as Locale[]).flatMap((locale) => {
      const title = texts.titles[locale];
      const slug = texts.slugs[locale];
      return title && slug ? [{ locale, title, slug }] : [];
    });
    return { ...join, group: { startsOn: group.startsOn, durationDays: group.durationDays, price: { amountMinor: group.amountMinor, currency: group.currency } }, trip: { ...trip, translations }, guide };
  });
}

export type LockedGroup = { id: number; tripId: number; openSpots: number; totalSpots: number };

/** Locks a group's row for this transaction; with `skipLocked`, null when another transaction has it. */
export async function lockGroup(tx: DatabaseTransaction, groupId: number, options: { skipLocked?: boolean } = {}): Promise<LockedGroup | null> {
  const [group] = await tx
    .select({ id: openGroups.id, tripId: openGroups.tripId, openSpots: openGroups.openSpots, totalSpots: openGroups.totalSpots })
    .from(openGroups)
    .where(eq(openGroups.id, groupId))
    .for('update', options.skipLocked ? { skipLocked: true } : undefined);
  return group ?? null;
}

/** Writes a group's new open spots (its row is locked). */
async function setOpenSpots(tx: DatabaseTransaction, group: LockedGroup, openSpots: number): Promise<void> {
  if (openSpots === group.openSpots) return;
  await tx.update(openGroups).set({ openSpots, updatedAt: sql`now()` }).where(eq(openGroups.id, group.id));
  group.openSpots = openSpots;
}

export type Settled = { released: number; promoted: number; promotedIds: number[]; spotsChanged: boolean };

/**
 * Settles a group whose row the caller locked: unconfirmed joins whose time is over are released
 * (a hold's seats given back), then the confirmed waitlisted joins that fit get seats, each with
 * its e-mail. `group.openSpots` is kept up to date.
 */
export async function settleGroup(tx: DatabaseTransaction, group: LockedGroup, now: Date, emails: JoinEmails): Promise<Settled> {
  const before = group.openSpots;
  const { rows: lapsed } = await tx.execute<{ status: JoinStatus; travellers: number }>(sql`
    WITH due AS (
      SELECT ${openGroupJoins.id} AS id, ${openGroupJoins.status} AS status, ${openGroupJoins.travellers} AS travellers FROM ${openGroupJoins}
      WHERE ${openGroupJoins.openGroupId} = ${group.id} AND ${openGroupJoins.holdUntil} <= ${now.toISOString()}
      FOR UPDATE
    )
    UPDATE ${openGroupJoins} SET status = 'released', hold_until = NULL FROM due
    WHERE ${openGroupJoins.id} = due.id
    RETURNING due.status AS status, due.travellers AS travellers`);
  let openSpots = group.openSpots + lapsed.filter((row) => row.status === 'held').reduce((sum, row) => sum + row.travellers, 0);

  const waitlist = await tx
    .select({ id: openGroupJoins.id, travellers: openGroupJoins.travellers, confirmedAt: openGroupJoins.confirmedAt })
    .from(openGroupJoins)
    .where(and(eq(openGroupJoins.openGroupId, group.id), eq(openGroupJoins.status, 'waitlisted')))
    .orderBy(asc(openGroupJoins.createdAt), asc(openGroupJoins.id))
    .for('update');
  const promoted = promotions(waitlist.map((join) => ({ ...join, confirmed: join.confirmedAt !== null })), openSpots);
  if (promoted.length > 0) {
    await tx.update(openGroupJoins).set({ status: 'confirmed' }).where(inArray(openGroupJoins.id, promoted.map((join) => join.id)));
    openSpots -= promoted.reduce((sum, join) => sum + join.travellers, 0);
    await enqueueEmails(tx, (await loadJoinsForEmail(tx, promoted.map((join) => join.id))).flatMap(emails.promoted));
  }
  await setOpenSpots(tx, group, openSpots);
  return { released: lapsed.length, promoted: promoted.length, promotedIds: promoted.map((join) => join.id), spotsChanged: openSpots !== before };
}

/**
 * The release job: every group with an unconfirmed join whose time is over is settled in its own
 * transaction, its row claimed with FOR UPDATE SKIP LOCKED (another instance, or a join at that
 * moment, has it: it settles the group itself). Returns the counts and the trips whose open spots changed.
 */
export async function releaseLapsedJoins(emails: JoinEmails, now: Date = new Date(), db: Database = getDb(), batch = 200): Promise<{ released: number; promoted: number; tripIds: number[] }> {
  const due = await db
    .selectDistinct({ groupId: openGroupJoins.openGroupId })
    .from(openGroupJoins)
    .where(lte(openGroupJoins.holdUntil, now))
    .limit(batch);
  const result = { released: 0, promoted: 0, tripIds: [] as number[] };
  for (const { groupId } of due) {
    const settled = await db.transaction(async (tx) => {
      const group = await lockGroup(tx, groupId, { skipLocked: true });
      return group ? { tripId: group.tripId, ...(await settleGroup(tx, group, now, emails)) } : null;
    });
    if (!settled) continue;
    result.released += settled.released;
    result.promoted += settled.promoted;
    if (settled.spotsChanged && !result.tripIds.includes(settled.tripId)) result.tripIds.push(settled.tripId);
  }
  return result;
}

export type JoinConfirmation = { outcome: ConfirmOutcome; reference: string; tripId: number; spotsChanged: boolean };

/**
 * Confirms a join's address (its link was used), in the caller's transaction. What lapsed in its
 * group is released first, as the job would have: a hold still running is confirmed, a waitlist
 * place is kept (and gets seats when they fit), and a lapsed join takes seats again when enough are
 * left, else it stays released. A second confirmation changes nothing.
 */
export async function confirmJoin(tx: DatabaseTransaction, joinId: number, now: Date, emails: JoinEmails): Promise<JoinConfirmation | null> {
  const [target] = await tx.select({ groupId: openGroupJoins.openGroupId }).from(openGroupJoins).where(eq(openGroupJoins.id, joinId));
  if (!target) return null;
  const group = await lockGroup(tx, target.groupId);
  if (!group) return null;
  const first = await settleGroup(tx, group, now, emails);
  const [join] = await tx
    .select({ id: openGroupJoins.id, reference: openGroupJoins.reference, status: openGroupJoins.status, confirmedAt: openGroupJoins.confirmedAt, travellers: openGroupJoins.travellers, mailbox: openGroupJoins.mailbox })
    .from(openGroupJoins)
    .where(eq(openGroupJoins.id, joinId))
    .for('update');
  if (!join) return null;
  const otherLiveJoin =
    join.status === 'released' && join.mailbox !== null
      ? (await tx.select({ id: openGroupJoins.id }).from(openGroupJoins).where(and(eq(openGroupJoins.openGroupId, group.id), eq(openGroupJoins.mailbox, join.mailbox), ne(openGroupJoins.status, 'released'), ne(openGroupJoins.id, join.id))).limit(1)).length > 0
      : false;
  const step = confirmStep(join, group.openSpots, otherLiveJoin);
  let outcome: ConfirmOutcome = step.outcome;
  let spotsChanged = first.spotsChanged;
  if (step.change === 'confirm') {
    await tx.update(openGroupJoins).set({ status: join.status === 'held' ? 'confirmed' : join.status, confirmedAt: now, holdUntil: null }).where(eq(openGroupJoins.id, join.id));
    // A waitlist place just confirmed gets seats at once when they fit.
    const second = join.status === 'waitlisted' ? await settleGroup(tx, group, now, emails) : null;
    spotsChanged ||= second?.spotsChanged ?? false;
    if (second?.promotedIds.includes(join.id)) outcome = 'confirmed';
    else await enqueueEmails(tx, (await loadJoinsForEmail(tx, [join.id])).flatMap(emails.confirmed));
  } else if (step.change === 'takeSeats') {
    await tx.update(openGroupJoins).set({ status: 'confirmed', confirmedAt: now, holdUntil: null }).where(eq(openGroupJoins.id, join.id));
    await setOpenSpots(tx, group, group.openSpots - join.travellers);
    spotsChanged = true;
    await enqueueEmails(tx, (await loadJoinsForEmail(tx, [join.id])).flatMap(emails.confirmed));
  }
  return { outcome, reference: join.reference, tripId: group.tripId, spotsChanged };
}

/** Seats an address (its mailbox) and a client hold unconfirmed, every group together. */
export async function heldSeats(tx: Executor, by: { mailbox: string; clientKey: string }): Promise<{ address: number; client: number }> {
  const sum = (where: ReturnType<typeof eq>) =>
    tx
      .select({ seats: sql<number>`coalesce(sum(${openGroupJoins.travellers}), 0)::int` })
      .from(openGroupJoins)
      .where(and(eq(openGroupJoins.status, 'held'), where));
  const [[address], [client]] = await Promise.all([sum(eq(openGroupJoins.mailbox, by.mailbox)), sum(eq(openGroupJoins.clientKey, by.clientKey))]);
  return { address: address?.seats ?? 0, client: client?.seats ?? 0 };
}
