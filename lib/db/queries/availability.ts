import 'server-only';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { buildCalendarMonth, daysOfMonth, type CalendarMonth } from '../../booking/calendar';
import { getDb } from '../client';
import type { Database } from '../database';
import { trips, unavailableRanges } from '../schema';

/**
 * Distinct guide-days of a month already taken (spec §4 "sold out this month"): the days of the
 * trip's open groups (start .. start + duration − 1) and of its booking requests with both dates
 * that still hold them (not cancelled or expired), clipped to the month. One SQL statement.
 */
async function countDepartures(db: Database, tripId: number, first: string, last: string): Promise<number> {
  const result = await db.execute<{ departures: number }>(sql`
    SELECT (
      (SELECT count(*) FROM open_groups
        WHERE trip_id = ${tripId} AND starts_on BETWEEN ${first}::date AND ${last}::date)
      +
      (SELECT count(*) FROM booking_requests
        WHERE trip_id = ${tripId} AND starts_on BETWEEN ${first}::date AND ${last}::date AND ends_on IS NOT NULL
          AND open_group_id IS NULL
          AND status NOT IN ('cancelled', 'expired'))
    )::int AS departures`);
  return result.rows[0]?.departures ?? 0;
}

/**
 * spec §4 "Calendar day states": one month (`YYYY-MM`) of a published trip's calendar as of
 * `today` (`YYYY-MM-DD`), or null when no published trip has that id. Two queries, run together:
 * the trip with its unavailable ranges overlapping the month, and the departures starting in the month (requests to join an open group are part of its departure).
 */
export async function getTripCalendar(tripId: number, month: string, today: string, db: Database = getDb()): Promise<CalendarMonth | null> {
  const days = daysOfMonth(month);
  const first = days[0]!;
  const last = days.at(-1)!;
  const [trip, bookedDepartures] = await Promise.all([
    db.query.trips.findFirst({
      where: eq(trips.id, tripId),
      columns: { seasons: true, minDays: true, monthlyCapacity: true, published: true },
      with: {
        unavailableRanges: {
          columns: { startsOn: true, endsOn: true },
          where: and(lte(unavailableRanges.startsOn, last), gte(unavailableRanges.endsOn, first)),
        },
      },
    }),
    countDepartures(db, tripId, first, last),
  ]);
  if (!trip || !trip.published) return null;
  return buildCalendarMonth({
    month,
    today,
    seasons: trip.seasons,
    unavailableRanges: trip.unavailableRanges,
    monthlyCapacity: trip.monthlyCapacity,
    bookedDepartures,
    minDays: trip.minDays,
  });
}
