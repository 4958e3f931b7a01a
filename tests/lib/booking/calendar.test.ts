import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingFlowReducer,
  buildCalendarMonth,
  calendarWeeks,
  initialBookingFlowState,
  isBrowsableMonth,
  rangeDays,
  restoreBookingFlow,
  shiftDay,
  shiftDayByMonths,
  shiftMonth,
  weekBounds,
  type BookingFlowEvent,
  type BookingFlowState,
  type CalendarMonthInput,
} from '@/lib/booking/calendar';

const base: CalendarMonthInput = {
  month: '2027-03',
  today: '2027-03-10',
  seasons: [{ from: '03-05', to: '03-25' }],
  unavailableRanges: [{ startsOn: '2027-03-14', endsOn: '2027-03-16' }],
  monthlyCapacity: 10,
  bookedDepartures: 0,
  minDays: 3,
  // Tomorrow is the first day a request may ask for.
  leadDays: 1,
};
const stateOf = (input: CalendarMonthInput, date: string) => buildCalendarMonth(input).days.find((day) => day.date === date)?.state;

describe('spec §4 calendar day states', () => {
  it('lists every day of the month in order', () => {
    const month = buildCalendarMonth(base);
    expect(month.days).toHaveLength(31);
    expect(month.days[0]!.date).toBe('2027-03-01');
    expect(month.days.at(-1)!.date).toBe('2027-03-31');
    expect(buildCalendarMonth({ ...base, month: '2028-02' }).days).toHaveLength(29);
  });

  it.each([
    ['before today', '2027-03-09', base, 'past'],
    ['today itself', '2027-03-10', base, 'past'],
    ['tomorrow', '2027-03-11', base, 'available'],
    ['after the season', '2027-03-26', base, 'out_of_season'],
    ['past beats out of season', '2027-03-01', base, 'past'],
    ['guide unavailable, first day', '2027-03-14', base, 'guide_unavailable'],
    ['guide unavailable, last day', '2027-03-16', base, 'guide_unavailable'],
    ['after the unavailable range', '2027-03-17', base, 'available'],
    ['out of season beats guide unavailable', '2027-03-30', { ...base, unavailableRanges: [{ startsOn: '2027-03-28', endsOn: '2027-04-02' }] }, 'out_of_season'],
    ['capacity used up', '2027-03-20', { ...base, bookedDepartures: 10 }, 'sold_out'],
    ['capacity overbooked', '2027-03-20', { ...base, bookedDepartures: 12 }, 'sold_out'],
    ['guide unavailable beats sold out', '2027-03-15', { ...base, bookedDepartures: 10 }, 'guide_unavailable'],
    ['one departure of capacity left', '2027-03-20', { ...base, bookedDepartures: 9 }, 'available'],
    ['no seasons means all year', '2027-03-30', { ...base, seasons: [] }, 'available'],
  ] as const)('%s: %s is %s', (_, date, input, expected) => {
    expect(stateOf(input, date)).toBe(expected);
  });

  // In season 5–25 March, the guide away 14–16 March: from the 11th, 12 days can be picked.
  it.each([
    ['nothing booked', {}, 12, false],
    ['capacity nearly used', { bookedDepartures: 9 }, 12, false],
    ['capacity used up', { bookedDepartures: 10 }, 0, true],
    ['overbooked', { bookedDepartures: 14 }, 0, true],
    ['late in the month', { today: '2027-03-21' }, 4, false],
    ['season over', { today: '2027-03-25' }, 0, false],
  ] as const)('%s: %i days left, sold out %s', (_, change, daysLeft, soldOut) => {
    expect(buildCalendarMonth({ ...base, ...change })).toMatchObject({ month: '2027-03', daysLeft, soldOut, minDays: 3 });
  });

  it('lays a month out in Monday-first weeks', () => {
    // March 2027 starts on a Monday, February 2026 on a Sunday.
    const march = calendarWeeks(buildCalendarMonth(base).days);
    expect(march).toHaveLength(5);
    expect(march[0]![0]!.date).toBe('2027-03-01');
    expect(march[4]!.slice(3)).toEqual([null, null, null, null]);
    const february = calendarWeeks(buildCalendarMonth({ ...base, month: '2026-02' }).days);
    expect(february[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(february[0]![6]!.date).toBe('2026-02-01');
    expect(february.every((week) => week.length === 7)).toBe(true);
  });

  it.each([
    ['2027-03-10', { start: '2027-03-08', end: '2027-03-14' }],
    ['2027-03-08', { start: '2027-03-08', end: '2027-03-14' }],
    ['2027-03-14', { start: '2027-03-08', end: '2027-03-14' }],
    ['2027-01-01', { start: '2026-12-28', end: '2027-01-03' }],
  ])('the week of %s is %o', (date, bounds) => {
    expect(weekBounds(date)).toEqual(bounds);
  });

  it.each([
    ['2027-03', true],
    ['2029-03', true],
    ['2029-04', false],
    ['2027-02', false],
    ['2027-13', false],
    ['2027-3', false],
  ])('month %s browsable from 2027-03-10: %s', (month, expected) => {
    expect(isBrowsableMonth(month, '2027-03-10')).toBe(expected);
  });

  it('shifts months and days across years and leap days', () => {
    expect(shiftMonth('2027-12', 1)).toBe('2028-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDay('2027-03-01', -1)).toBe('2027-02-28');
    expect(shiftDayByMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(shiftDayByMonths('2027-03-14', -1)).toBe('2027-02-14');
    expect(rangeDays('2027-03-28', '2027-04-02')).toBe(6);
  });
});

const pick = (date: string): BookingFlowEvent => ({ type: 'pickDay', date });
const run = (events: BookingFlowEvent[], from: BookingFlowState = initialBookingFlowState) => events.reduce(bookingFlowReducer, from);

describe('spec §4 booking flow', () => {
  it.each<[string, BookingFlowEvent[], Partial<BookingFlowState>]>([
    ['first pick sets the start', [pick('2027-03-12')], { start: '2027-03-12', end: null, confirmed: false }],
    ['a later day sets the end', [pick('2027-03-12'), pick('2027-03-15')], { start: '2027-03-12', end: '2027-03-15' }],
    ['the start day again makes a one-day range', [pick('2027-03-12'), pick('2027-03-12')], { start: '2027-03-12', end: '2027-03-12' }],
    ['an earlier day restarts', [pick('2027-03-12'), pick('2027-03-10')], { start: '2027-03-10', end: null }],
    ['a pick after a complete range restarts', [pick('2027-03-12'), pick('2027-03-15'), pick('2027-03-20')], { start: '2027-03-20', end: null }],
    ['clear forgets the dates', [pick('2027-03-12'), pick('2027-03-15'), { type: 'clear' }], initialBookingFlowState],
    ['confirm without an end', [pick('2027-03-12'), { type: 'confirm', minDays: 1 }], { confirmed: false, error: 'selectEndDate' }],
    ['confirm without any date', [{ type: 'confirm', minDays: 1 }], { confirmed: false, error: 'selectEndDate' }],
    ['confirm a range too short', [pick('2027-03-12'), pick('2027-03-13'), { type: 'confirm', minDays: 3 }], { confirmed: false, error: 'minimumDays' }],
    ['confirm a range exactly long enough', [pick('2027-03-12'), pick('2027-03-14'), { type: 'confirm', minDays: 3 }], { confirmed: true, error: null }],
    ['an error clears on the next pick', [pick('2027-03-12'), { type: 'confirm', minDays: 2 }, pick('2027-03-14')], { end: '2027-03-14', error: null }],
    ['a pick after confirming unconfirms', [pick('2027-03-12'), pick('2027-03-14'), { type: 'confirm', minDays: 1 }, pick('2027-03-20')], { start: '2027-03-20', confirmed: false }],
    [
      'an open group sets its fixed dates, confirmed',
      [pick('2027-03-12'), { type: 'selectOpenGroup', group: { id: 7, startsOn: '2027-03-28', durationDays: 6 } }],
      { start: '2027-03-28', end: '2027-04-02', confirmed: true, openGroupId: 7, error: null },
    ],
    ['removing the open group leaves no dates', [{ type: 'selectOpenGroup', group: { id: 7, startsOn: '2027-03-28', durationDays: 6 } }, { type: 'removeOpenGroup' }], initialBookingFlowState],
    [
      'picking a day leaves the open group',
      [{ type: 'selectOpenGroup', group: { id: 7, startsOn: '2027-03-28', durationDays: 6 } }, pick('2027-04-10')],
      { start: '2027-04-10', end: null, confirmed: false, openGroupId: null },
    ],
    ['removing no open group keeps picked dates', [pick('2027-03-12'), { type: 'removeOpenGroup' }], { start: '2027-03-12' }],
  ])('%s', (_, events, expected) => {
    expect(run(events)).toMatchObject(expected);
  });

  it('never confirms a range shorter than the minimum, counting both ends', () => {
    const day = fc.integer({ min: 0, max: 800 }).map((offset) => shiftDay('2027-01-01', offset));
    const event: fc.Arbitrary<BookingFlowEvent> = fc.oneof(
      day.map((date) => ({ type: 'pickDay' as const, date })),
      fc.constant({ type: 'clear' as const }),
      fc.integer({ min: 1, max: 31 }).map((minDays) => ({ type: 'confirm' as const, minDays })),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), fc.integer({ min: 1, max: 31 }), (events, minDays) => {
        const state = run([...events, { type: 'confirm', minDays }]);
        if (state.confirmed) {
          expect(state.start !== null && state.end !== null).toBe(true);
          expect(rangeDays(state.start!, state.end!)).toBeGreaterThanOrEqual(minDays);
          expect(state.end! >= state.start!).toBe(true);
        } else {
          expect(state.error).not.toBeNull();
        }
      }),
    );
  });
});

describe('restoreBookingFlow', () => {
  const groups = [
    { id: 7, startsOn: '2027-07-01', durationDays: 5, openSpots: 3 },
    { id: 8, startsOn: '2027-08-01', durationDays: 5, openSpots: 0 },
  ];
  it.each([
    ['nothing saved', {}, initialBookingFlowState],
    ['a start only', { start: '2027-06-10' }, { ...initialBookingFlowState, start: '2027-06-10' }],
    ['a picked range, not confirmed', { start: '2027-06-10', end: '2027-06-14' }, { ...initialBookingFlowState, start: '2027-06-10', end: '2027-06-14' }],
    ['a confirmed range', { start: '2027-06-10', end: '2027-06-14', confirmed: true }, { ...initialBookingFlowState, start: '2027-06-10', end: '2027-06-14', confirmed: true }],
    ['a confirmed range now too short', { start: '2027-06-10', end: '2027-06-11', confirmed: true }, { ...initialBookingFlowState, start: '2027-06-10', end: '2027-06-11' }],
    ['an end before the start', { start: '2027-06-10', end: '2027-06-01', confirmed: true }, { ...initialBookingFlowState, start: '2027-06-10' }],
    ['a date that is not one', { start: '2027-13-45' }, initialBookingFlowState],
    ['a non-string date', { start: 20270610 }, initialBookingFlowState],
    ['an open group still offered', { openGroupId: 7 }, { start: '2027-07-01', end: '2027-07-05', confirmed: true, openGroupId: 7, error: null }],
    ['an open group now full', { openGroupId: 8, start: '2027-08-01' }, initialBookingFlowState],
    ['an open group no longer offered', { openGroupId: 9 }, initialBookingFlowState],
  ])('%s', (_, saved, expected) => {
    expect(restoreBookingFlow(saved, groups, 3)).toEqual(expected);
  });
});
