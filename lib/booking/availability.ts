import { addDays, format, parseISO } from 'date-fns';
import { insideLeadTime } from './lead-time';

/** A season as the catalogue stores it: month-day bounds (`06-15` → `09-15`), wrapping over New Year when from > to. */
export type Season = { from: string; to: string };
/** A date range the guide is unavailable, inclusive ISO dates. */
export type DateRange = { startsOn: string; endsOn: string };

const monthDay = (isoDate: string) => isoDate.slice(5, 10);

/** spec §4 calendar: whether a day (ISO date) is in one of the trip's seasons; no seasons means all year. */
export function isInSeason(isoDate: string, seasons: readonly Season[]): boolean {
  if (seasons.length === 0) return true;
  const day = monthDay(isoDate);
  return seasons.some(({ from, to }) => (from <= to ? day >= from && day <= to : day >= from || day <= to));
}

/** spec §4 calendar: whether the guide is unavailable on a day. */
export function isGuideUnavailable(isoDate: string, ranges: readonly DateRange[]): boolean {
  return ranges.some((range) => isoDate >= range.startsOn && isoDate <= range.endsOn);
}

/**
 * The first day after `today`, within `horizonDays`, on which the trip is in season and the guide
 * is available (where the calendar opens), or null.
 */
export function firstAvailableDay(
  trip: { seasons: readonly Season[]; unavailableRanges: readonly DateRange[] },
  today: string,
  horizonDays = 365,
): string | null {
  const start = parseISO(today);
  for (let offset = 1; offset <= horizonDays; offset += 1) {
    const day = format(addDays(start, offset), 'yyyy-MM-dd');
    if (isInSeason(day, trip.seasons) && !isGuideUnavailable(day, trip.unavailableRanges)) return day;
  }
  return null;
}

/**
 * spec §8 "No guide availability": whether the trip can start on at least one day in the
 * `horizonDays` after `today` (in season and the guide available). Open groups count as availability.
 */
export function hasGuideAvailability(
  trip: { seasons: readonly Season[]; unavailableRanges: readonly DateRange[]; openGroupDates?: readonly string[] },
  today: string,
  horizonDays = 365,
): boolean {
  if ((trip.openGroupDates ?? []).some((date) => date > today)) return true;
  return firstAvailableDay(trip, today, horizonDays) !== null;
}

/** The last day of a departure that starts on `startsOn` and lasts `days` days. */
export function departureEnd(startsOn: string, days: number): string {
  return format(addDays(parseISO(startsOn), Math.max(1, days) - 1), 'yyyy-MM-dd');
}

/** Why a departure cannot be booked, in the calendar's own words (its day states), or null when it can. */
export type DepartureRefusal = 'past' | 'too_soon' | 'out_of_season' | 'guide_unavailable' | 'sold_out';

export type DepartureInput = {
  startsOn: string;
  endsOn: string;
  today: string;
  seasons: readonly Season[];
  unavailableRanges: readonly DateRange[];
  /** Departures the guide takes per month, and those already booked in the start's month. */
  monthlyCapacity: number;
  bookedDepartures: number;
  /** The guide's lead time in days, for a traveller's request (a guide's own proposal has none). */
  leadDays?: number;
};

/**
 * spec §4 calendar, as the server decides it when dates are sent: the first day must be one the
 * calendar shows as available (not past, not inside the guide's lead time for a request, in season, the guide available, the month not full), the
 * last day too, and the guide must be available on every day in between.
 */
export function departureRefusal(input: DepartureInput): DepartureRefusal | null {
  const { startsOn, endsOn, today, seasons, unavailableRanges, monthlyCapacity, bookedDepartures } = input;
  if (startsOn <= today) return 'past';
  if (input.leadDays !== undefined && insideLeadTime(startsOn, today, input.leadDays)) return 'too_soon';
  if (!isInSeason(startsOn, seasons) || !isInSeason(endsOn, seasons)) return 'out_of_season';
  if (unavailableRanges.some((range) => range.startsOn <= endsOn && range.endsOn >= startsOn)) return 'guide_unavailable';
  if (bookedDepartures >= monthlyCapacity) return 'sold_out';
  return null;
}
