import { differenceInCalendarDays } from 'date-fns';
import { isoDayOf, isoDayToDate } from '../iso-day';

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

/**
 * The lead time a departure needs for its cancellation to be free when requested at `bookedAt`: the
 * first such day (spec §9, {@link FREE_CANCELLATION_MIN_DAYS_AHEAD} days ahead; one rule for every trip).
 */
export function firstFreeDeparture(bookedAt: Date): string {
  const nextDay = (day: string) => isoDayOf(new Date(isoDayToDate(day).getTime() + 86_400_000));
  let day = isoDayOf(new Date(isoDayToDate(isoDayOf(bookedAt)).getTime() + (FREE_CANCELLATION_MIN_DAYS_AHEAD - 1) * 86_400_000));
  while (!cancellationTerms(bookedAt, day, bookedAt).free) day = nextDay(day);
  return day;
}

/** The 24-hour promise: a guide is reminded at 12 hours and support steps in at 24. */
export const REPLY_REMINDER_HOURS = 12;
export const REPLY_PROMISE_HOURS = 24;

/** How long a traveller has waited for an answer, in whole hours, and where that stands against the promise. */
export function replyWait(sentAt: Date, now: Date): { hours: number; state: 'onTime' | 'reminder' | 'overdue' } {
  const hours = Math.max(0, Math.floor((now.getTime() - sentAt.getTime()) / 3_600_000));
  return { hours, state: hours >= REPLY_PROMISE_HOURS ? 'overdue' : hours >= REPLY_REMINDER_HOURS ? 'reminder' : 'onTime' };
}

/** Who cancels a secured booking. */
export type CancellingSide = 'traveller' | 'guide';

/** What a cancelled secured booking gives back (minor units of the booking's currency). */
export type CancellationRefund =
  /** Everything paid goes back automatically (the guide cancelled, or the traveller within the free window). */
  | { automatic: true; refundMinor: number; reason: 'guideCancelled' | 'freeWindow' }
  /** The terms shown before payment apply: support reviews it and refunds what they say. */
  | { automatic: false; refundMinor: 0; reason: 'windowPassed' | 'tooClose' };

/**
 * spec §1, §9 for a secured booking: a traveller who cancels within 48 hours of paying the deposit,
 * having booked at least 30 days before departure, gets back everything paid; later cancellations
 * follow the terms and reach support. A guide who cancels refunds everything the traveller paid.
 */
export function cancellationRefund(side: CancellingSide, paidMinor: number, depositPaidAt: Date, departure: string | null, now: Date): CancellationRefund {
  if (side === 'guide') return { automatic: true, refundMinor: paidMinor, reason: 'guideCancelled' };
  const terms = cancellationTerms(depositPaidAt, departure, now);
  return terms.free ? { automatic: true, refundMinor: paidMinor, reason: 'freeWindow' } : { automatic: false, refundMinor: 0, reason: terms.reason };
}
