import { differenceInCalendarDays } from 'date-fns';
import { isoDayToDate } from '../iso-day';

/** spec §1, §9: free cancellation for 48 hours after booking, when booked at least 30 days ahead. */
export const FREE_CANCELLATION_HOURS = 48;
export const FREE_CANCELLATION_MIN_DAYS_AHEAD = 30;

export type CancellationTerms =
  /** Free until `until` (48 hours after the request was sent). */
  | { free: true; until: Date }
  /** Not free: the 48 hours have passed, or the departure was less than 30 days away when booked. */
  | { free: false; reason: 'windowPassed' | 'tooClose' };

/**
 * Whether a traveller may cancel for free now (spec §9). `departure` is the first day of the trip
 * (ISO day) when one is set; a request with flexible dates has none, and only the 48 hours apply.
 */
export function cancellationTerms(bookedAt: Date, departure: string | null, now: Date): CancellationTerms {
  if (departure !== null && differenceInCalendarDays(isoDayToDate(departure), bookedAt) < FREE_CANCELLATION_MIN_DAYS_AHEAD) return { free: false, reason: 'tooClose' };
  const until = new Date(bookedAt.getTime() + FREE_CANCELLATION_HOURS * 3_600_000);
  return now.getTime() <= until.getTime() ? { free: true, until } : { free: false, reason: 'windowPassed' };
}

/** The 24-hour promise: a guide is reminded at 12 hours and support steps in at 24. */
export const REPLY_REMINDER_HOURS = 12;
export const REPLY_PROMISE_HOURS = 24;

/** How long a traveller has waited for an answer, in whole hours, and where that stands against the promise. */
export function replyWait(sentAt: Date, now: Date): { hours: number; state: 'onTime' | 'reminder' | 'overdue' } {
  const hours = Math.max(0, Math.floor((now.getTime() - sentAt.getTime()) / 3_600_000));
  return { hours, state: hours >= REPLY_PROMISE_HOURS ? 'overdue' : hours >= REPLY_REMINDER_HOURS ? 'reminder' : 'onTime' };
}
