import 'server-only';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { departureRefusal, type DepartureRefusal } from '../../booking/availability';
import { buildCalendarMonth, daysOfMonth, monthOf, type CalendarMonth } from '../../booking/calendar';
import { getDb } from '../client';
import type { Database, DatabaseTransaction } from '../database';
import { guides, openGroups, trips, unavailableRanges } from '../schema';

type Tx = Database | DatabaseTransaction;

/**
 * The departures a trip's month (its first and last day, as SQL) already holds against its
 * capacity (decision 0260): the open groups starting in it (departures the guide published) and
 * the private bookings the guide confirmed (confirmed or secured, by their agreed first day).
 * Requests still waiting for the guide hold nothing: they are demand, not bookings.
 */
function bookedDeparturesSql(tripId: number, first: SQL, last: SQL, exceptRequestId: number | null = null): SQL {
  return sql`(
      (SELECT count(*) FROM open_groups g WHERE g.trip_id = ${tripId} AND g.starts_on BETWEEN ${first} AND ${last})
      +
      (SELECT count(*) FROM booking_requests r
        WHERE r.trip_id = ${tripId} AND r.open_group_id IS NULL AND r.status IN ('confirmed', 'secured')
          AND coalesce(r.proposed_starts_on, r.starts_on) BETWEEN ${first} AND ${last}
          AND r.id IS DISTINCT FROM ${exceptRequestId}::int)
    )::int`;
}

/** The month's (`YYYY-MM`) booked departures: one SQL statement. */
async function bookedDepartures(db: Tx, tripId: number, month: string, exceptRequestId: number | null = null): Promise<number> {
  const days = daysOfMonth(month);
  const result = await db.execute<{ departures: number }>(sql`SELECT ${bookedDeparturesSql(tripId, sql`${days[0]!}::date`, sql`${days.at(-1)!}::date`, exceptRequestId)} AS departures`);
  return result.rows[0]?.departures ?? 0;
}

/**
 * spec §4 "Calendar day states": one month (`YYYY-MM`) of a published trip's calendar as of
 * `today` (`YYYY-MM-DD`), or null when no published trip has that id. Two queries, run together:
 * the trip with its unavailable ranges overlapping the month, and the month's booked departures.
 */
export async function getTripCalendar(tripId: number, month: string, today: string, db: Database = getDb()): Promise<CalendarMonth | null> {
  const days = daysOfMonth(month);
  const first = days[0]!;
  const last = days.at(-1)!;
  const [trip, booked] = await Promise.all([
    db.query.trips.findFirst({
      where: eq(trips.id, tripId),
      columns: { seasons: true, minDays: true, monthlyCapacity: true, published: true },
      with: {
        guide: { columns: { leadDays: true } },
        unavailableRanges: {
          columns: { startsOn: true, endsOn: true },
          where: and(lte(unavailableRanges.startsOn, last), gte(unavailableRanges.endsOn, first)),
        },
      },
    }),
    bookedDepartures(db, tripId, month),
  ]);
  if (!trip || !trip.published) return null;
  return buildCalendarMonth({
    month,
    today,
    seasons: trip.seasons,
    unavailableRanges: trip.unavailableRanges,
    monthlyCapacity: trip.monthlyCapacity,
    bookedDepartures: booked,
    minDays: trip.minDays,
    leadDays: trip.guide.leadDays,
  });
}

export type DepartureCheck = {
  tripId: number;
  startsOn: string;
  endsOn: string;
  today: string;
  /**
   * How the trip's row is locked for the rest of the transaction: `share` for what only reads the
   * capacity (a request, a proposal), `update` for what takes a departure (a guide's confirmation),
   * so that two confirmations of one month are decided one after the other. Neither blocks rows
   * that merely reference the trip.
   */
  lock: 'share' | 'update';
  /** The request being decided, never counted against itself. */
  exceptRequestId?: number;
  /** A traveller's request: the departure must also lie outside the guide's lead time (read under the same lock). */
  leadTime?: boolean;
};

/**
 * The server's answer on a departure, inside the caller's transaction and under a lock on the
 * trip: null when the dates can be booked, else why not (the calendar's day state). An
 * unpublished or unknown trip reads as sold out.
 */
export async function checkDeparture(tx: DatabaseTransaction, check: DepartureCheck): Promise<DepartureRefusal | null> {
  const [trip] = await tx
    .select({ seasons: trips.seasons, monthlyCapacity: trips.monthlyCapacity, published: trips.published, leadDays: guides.leadDays })
    .from(trips)
    .innerJoin(guides, eq(guides.id, trips.guideId))
    .where(eq(trips.id, check.tripId))
    .for(check.lock === 'update' ? 'no key update' : 'share', { of: trips });
  if (!trip || !trip.published) return 'sold_out';
  const ranges = await tx
    .select({ startsOn: unavailableRanges.startsOn, endsOn: unavailableRanges.endsOn })
    .from(unavailableRanges)
    .where(and(eq(unavailableRanges.tripId, check.tripId), lte(unavailableRanges.startsOn, check.endsOn), gte(unavailableRanges.endsOn, check.startsOn)));
  const booked = await bookedDepartures(tx, check.tripId, monthOf(check.startsOn), check.exceptRequestId ?? null);
  return departureRefusal({ ...check, seasons: trip.seasons, unavailableRanges: ranges, monthlyCapacity: trip.monthlyCapacity, bookedDepartures: booked, leadDays: check.leadTime ? trip.leadDays : undefined });
}

/** One month of a guide's trip as the guide area shows it: the departures booked against the capacity, and the requests still waiting. */
export type MonthLoad = { month: string; booked: number; pending: number };

/**
 * The load of a trip's next `months` months from `today`'s, for the guide's capacity editor: the
 * booked departures, and the requests still waiting for the guide whose first day falls in the
 * month (competing demand, which holds no departure). One SQL statement.
 */
export async function getMonthLoads(tripId: number, today: string, months: number, db: Database = getDb()): Promise<MonthLoad[]> {
  const first = sql`m.first`;
  const last = sql`(m.first + interval '1 month' - interval '1 day')::date`;
  const start = `${monthOf(today)}-01`;
  const result = await db.execute<MonthLoad>(sql`
    SELECT to_char(m.first, 'YYYY-MM') AS month, ${bookedDeparturesSql(tripId, first, last)} AS booked,
      (SELECT count(*) FROM booking_requests r
        WHERE r.trip_id = ${tripId} AND r.open_group_id IS NULL AND r.status IN ('sent', 'answered', 'dates_proposed', 'accepted')
          AND coalesce(r.proposed_starts_on, r.starts_on) BETWEEN ${first} AND ${last})::int AS pending
    FROM (SELECT generate_series(${start}::date, ${start}::date + ${months - 1} * interval '1 month', interval '1 month')::date AS first) m
    ORDER BY m.first`);
  return result.rows;
}

/**
 * An open group's spots left, read under a lock on the group for the rest of the caller's
 * transaction (a request for it is decided against the group as it is now); null when the group
 * is gone, has started, or its trip is no longer published.
 */
export async function lockedOpenSpots(tx: DatabaseTransaction, openGroupId: number, today: string): Promise<number | null> {
  const [group] = await tx
    .select({ openSpots: openGroups.openSpots, startsOn: openGroups.startsOn, published: trips.published })
    .from(openGroups)
    .innerJoin(trips, eq(trips.id, openGroups.tripId))
    .where(eq(openGroups.id, openGroupId))
    .for('share', { of: openGroups });
  return group && group.published && group.startsOn > today ? group.openSpots : null;
}
