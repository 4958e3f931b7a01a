import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithLink } from '@/lib/db/queries/accounts';
import { releaseLapsedJoins, type JoinEmails } from '@/lib/db/queries/join-holds';
import { openGroupJoins, openGroups, outboxEmails } from '@/lib/db/schema';
import { storeOpenGroupJoin, type JoinOutcome } from '@/lib/db/submissions';
import type { OutboxEmailInput } from '@/lib/mail/templates';
import { mailboxOf } from '@/lib/server/rate-limit';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const mail = (dedupeKey: string): OutboxEmailInput => ({ dedupeKey, kind: 'test', recipient: 'traveller@example.com', locale: 'en', subject: 'Test', text: 'Test', html: '<p>Test</p>' });
const HOLD_MINUTES = 30;
const T0 = new Date('2031-03-01T10:00:00Z');
const minutesAfter = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const emails: JoinEmails = { confirmed: (join) => [mail(`join:${join.id}:confirmed`)], promoted: (join) => [mail(`join:${join.id}:promoted`)] };

describe.each(testDatabaseServers())('open-group seats held until confirmed, on the $name server', (server) => {
  let database: IsolatedDatabase;
  let tripId: number;
  // The confirmation link of each join, as its first e-mail carries it.
  const tokens = new Map<number, string>();

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    tripId = (await database.db.execute<{ id: number }>(sql`SELECT id FROM trips WHERE published ORDER BY id LIMIT 1`)).rows[0]!.id;
  });
  afterAll(async () => database?.close());

  async function newGroup(spots: number, openSpots = spots): Promise<number> {
    const [group] = await database.db
      .insert(openGroups)
      .values({ tripId, startsOn: '2031-07-01', durationDays: 5, totalSpots: spots, openSpots, pricePerPersonMinor: 90_000, currency: 'EUR' })
      .returning({ id: openGroups.id });
    return group!.id;
  }

  type Join = { key: string; group: number; email?: string; travellers?: number; client?: string; confirmed?: boolean; now?: Date; clientSeatLimit?: number };
  function join({ key, group, email = `${key}@example.com`, travellers = 1, client = `client-${key}`, confirmed = false, now = T0, clientSeatLimit = 1000 }: Join): Promise<JoinOutcome> {
    return storeOpenGroupJoin(
      { idempotencyKey: key, locale: 'en', openGroupId: group, email, travellers, campaignData: null, mailbox: mailboxOf(email), clientKey: client, confirmed },
      { now, holdMinutes: HOLD_MINUTES, clientSeatLimit, linkNextPath: '/account/bookings?lan=en' },
      {
        ...emails,
        stored: (row, token) => {
          if (token) tokens.set(row.id, token);
          return [mail(`join:${row.id}:stored`)];
        },
      },
      database.db,
    );
  }

  const confirm = (joinId: number, now: Date) => signInWithLink(tokens.get(joinId)!, { supportEmails: [], now, joinEmails: emails }, database.db);

  async function stateOf(group: number) {
    const [row] = await database.db.select({ openSpots: openGroups.openSpots, totalSpots: openGroups.totalSpots }).from(openGroups).where(eq(openGroups.id, group));
    const joins = await database.db.select().from(openGroupJoins).where(eq(openGroupJoins.openGroupId, group));
    const seated = joins.filter((row) => row.status === 'held' || row.status === 'confirmed').reduce((sum, row) => sum + row.travellers, 0);
    return { ...row!, seated, joins };
  }

  /** open_spots is the truth: the group's seats minus those of its holds and confirmed joins, never below 0. */
  async function expectSeatsCountedOnce(group: number) {
    const state = await stateOf(group);
    expect(state.openSpots).toBeGreaterThanOrEqual(0);
    expect(state.openSpots).toBe(state.totalSpots - state.seated);
    const live = state.joins.filter((row) => row.status !== 'released').map((row) => row.mailbox);
    expect(new Set(live).size).toBe(live.length);
    return state;
  }

  it('holds an anonymous join’s seats until its deadline, and confirms a signed-in traveller’s at once', async () => {
    const group = await newGroup(6);
    const anonymous = await join({ key: 'hold-anon', group, travellers: 2 });
    expect(anonymous).toMatchObject({ ok: true, status: 'held', holdUntil: minutesAfter(HOLD_MINUTES), created: true, existing: false });
    const signedIn = await join({ key: 'hold-signed', group, travellers: 3, confirmed: true });
    expect(signedIn).toMatchObject({ ok: true, status: 'confirmed', holdUntil: null });
    expect((await expectSeatsCountedOnce(group)).openSpots).toBe(1);
    // Only the anonymous join got a confirmation link.
    expect(tokens.has((anonymous as { id: number }).id)).toBe(true);
    expect(tokens.has((signedIn as { id: number }).id)).toBe(false);
  });

  it('answers a second join of the same address with the first, however the address is written', async () => {
    const group = await newGroup(6);
    const first = await join({ key: 'twice-1', group, email: 'Jeanne.Barret@gmail.com', travellers: 2 });
    const second = await join({ key: 'twice-2', group, email: 'jeannebarret+trek@googlemail.com', travellers: 4 });
    expect(second).toMatchObject({ ok: true, existing: true, created: false, status: 'held', travellers: 2 });
    expect(second.ok && first.ok && second.reference).toBe(first.ok && first.reference);
    expect((await expectSeatsCountedOnce(group)).openSpots).toBe(4);
  });

  it('stores a double-clicked join once', async () => {
    const group = await newGroup(4);
    const outcomes = await Promise.all([1, 2, 3].map(() => join({ key: 'double-click', group, travellers: 2 })));
    expect(new Set(outcomes.map((outcome) => (outcome.ok ? outcome.id : 0))).size).toBe(1);
    expect(outcomes.filter((outcome) => outcome.ok && outcome.created)).toHaveLength(1);
    expect((await expectSeatsCountedOnce(group)).openSpots).toBe(2);
  });

  it('never lets one address hold more than a group’s seats in total, nor one client more than its limit', async () => {
    const [a, b] = [await newGroup(6), await newGroup(6)];
    expect(await join({ key: 'cap-a', group: a, email: 'hoarder@example.com', travellers: 5 })).toMatchObject({ ok: true, status: 'held' });
    expect(await join({ key: 'cap-b', group: b, email: 'HOARDER@example.com', travellers: 2 })).toEqual({ ok: false, reason: 'addressLimit', heldSeats: 5, spotsChanged: false });
    // Confirmed seats are the traveller's own: no cap.
    expect(await join({ key: 'cap-b-signed', group: b, email: 'hoarder@example.com', travellers: 2, confirmed: true })).toMatchObject({ ok: true, status: 'confirmed' });

    const c = await newGroup(12);
    const fromOneClient = (key: string, travellers: number) => join({ key, group: c, travellers, client: 'one-client', clientSeatLimit: 4 });
    expect(await fromOneClient('client-1', 3)).toMatchObject({ ok: true, status: 'held' });
    expect(await fromOneClient('client-2', 2)).toEqual({ ok: false, reason: 'clientLimit', spotsChanged: false });
    expect(await fromOneClient('client-3', 1)).toMatchObject({ ok: true, status: 'held' });
    expect((await expectSeatsCountedOnce(c)).openSpots).toBe(8);
  });

  it('never seats more travellers than the group has, nor one address twice, when joins race', async () => {
    for (let round = 0; round < 12; round += 1) {
      const group = await newGroup(5);
      // Eight joins at once: three share one mailbox (written three ways), the others have their own.
      const addresses = ['same@example.com', 'Same+a@example.com', 'SAME@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com', 'f@example.com'];
      const outcomes = await Promise.all(
        addresses.map((email, index) => join({ key: `race-${round}-${index}`, group, email, travellers: 1 + ((index + round) % 3), confirmed: index % 4 === 3 })),
      );
      const state = await expectSeatsCountedOnce(group);
      const stored = outcomes.filter((outcome) => outcome.ok && outcome.created);
      expect(state.joins).toHaveLength(stored.length);
      // The shared mailbox joined at most once; its other submissions were told of that join.
      const sameMailbox = outcomes.slice(0, 3).filter((outcome) => outcome.ok);
      expect(sameMailbox.filter((outcome) => outcome.ok && outcome.created).length).toBeLessThanOrEqual(1);
      expect(new Set(sameMailbox.map((outcome) => outcome.ok && outcome.reference)).size).toBeLessThanOrEqual(1);
    }
  });

  it('decides a hold’s lapse and its confirmation once when they race', async () => {
    for (let round = 0; round < 12; round += 1) {
      const group = await newGroup(4);
      const held = await join({ key: `lapse-race-${round}`, group, travellers: 3 });
      if (!held.ok) throw new Error('not stored');
      // Around the deadline: the confirmation just before it or just after it, the job just after it.
      const confirmAt = minutesAfter(HOLD_MINUTES + (round % 2 === 0 ? -0.01 : 0.01));
      const [signedIn] = await Promise.all([confirm(held.id, confirmAt), releaseLapsedJoins(emails, minutesAfter(HOLD_MINUTES + 0.02), database.db)]);
      if (!signedIn.ok || !signedIn.join) throw new Error('no confirmation');
      const state = await expectSeatsCountedOnce(group);
      const row = state.joins.find((candidate) => candidate.id === held.id)!;
      // Confirmed in time, or retaken after its release (the seats were still free): held once either way.
      expect(['confirmed', 'rejoined']).toContain(signedIn.join.outcome);
      expect(row.status).toBe('confirmed');
      expect(state.openSpots).toBe(1);
      const confirmedMails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, `join:${held.id}:confirmed`));
      expect(confirmedMails).toHaveLength(1);
    }
  });

  it('releases lapsed holds and moves the waitlist up: confirmed travellers first, each join that fits', async () => {
    const group = await newGroup(4);
    const hoard = await join({ key: 'wl-hoard', group, travellers: 4 });
    const first = await join({ key: 'wl-first', group, travellers: 2, confirmed: true, now: minutesAfter(1) });
    const unconfirmed = await join({ key: 'wl-unconfirmed', group, travellers: 1, now: minutesAfter(2) });
    const large = await join({ key: 'wl-large', group, travellers: 3, confirmed: true, now: minutesAfter(3) });
    const small = await join({ key: 'wl-small', group, travellers: 1, confirmed: true, now: minutesAfter(4) });
    for (const outcome of [first, unconfirmed, large, small]) expect(outcome).toMatchObject({ ok: true, status: 'waitlisted' });
    const ids = [hoard, first, unconfirmed, large, small].map((outcome) => (outcome.ok ? outcome.id : 0));

    // Before the deadline nothing moves.
    expect(await releaseLapsedJoins(emails, minutesAfter(HOLD_MINUTES - 1), database.db)).toEqual({ released: 0, promoted: 0, tripIds: [] });
    const result = await releaseLapsedJoins(emails, minutesAfter(HOLD_MINUTES), database.db);
    expect(result).toEqual({ released: 1, promoted: 2, tripIds: [tripId] });
    const state = await expectSeatsCountedOnce(group);
    const status = (id: number) => state.joins.find((row) => row.id === id)!.status;
    expect(ids.map(status)).toEqual(['released', 'confirmed', 'waitlisted', 'waitlisted', 'confirmed']);
    expect(state.openSpots).toBe(1);
    const promotedMails = await database.db.select({ key: outboxEmails.dedupeKey }).from(outboxEmails).where(like(outboxEmails.dedupeKey, 'join:%:promoted'));
    expect(promotedMails.map((row) => row.key).filter((key) => ids.some((id) => key === `join:${id}:promoted`)).sort()).toEqual([`join:${ids[1]}:promoted`, `join:${ids[4]}:promoted`].sort());

    // The unconfirmed waitlist place lapses at its own deadline; the job run again changes nothing else.
    expect(await releaseLapsedJoins(emails, minutesAfter(HOLD_MINUTES + 2), database.db)).toMatchObject({ released: 1, promoted: 0 });
    expect(status(ids[3]!)).toBe('waitlisted');
    expect((await stateOf(group)).joins.find((row) => row.id === ids[2])!.status).toBe('released');
  });

  it('releases lapsed holds of a group before a new join counts its spots', async () => {
    const group = await newGroup(3);
    await join({ key: 'lazy-hoard', group, travellers: 3 });
    expect(await join({ key: 'lazy-early', group, travellers: 1, now: minutesAfter(HOLD_MINUTES - 1) })).toMatchObject({ ok: true, status: 'waitlisted' });
    // The next anonymous join after the deadline finds the seats free, even before the job ran.
    expect(await join({ key: 'lazy-late', group, travellers: 2, now: minutesAfter(HOLD_MINUTES + 0.5) })).toMatchObject({ ok: true, status: 'held', spotsChanged: true });
    // A join refused after releasing what lapsed still says the spots changed: the cached pages must expire.
    const other = await newGroup(2);
    await join({ key: 'lazy-other-hoard', group: other, travellers: 2 });
    expect(await join({ key: 'lazy-other-big', group: other, travellers: 5, now: minutesAfter(HOLD_MINUTES + 1) })).toEqual({ ok: false, reason: 'spotsLeft', openSpots: 2, spotsChanged: true });
    await expectSeatsCountedOnce(group);
  });

  it('confirms a link after the hold lapsed: the seats again when enough are left, else says they were released', async () => {
    const roomy = await newGroup(4);
    const late = await join({ key: 'late-roomy', group: roomy, travellers: 2 });
    const lateId = late.ok ? late.id : 0;
    const rejoined = await confirm(lateId, minutesAfter(HOLD_MINUTES + 5));
    expect(rejoined.ok && rejoined.join).toMatchObject({ outcome: 'rejoined', spotsChanged: true });
    expect((await expectSeatsCountedOnce(roomy)).openSpots).toBe(2);

    const taken = await newGroup(2);
    const gone = await join({ key: 'late-taken', group: taken, travellers: 2 });
    await join({ key: 'late-waiting', group: taken, travellers: 2, confirmed: true, now: minutesAfter(1) });
    await releaseLapsedJoins(emails, minutesAfter(HOLD_MINUTES + 1), database.db);
    const released = await confirm(gone.ok ? gone.id : 0, minutesAfter(HOLD_MINUTES + 5));
    expect(released.ok && released.join).toMatchObject({ outcome: 'released', spotsChanged: false });
    const state = await expectSeatsCountedOnce(taken);
    expect(state.openSpots).toBe(0);
    expect(state.joins.find((row) => row.id === (gone.ok ? gone.id : 0))!.status).toBe('released');
  });

  it('keeps a confirmed waitlist place, and gives it seats as soon as they fit', async () => {
    const group = await newGroup(2);
    const holder = await join({ key: 'keep-holder', group, travellers: 2, confirmed: true });
    const waiting = await join({ key: 'keep-waiting', group, travellers: 1, now: minutesAfter(1) });
    const waitingId = waiting.ok ? waiting.id : 0;
    const kept = await confirm(waitingId, minutesAfter(5));
    expect(kept.ok && kept.join).toMatchObject({ outcome: 'waitlisted' });
    const [row] = await database.db.select().from(openGroupJoins).where(eq(openGroupJoins.id, waitingId));
    expect(row).toMatchObject({ status: 'waitlisted', holdUntil: null });
    expect(row!.confirmedAt).toEqual(minutesAfter(5));
    // A seat comes back (the guide's change): the next settlement gives it to the confirmed waiting join.
    await database.db.update(openGroups).set({ openSpots: 1, totalSpots: 3 }).where(eq(openGroups.id, group));
    await join({ key: 'keep-trigger', group, travellers: 1, now: minutesAfter(6) });
    const state = await expectSeatsCountedOnce(group);
    expect(state.joins.find((candidate) => candidate.id === waitingId)!.status).toBe('confirmed');
    expect(state.joins.find((candidate) => candidate.id === (holder.ok ? holder.id : 0))!.status).toBe('confirmed');
    const held = await database.db.select().from(openGroupJoins).where(and(eq(openGroupJoins.openGroupId, group), inArray(openGroupJoins.status, ['held', 'waitlisted'])));
    expect(held.map((candidate) => candidate.idempotencyKey)).toEqual(['keep-trigger']);
  });
});
