import { addDays } from 'date-fns';
import { isoDayOf, isoDayToDate } from '../iso-day';
import { isBookedStatus, isOpenStatus, type RequestStatus } from './request-lifecycle';

/** A request's dates as far as they are known: the guide's proposal first, then the asked-for dates, then the open group's. */
export type RequestDates = {
  proposal: { startsOn: string; endsOn: string } | null;
  startsOn: string | null;
  endsOn: string | null;
  openGroupStartsOn: string | null;
  openGroupDurationDays: number | null;
};

/** A request with no date at all (flexible dates) expires this long after it last changed. */
export const UNDATED_REQUEST_EXPIRY_DAYS = 90;

/** The first day of the trip a request is for, when one is set (spec §4 booking flow: dates, or an open group). */
export function departureOf(request: RequestDates): string | null {
  return request.proposal?.startsOn ?? request.startsOn ?? request.openGroupStartsOn;
}

/** The last day of the trip a request is for, when one is set (an open group's last day from its fixed duration). */
export function lastDayOf(request: RequestDates): string | null {
  if (request.proposal) return request.proposal.endsOn;
  if (request.endsOn) return request.endsOn;
  if (request.openGroupStartsOn && request.openGroupDurationDays) {
    return isoDayOf(addDays(isoDayToDate(request.openGroupStartsOn), request.openGroupDurationDays - 1));
  }
  return null;
}

/**
 * A traveller reviews a trip once it was confirmed and has ended (the day after its last
 * day, or once invited to: the scheduler saw it end); such a review is shown as verified.
 */
export function mayReview(status: RequestStatus, request: RequestDates, today: string, invited = false): boolean {
  return isBookedStatus(status) && lastDayOf(request) !== null && (invited || isOver(request, today));
}

/** Whether the trip a request is for has begun (its first day is today or past): it can no longer be cancelled from My trips. */
export function hasStarted(request: RequestDates, today: string): boolean {
  const first = departureOf(request);
  return first !== null && first <= today;
}

/** Whether the trip a request is for is over (its last day has passed). */
export function isOver(request: RequestDates, today: string): boolean {
  const last = lastDayOf(request);
  return last !== null && last < today;
}

/**
 * Whether a traveller may still write under a booking request: while it is open, or
 * confirmed and not over (after that, the review takes the conversation's place).
 */
export function travellerMayWrite(status: RequestStatus, request: RequestDates, today: string): boolean {
  return isOpenStatus(status) || (isBookedStatus(status) && !isOver(request, today));
}
