import { addDays, addMonths, differenceInCalendarDays, format, getDaysInMonth, getISODay, parseISO } from 'date-fns';
import { insideLeadTime } from './lead-time';
import { departureEnd, isGuideUnavailable, isInSeason, type DateRange, type Season } from './availability';

/** spec §4 "Calendar day states", in the order they take precedence. */
export const calendarDayStates = ['past', 'out_of_season', 'guide_unavailable', 'sold_out', 'available'] as const;
export type CalendarDayState = (typeof calendarDayStates)[number];

/** How far ahead the calendar can be browsed, in months after the current one. */
export const MAX_MONTHS_AHEAD = 24;

export type CalendarDay = { date: string; state: CalendarDayState };

/** One month of a trip's calendar, as the server computes it and the picker shows it (plain JSON). */
export type CalendarMonth = {
  /** `YYYY-MM` */
  month: string;
  /** The day the model was computed on (`YYYY-MM-DD`): days up to it are past. */
  today: string;
  /** Every day of the month, first to last. */
  days: CalendarDay[];
  /** Days of the month still available to start on. */
  daysLeft: number;
  /** The month's departures reached the trip's monthly capacity: its otherwise available days are 'sold_out'. */
  soldOut: boolean;
  /** The trip's minimum number of days (spec §5 "Minimum N days required"). */
  minDays: number;
};

export type CalendarMonthInput = {
  month: string;
  today: string;
  seasons: readonly Season[];
  unavailableRanges: readonly DateRange[];
  /** Departures the guide takes per month (the catalogue's monthly capacity). */
  monthlyCapacity: number;
  /** Departures starting in the month: open groups and booking requests that hold dates. */
  bookedDepartures: number;
  minDays: number;
  /** The guide's lead time in days: departures sooner cannot be requested (shown as the guide unavailable). */
  leadDays: number;
};

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const toIso = (date: Date) => format(date, 'yyyy-MM-dd');

/** Whether a string is a calendar month `YYYY-MM`. */
export function isCalendarMonth(value: string): boolean {
  return MONTH_PATTERN.test(value);
}

/** The month (`YYYY-MM`) of an ISO date. */
export function monthOf(isoDate: string): string {
  return isoDate.slice(0, 7);
}

/** The month `count` months after `month` (before it when negative). */
export function shiftMonth(month: string, count: number): string {
  return format(addMonths(parseISO(`${month}-01`), count), 'yyyy-MM');
}

/** The ISO date `count` days after `isoDate` (before it when negative). */
export function shiftDay(isoDate: string, count: number): string {
  return toIso(addDays(parseISO(isoDate), count));
}

/** The same day `count` months later (earlier when negative), on the month's last day when it is shorter. */
export function shiftDayByMonths(isoDate: string, count: number): string {
  return toIso(addMonths(parseISO(isoDate), count));
}

/** Every day of a month, as ISO dates. */
export function daysOfMonth(month: string): string[] {
  const first = parseISO(`${month}-01`);
  return Array.from({ length: getDaysInMonth(first) }, (_, index) => toIso(addDays(first, index)));
}

/** The month's days in Monday-first weeks, with null where a week runs into the next or previous month. */
export function calendarWeeks<T extends { date: string }>(days: readonly T[]): (T | null)[][] {
  if (days.length === 0) return [];
  const cells: (T | null)[] = [...Array<null>(getISODay(parseISO(days[0]!.date)) - 1).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** Monday and Sunday of the week an ISO date falls in. */
export function weekBounds(isoDate: string): { start: string; end: string } {
  const weekday = getISODay(parseISO(isoDate));
  return { start: shiftDay(isoDate, 1 - weekday), end: shiftDay(isoDate, 7 - weekday) };
}

/** Whether the calendar can show a month: from the month of `today` to {@link MAX_MONTHS_AHEAD} months later. */
export function isBrowsableMonth(month: string, today: string): boolean {
  return isCalendarMonth(month) && month >= monthOf(today) && month <= shiftMonth(monthOf(today), MAX_MONTHS_AHEAD);
}

/**
 * spec §4 "Calendar day states": the state of every day of a month, in precedence order: days up
 * to today are past, then out of season, then guide unavailable (their dates, or inside their lead time); when the month's departures
 * (open groups and booking requests starting in it) reach the trip's monthly capacity, the
 * remaining days are sold out, otherwise available. A day can be picked iff its state is
 * 'available'. The month's end is no scarcity: nothing urges "only N days left" (only a group's
 * spots left are real demand).
 */
export function buildCalendarMonth(input: CalendarMonthInput): CalendarMonth {
  const { month, today, seasons, unavailableRanges, monthlyCapacity, bookedDepartures, minDays, leadDays } = input;
  const soldOut = bookedDepartures >= monthlyCapacity;
  const dayState = (date: string): CalendarDayState => {
    if (date <= today) return 'past';
    if (!isInSeason(date, seasons)) return 'out_of_season';
    if (insideLeadTime(date, today, leadDays) || isGuideUnavailable(date, unavailableRanges)) return 'guide_unavailable';
    return soldOut ? 'sold_out' : 'available';
  };
  const days = daysOfMonth(month).map((date) => ({ date, state: dayState(date) }));
  const daysLeft = days.filter((day) => day.state === 'available').length;
  return {
    month,
    today,
    days,
    daysLeft,
    soldOut,
    minDays,
  };
}

/** spec §4 "Booking flow": the traveller's dates while booking. */
export type BookingFlowState = {
  start: string | null;
  end: string | null;
  confirmed: boolean;
  /** Set when the dates are an open group's fixed dates. */
  openGroupId: number | null;
  /** spec §5 calendar messages: 'Please select an end date', 'Minimum N days required'. */
  error: 'selectEndDate' | 'minimumDays' | null;
};

export type OpenGroupDates = { id: number; startsOn: string; durationDays: number };

export type BookingFlowEvent =
  | { type: 'pickDay'; date: string }
  | { type: 'clear' }
  | { type: 'confirm'; minDays: number }
  | { type: 'selectOpenGroup'; group: OpenGroupDates }
  | { type: 'removeOpenGroup' };

export const initialBookingFlowState: BookingFlowState = { start: null, end: null, confirmed: false, openGroupId: null, error: null };

/** Days from start to end, counting both. */
export function rangeDays(start: string, end: string): number {
  return differenceInCalendarDays(parseISO(end), parseISO(start)) + 1;
}

/**
 * spec §4 "Booking flow" as a pure reducer: pick a start date, then an end date, then confirm
 * (spec §5: 'Please select an end date' without an end, 'Minimum N days required' when the range,
 * counting both ends, is shorter than the trip's minimum); dates can be cleared; an open group can
 * be selected (its fixed dates, confirmed) and removed (back to no dates).
 */
export function bookingFlowReducer(state: BookingFlowState, event: BookingFlowEvent): BookingFlowState {
  switch (event.type) {
    case 'pickDay': {
      if (state.start !== null && state.end === null && event.date >= state.start) {
        return { ...state, end: event.date, confirmed: false, error: null };
      }
      // No start yet, a complete range, or a day before the start: the day starts a new range.
      return { ...initialBookingFlowState, start: event.date };
    }
    case 'clear':
      return initialBookingFlowState;
    case 'confirm': {
      if (state.start === null || state.end === null) return { ...state, confirmed: false, error: 'selectEndDate' };
      if (rangeDays(state.start, state.end) < event.minDays) return { ...state, confirmed: false, error: 'minimumDays' };
      return { ...state, confirmed: true, error: null };
    }
    case 'selectOpenGroup': {
      const { id, startsOn, durationDays } = event.group;
      return { start: startsOn, end: departureEnd(startsOn, durationDays), confirmed: true, openGroupId: id, error: null };
    }
    case 'removeOpenGroup':
      return state.openGroupId === null ? state : initialBookingFlowState;
  }
}

/** The dates kept in a form draft between two renders of the page (lib/storage/drafts.ts). */
export type SavedBookingDates = { start?: unknown; end?: unknown; confirmed?: unknown; openGroupId?: unknown };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * spec §4 "Booking flow" given back after the page re-rendered: the open group if it is still
 * offered with a spot left, else the picked range as long as it still reads as one (a start, an
 * end not before it, confirmed only when it still meets the trip's minimum); anything else, no dates.
 */
export function restoreBookingFlow(saved: SavedBookingDates, groups: readonly (OpenGroupDates & { openSpots: number })[], minDays: number): BookingFlowState {
  if (saved.openGroupId !== null && saved.openGroupId !== undefined) {
    const group = groups.find((candidate) => candidate.id === saved.openGroupId && candidate.openSpots > 0);
    return group ? bookingFlowReducer(initialBookingFlowState, { type: 'selectOpenGroup', group }) : initialBookingFlowState;
  }
  const day = (value: unknown) => (typeof value === 'string' && ISO_DAY.test(value) && !Number.isNaN(parseISO(value).getTime()) ? value : null);
  const start = day(saved.start);
  if (start === null) return initialBookingFlowState;
  const end = day(saved.end);
  if (end === null || end < start) return { ...initialBookingFlowState, start };
  return { ...initialBookingFlowState, start, end, confirmed: saved.confirmed === true && rangeDays(start, end) >= minDays };
}
