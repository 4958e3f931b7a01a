import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestStatus } from '@/lib/booking/request-lifecycle';
import { createDatabase, type Database, type DatabaseTransaction } from '@/lib/db/database';
import { transitionBookingRequest } from '@/lib/db/queries/account-requests';
import { checkDeparture, getMonthLoads, getTripCalendar, lockedOpenSpots } from '@/lib/db/queries/availability';
import { bookingRequests, openGroups, unavailableRanges } from '@/lib/db/schema';
import { storeBookingRequest } from '@/lib/db/submissions';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

// Well after the seed's dates and today's, so nothing else of the catalogue falls in these months.
const TODAY = '2032-01-10';
const guide = { role: 'guide' as const, userId: null };
let keyNumber = 0;

describe.each(testDatabaseServers())('availability decided by the server, on the $name server', (server) => {
  let database: IsolatedDatabase;
  // A pool wide enough for the races below to meet in PostgreSQL, not in the client's queue.
  let wide: { db: Database; pool: { end: () => Promise<void> } };
  let tripId: number;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
    wide = createDatabase(database.url, { max: 12 });
    const rows = await database.db.execute<{ id: number }>(sql`SELECT id FROM trips WHERE published ORDER BY id LIMIT 1`);
    tripId = rows.rows[0]!.id;
    // June to September, two departures a month, the guide away 10–14 August.
    await database.db.execute(sql`UPDATE trips SET seasons = '[{"from":"06-01","to":"09-30"}]'::jsonb, monthly_capacity = 2, min_days = 1 WHERE id = ${tripId}`);
    await database.db.delete(unavailableRanges).where(eq(unavailableRanges.tripId, tripId));
    await database.db.delete(openGroups).where(and(eq(openGroups.tripId, tripId), sql`starts_on >= '2032-01-01'`));
    await database.db.insert(unavailableRanges).values({ tripId, startsOn: '2032-08-10', endsOn: '2032-08-14' });
  });
  afterAll(async () => {
    await wide?.pool.end();
    await database?.close();
  });

  /** What a traveller sends (no status: it starts as sent). */
  const submission = (startsOn: string, endsOn: string) => ({
    idempotencyKey: `availability-${(keyNumber += 1)}`,
    locale: 'en' as const,
    tripId,
    firstName: 'Lucy',
    lastName: 'Walker',
    email: `lucy${keyNumber}@example.com`,
    phone: '+441234567890',
    travellers: 2,
    days: 5,
    startsOn,
    endsOn,
    comment: 'Availability test',
    currency: 'EUR',
  });
  /** A request already at `status`. */
  const request = (startsOn: string | null, endsOn: string | null, status: RequestStatus = 'sent') => ({ ...submission(startsOn ?? '', endsOn ?? ''), startsOn, endsOn, status });
  const insertRequests = async (rows: ReturnType<typeof request>[]) =>
    (await database.db.insert(bookingRequests).values(rows).returning({ id: bookingRequests.id })).map((row) => row.id);
  const check = (startsOn: string, endsOn: string, db: Database = database.db) =>
    db.transaction((tx) => checkDeparture(tx, { tripId, startsOn, endsOn, today: TODAY, lock: 'share' }));
  const confirmedIn = async (month: string) =>
    (
      await database.db.execute<{ count: number }>(
        sql`SELECT count(*)::int AS count FROM booking_requests WHERE trip_id = ${tripId} AND status IN ('confirmed', 'secured') AND to_char(coalesce(proposed_starts_on, starts_on), 'YYYY-MM') = ${month}`,
      )
    ).rows[0]!.count;

  it('refuses what the calendar would not offer: past, out of season, the guide away, a full month', async () => {
    expect(await check('2032-06-03', '2032-06-07')).toBeNull();
    expect(await check('2032-01-10', '2032-01-12')).toBe('past');
    expect(await check('2032-05-28', '2032-06-02')).toBe('out_of_season');
    expect(await check('2032-09-28', '2032-10-02')).toBe('out_of_season');
    // A range over the guide's days away is refused, even when its first and last days are free.
    expect(await check('2032-08-08', '2032-08-16')).toBe('guide_unavailable');
    expect(await check('2032-08-15', '2032-08-20')).toBeNull();
    await insertRequests([request('2032-07-02', '2032-07-06', 'confirmed'), request('2032-07-20', '2032-07-24', 'secured')]);
    expect(await check('2032-07-10', '2032-07-14')).toBe('sold_out');
  });

  it('counts no request still waiting for the guide: three unanswered requests leave the month open', async () => {
    await insertRequests(['sent', 'answered', 'dates_proposed', 'accepted'].map((status) => request('2032-06-10', '2032-06-14', status as RequestStatus)));
    expect(await check('2032-06-20', '2032-06-24')).toBeNull();
    const june = await getTripCalendar(tripId, '2032-06', TODAY, database.db);
    expect(june).toMatchObject({ soldOut: false });
    // The guide sees them as demand beside what is booked.
    const loads = await getMonthLoads(tripId, TODAY, 12, database.db);
    expect(loads).toHaveLength(12);
    expect(loads[0]!.month).toBe('2032-01');
    expect(loads.find((load) => load.month === '2032-06')).toEqual({ month: '2032-06', booked: 0, pending: 4 });
    expect(loads.find((load) => load.month === '2032-07')).toMatchObject({ booked: 2 });
  });

  it('stores a request only when its dates still hold; a retry of a stored one answers as the first time', async () => {
    const emails = () => [];
    const guard = (startsOn: string, endsOn: string) => async (tx: DatabaseTransaction) => checkDeparture(tx, { tripId, startsOn, endsOn, today: TODAY, lock: 'share' });
    const first = submission('2032-09-01', '2032-09-05');
    const stored = await storeBookingRequest(first, emails, database.db, undefined, guard('2032-09-01', '2032-09-05'));
    expect(stored).toMatchObject({ created: true });
    // September fills up; the same submission again is the stored request, a new one is refused.
    await insertRequests([request('2032-09-10', '2032-09-12', 'confirmed'), request('2032-09-20', '2032-09-22', 'confirmed')]);
    expect(await storeBookingRequest(first, emails, database.db, undefined, guard('2032-09-01', '2032-09-05'))).toMatchObject({ created: false, reference: (stored as { reference: string }).reference });
    const late = submission('2032-09-02', '2032-09-06');
    expect(await storeBookingRequest(late, emails, database.db, undefined, guard('2032-09-02', '2032-09-06'))).toEqual({ refused: 'sold_out' });
    expect(await database.db.select().from(bookingRequests).where(eq(bookingRequests.idempotencyKey, late.idempotencyKey))).toHaveLength(0);
  });

  it('confirms no more departures than the month takes, however many confirmations meet', async () => {
    // Ten accepted requests for each of several months, confirmed all at once: two win each month.
    for (const [month, day] of [['2032-06', '25'], ['2033-07', '03'], ['2033-08', '20'], ['2033-09', '05']] as const) {
      await database.db.execute(sql`DELETE FROM booking_requests WHERE trip_id = ${tripId} AND to_char(coalesce(proposed_starts_on, starts_on), 'YYYY-MM') = ${month} AND status IN ('confirmed', 'secured')`);
      const ids = await insertRequests(Array.from({ length: 10 }, () => request(`${month}-${day}`, `${month}-${day}`, 'accepted')));
      const outcomes = await Promise.all(ids.map((id) => transitionBookingRequest(id, 'confirm', guide, () => [], wide.db)));
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(2);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(Array.from({ length: 8 }, () => ({ ok: false, reason: 'unavailable', refusal: 'sold_out' })));
      expect(await confirmedIn(month)).toBe(2);
      const left = await database.db.select({ status: bookingRequests.status }).from(bookingRequests).where(inArray(bookingRequests.id, ids));
      expect(left.filter((row) => row.status === 'accepted')).toHaveLength(8);
    }
  });

  it('decides requests and confirmations that meet: the month never overfills, every refusal is the full month', async () => {
    await database.db.execute(sql`DELETE FROM booking_requests WHERE trip_id = ${tripId} AND to_char(coalesce(proposed_starts_on, starts_on), 'YYYY-MM') = '2033-06'`);
    const accepted = await insertRequests(Array.from({ length: 6 }, () => request('2033-06-10', '2033-06-12', 'accepted')));
    const sent = Array.from({ length: 6 }, () => submission('2033-06-15', '2033-06-18'));
    const outcomes = await Promise.all([
      ...accepted.map((id) => transitionBookingRequest(id, 'confirm', guide, () => [], wide.db)),
      ...sent.map((values) =>
        storeBookingRequest(values, () => [], wide.db, undefined, (tx) => checkDeparture(tx, { tripId, startsOn: '2033-06-15', endsOn: '2033-06-18', today: TODAY, lock: 'share' })),
      ),
    ]);
    expect(await confirmedIn('2033-06')).toBe(2);
    for (const outcome of outcomes) {
      if ('refused' in outcome) expect(outcome.refused).toBe('sold_out');
      else if ('ok' in outcome && !outcome.ok) expect(outcome).toMatchObject({ reason: 'unavailable', refusal: 'sold_out' });
    }
  });

  it('refuses a guide’s proposal the month or the guide’s days cannot take', async () => {
    const [id] = await insertRequests([request('2033-07-10', '2033-07-12', 'answered')]);
    const propose = (startsOn: string, endsOn: string) =>
      transitionBookingRequest(id!, 'proposeDates', guide, () => [], database.db, { set: { proposedStartsOn: startsOn, proposedEndsOn: endsOn, proposedTotalMinor: 150_000, proposedCurrency: 'EUR' } });
    // July 2033 is full (the race above confirmed two); August's days away are refused; the rest goes.
    expect(await propose('2033-07-20', '2033-07-22')).toEqual({ ok: false, reason: 'unavailable', refusal: 'sold_out' });
    await database.db.insert(unavailableRanges).values({ tripId, startsOn: '2033-08-01', endsOn: '2033-08-03' });
    expect(await propose('2033-07-31', '2033-08-02')).toEqual({ ok: false, reason: 'unavailable', refusal: 'guide_unavailable' });
    expect(await propose('2033-06-25', '2033-06-27')).toEqual({ ok: false, reason: 'unavailable', refusal: 'sold_out' });
    expect(await propose('2034-06-20', '2034-06-22')).toMatchObject({ ok: true, status: 'dates_proposed' });
  });

  it('counts an open group as a departure, and reads its spots under a lock', async () => {
    const [group] = await database.db
      .insert(openGroups)
      .values({ tripId, startsOn: '2033-08-25', durationDays: 3, totalSpots: 6, openSpots: 4, pricePerPersonMinor: 50_000, currency: 'EUR' })
      .returning({ id: openGroups.id });
    expect(await database.db.transaction((tx) => lockedOpenSpots(tx, group!.id, TODAY))).toBe(4);
    expect(await database.db.transaction((tx) => lockedOpenSpots(tx, group!.id, '2033-08-25'))).toBeNull();
    // August 2033 has two confirmed (the race) and now a group: a third departure over the capacity of two.
    expect((await getMonthLoads(tripId, '2033-08-01', 1, database.db))[0]).toMatchObject({ booked: 3 });
  });
});
