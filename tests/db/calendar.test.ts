import type { RequestStatus } from '@/lib/booking/request-lifecycle';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET } from '@/app/api/v3/trips/[tripId]/calendar/route';
import { createDatabase, type Database } from '@/lib/db/database';
import { getTripCalendar } from '@/lib/db/queries/availability';
import { bookingRequests, openGroups, unavailableRanges } from '@/lib/db/schema';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';
import { logger } from '@/lib/log';

// The route handler reads the process database: point it at each test's own.
const current = vi.hoisted(() => ({ db: null as Database | null }));
vi.mock('@/lib/db/client', () => ({ getDb: () => current.db }));

let requestNumber = 0;
const bookingRequest = (tripId: number, startsOn: string | null, endsOn: string | null, status: RequestStatus = 'sent') => ({
  idempotencyKey: `calendar-test-${(requestNumber += 1)}`,
  locale: 'en' as const,
  tripId,
  firstName: 'Ada',
  lastName: 'Test',
  email: 'ada@example.com',
  phone: '+33600000000',
  travellers: 2,
  days: 3,
  startsOn,
  endsOn,
  comment: 'Calendar test',
  currency: 'EUR',
  status,
});

describe.each(testDatabaseServers())('trip calendar on the $name server', (server) => {
  let database: IsolatedDatabase;
  let tripId: number;
  let otherTripId: number;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const rows = await database.db.execute<{ id: number; key: string }>(sql`SELECT id, key FROM trips WHERE published ORDER BY id LIMIT 2`);
    [tripId, otherTripId] = rows.rows.map((row) => row.id) as [number, number];
    // All year, six guide-days a month, nothing in the months the tests use.
    await database.db.execute(sql`UPDATE trips SET seasons = '[]'::jsonb, monthly_capacity = 6, min_days = 1 WHERE id = ${tripId}`);
    // A guide who takes requests for tomorrow on: the months below are about capacity, not lead time.
    await database.db.execute(sql`UPDATE guides SET lead_days = 1 WHERE id = (SELECT guide_id FROM trips WHERE id = ${tripId})`);
    await database.db.execute(sql`DELETE FROM unavailable_ranges WHERE trip_id = ${tripId} AND ends_on >= '2030-01-01'`);
    await database.db.execute(sql`DELETE FROM open_groups WHERE trip_id = ${tripId} AND starts_on >= '2029-12-01'`);
    current.db = database.db;
  });
  afterAll(async () => database?.close());

  it('counts the departures of the month against its capacity: sold out, guide unavailable first', async () => {
    await database.db.execute(sql`UPDATE trips SET monthly_capacity = 3 WHERE id = ${tripId}`);
    const march = () => getTripCalendar(tripId, '2030-03', '2030-02-01', database.db);
    expect(await march()).toMatchObject({ month: '2030-03', daysLeft: 31, soldOut: false, minDays: 1 });
    expect((await march())!.days.every((day) => day.state === 'available')).toBe(true);

    // A booking confirmed for 30 March is a March departure, not an April one.
    await database.db.insert(bookingRequests).values(bookingRequest(tripId, '2030-03-30', '2030-04-02', 'confirmed'));
    expect(await march()).toMatchObject({ soldOut: false });
    // An open group starting in March counts; requests still waiting for the guide (however many),
    // cancelled, expired, lapsed, dateless and other trips' bookings do not.
    await database.db.insert(openGroups).values({ tripId, startsOn: '2030-03-29', durationDays: 3, totalSpots: 8, openSpots: 8, pricePerPersonMinor: 10_000, currency: 'EUR' });
    await database.db
      .insert(bookingRequests)
      .values([
        ...(['sent', 'answered', 'dates_proposed', 'accepted'] as const).flatMap((status) => [bookingRequest(tripId, '2030-03-01', '2030-03-10', status), bookingRequest(tripId, '2030-03-12', '2030-03-20', status)]),
        bookingRequest(tripId, '2030-03-01', '2030-03-10', 'cancelled'),
        bookingRequest(tripId, '2030-03-01', '2030-03-10', 'expired'),
        bookingRequest(tripId, '2030-03-01', '2030-03-10', 'lapsed'),
        bookingRequest(tripId, null, null, 'confirmed'),
        bookingRequest(otherTripId, '2030-03-01', '2030-03-10', 'secured'),
      ]);
    expect(await march()).toMatchObject({ soldOut: false, daysLeft: 31 });

    // A secured booking whose agreed dates moved into March counts in March.
    await database.db.insert(bookingRequests).values({ ...bookingRequest(tripId, '2030-02-20', '2030-02-22', 'secured'), proposedStartsOn: '2030-03-05', proposedEndsOn: '2030-03-07' });
    await database.db.insert(unavailableRanges).values({ tripId, startsOn: '2030-02-25', endsOn: '2030-03-02' });
    const before = database.queryCount();
    const soldOut = await march();
    expect(database.queryCount() - before).toBeLessThanOrEqual(2);
    expect(soldOut).toMatchObject({ daysLeft: 0, soldOut: true });
    const state = (date: string) => soldOut!.days.find((day) => day.date === date)!.state;
    expect(state('2030-03-01')).toBe('guide_unavailable');
    expect(state('2030-03-02')).toBe('guide_unavailable');
    expect(state('2030-03-03')).toBe('sold_out');
    expect(state('2030-03-20')).toBe('sold_out');
    // April has none of March's departures; late in a month only a few days are left.
    expect(await getTripCalendar(tripId, '2030-04', '2030-02-10', database.db)).toMatchObject({ soldOut: false, daysLeft: 30 });
    expect(await getTripCalendar(tripId, '2030-04', '2030-04-27', database.db)).toMatchObject({ daysLeft: 3 });
  });

  it('is null for an unknown or unpublished trip', async () => {
    expect(await getTripCalendar(2_000_000_000, '2030-03', '2030-02-01', database.db)).toBeNull();
    await database.db.execute(sql`UPDATE trips SET published = false WHERE id = ${otherTripId}`);
    expect(await getTripCalendar(otherTripId, '2030-03', '2030-02-01', database.db)).toBeNull();
    await database.db.execute(sql`UPDATE trips SET published = true WHERE id = ${otherTripId}`);
  });

  describe('GET /api/v3/trips/{tripId}/calendar', () => {
    const get = (id: string, query: string) =>
      GET(new Request(`http://localhost/api/v3/trips/${id}/calendar${query}`), { params: Promise.resolve({ tripId: id }) });
    beforeAll(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-02-15T10:00:00Z'));
    });
    afterEach(() => {
      current.db = database.db;
    });
    afterAll(() => vi.useRealTimers());

    it('answers the month model as it is now, stored by no cache', async () => {
      const response = await get(String(tripId), '?month=2030-03');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = await response.json();
      expect(body).toMatchObject({ month: '2030-03', today: '2030-02-15', soldOut: true });
      expect(body.days).toHaveLength(31);
      expect((await get(String(tripId), '?month=2030-02')).status).toBe(200);
      expect((await get(String(tripId), '?month=2032-02')).status).toBe(200);
    });

    it.each([
      ['abc', '?month=2030-03'],
      ['0', '?month=2030-03'],
      ['-4', '?month=2030-03'],
      ['1.5', '?month=2030-03'],
      ['99999999999', '?month=2030-03'],
      ['3000000000', '?month=2030-03'],
      ['1', ''],
      ['1', '?month='],
      ['1', '?month=2030-13'],
      ['1', '?month=2030-3'],
      ['1', '?month=2030-03-01'],
      ['1', '?month=2030-01'],
      ['1', '?month=2032-03'],
    ])('trip %s%s is a 400', async (id, query) => {
      const response = await get(id, query);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    });

    it('is a 404 for a trip it does not know', async () => {
      const response = await get('2000000000', '?month=2030-03');
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });

    it('is a 503, not a 500, when the database is down', async () => {
      const { db, pool } = createDatabase('postgres://nobody:none@127.0.0.1:1/none', { max: 1 });
      current.db = db;
      // The failure goes to the request's JSON log (pino), with the request id.
      const error = vi.fn();
      const log = vi.spyOn(logger(), 'child').mockReturnValue({ error } as never);
      try {
        const response = await get(String(tripId), '?month=2030-03');
        expect(response.status).toBe(503);
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(await response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
        expect(log).toHaveBeenCalledWith({ requestId: expect.any(String) });
        expect(error).toHaveBeenCalledOnce();
        expect(error.mock.calls[0]![1]).toBe('trip calendar failed');
      } finally {
        log.mockRestore();
        await pool.end();
      }
    });
  });
});
