import { describe, expect, it } from 'vitest';
import { departureOf, hasStarted, isOver, lastDayOf, mayReview, travellerMayWrite, type RequestDates } from '@/lib/booking/request-dates';
import { isOpenStatus, requestStatuses } from '@/lib/booking/request-lifecycle';

const none: RequestDates = { proposal: null, startsOn: null, endsOn: null, openGroupStartsOn: null, openGroupDurationDays: null };

describe("a request's dates", () => {
  it.each([
    ['the proposal first', { ...none, proposal: { startsOn: '2031-06-02', endsOn: '2031-06-08' }, startsOn: '2031-06-01', endsOn: '2031-06-07' }, '2031-06-02', '2031-06-08'],
    ['the asked-for dates', { ...none, startsOn: '2031-06-01', endsOn: '2031-06-07' }, '2031-06-01', '2031-06-07'],
    ['an open group, over its fixed duration', { ...none, openGroupStartsOn: '2031-06-28', openGroupDurationDays: 5 }, '2031-06-28', '2031-07-02'],
    ['a one-day open group', { ...none, openGroupStartsOn: '2031-06-28', openGroupDurationDays: 1 }, '2031-06-28', '2031-06-28'],
    ['flexible dates: none', none, null, null],
  ])('%s', (_, request, departure, last) => {
    expect(departureOf(request)).toBe(departure);
    expect(lastDayOf(request)).toBe(last);
  });

  it('may be reviewed only when confirmed or secured and over (the day after its last day)', () => {
    const trip = { ...none, startsOn: '2031-06-01', endsOn: '2031-06-07' };
    for (const status of requestStatuses) expect(mayReview(status, trip, '2031-06-08')).toBe(status === 'confirmed' || status === 'secured');
    expect(mayReview('confirmed', trip, '2031-06-07')).toBe(false);
    expect(mayReview('confirmed', none, '2040-01-01')).toBe(false);
    // Invited (the scheduler saw the trip end): open even if this server's day is earlier; never for a request not booked.
    expect(mayReview('confirmed', trip, '2031-06-07', true)).toBe(true);
    expect(mayReview('cancelled', trip, '2031-06-08', true)).toBe(false);
  });

  it('has started from its first day, and is over the day after its last', () => {
    const trip = { ...none, startsOn: '2031-06-01', endsOn: '2031-06-07' };
    expect([hasStarted(trip, '2031-05-31'), hasStarted(trip, '2031-06-01')]).toEqual([false, true]);
    expect([isOver(trip, '2031-06-07'), isOver(trip, '2031-06-08')]).toEqual([false, true]);
    expect([hasStarted(none, '2040-01-01'), isOver(none, '2040-01-01')]).toEqual([false, false]);
  });

  it('lets its traveller write while it is open, or confirmed or secured until the trip is over', () => {
    const trip = { ...none, startsOn: '2031-06-01', endsOn: '2031-06-07' };
    for (const status of requestStatuses) {
      expect(travellerMayWrite(status, trip, '2031-06-07'), status).toBe(isOpenStatus(status) || status === 'confirmed' || status === 'secured');
      expect(travellerMayWrite(status, trip, '2031-06-08'), status).toBe(isOpenStatus(status));
    }
    expect(requestStatuses.filter((status) => travellerMayWrite(status, trip, '2031-05-01'))).not.toContain('cancelled');
    expect(requestStatuses.filter((status) => travellerMayWrite(status, trip, '2031-05-01'))).not.toContain('lapsed');
    expect(travellerMayWrite('confirmed', none, '2040-01-01')).toBe(true);
  });
});
