import { describe, expect, it } from 'vitest';
import { departureEnd, departureRefusal, hasGuideAvailability, isGuideUnavailable, isInSeason } from '@/lib/booking/availability';
import { buildCalendarMonth } from '@/lib/booking/calendar';

describe('spec §4 calendar rules', () => {
  it.each([
    ['2027-07-01', [{ from: '06-15', to: '09-15' }], true],
    ['2027-06-14', [{ from: '06-15', to: '09-15' }], false],
    ['2027-09-15', [{ from: '06-15', to: '09-15' }], true],
    ['2027-01-10', [{ from: '12-01', to: '04-30' }], true],
    ['2027-12-24', [{ from: '12-01', to: '04-30' }], true],
    ['2027-06-01', [{ from: '12-01', to: '04-30' }], false],
    ['2027-06-01', [], true],
  ])('%s in season %o → %s', (day, seasons, expected) => {
    expect(isInSeason(day, seasons)).toBe(expected);
  });
  it('knows the days the guide is unavailable', () => {
    const ranges = [{ startsOn: '2027-07-10', endsOn: '2027-07-20' }];
    expect(isGuideUnavailable('2027-07-10', ranges)).toBe(true);
    expect(isGuideUnavailable('2027-07-21', ranges)).toBe(false);
  });
  it('spec §8: no availability when every season day of the next year is blocked', () => {
    const seasons = [{ from: '06-15', to: '09-15' }];
    const today = '2026-11-22';
    expect(hasGuideAvailability({ seasons, unavailableRanges: [] }, today)).toBe(true);
    const blocked = [{ startsOn: '2027-06-01', endsOn: '2027-09-30' }];
    expect(hasGuideAvailability({ seasons, unavailableRanges: blocked }, today)).toBe(false);
    expect(hasGuideAvailability({ seasons, unavailableRanges: blocked, openGroupDates: ['2027-07-01'] }, today)).toBe(true);
    expect(hasGuideAvailability({ seasons, unavailableRanges: blocked, openGroupDates: ['2026-01-01'] }, today)).toBe(false);
  });
  it('a departure of N days ends N − 1 days after it starts', () => {
    expect(departureEnd('2027-06-21', 10)).toBe('2027-06-30');
    expect(departureEnd('2027-12-30', 3)).toBe('2028-01-01');
  });
});

describe('departureRefusal: the calendar\'s rule on dates that were sent', () => {
  const trip = { today: '2031-05-20', seasons: [{ from: '06-01', to: '09-30' }], unavailableRanges: [{ startsOn: '2031-07-10', endsOn: '2031-07-12' }], monthlyCapacity: 3, bookedDepartures: 0 };
  it.each([
    ['2031-05-20', '2031-05-22', 'past'],
    ['2031-05-30', '2031-06-03', 'out_of_season'],
    ['2031-09-29', '2031-10-02', 'out_of_season'],
    ['2031-07-08', '2031-07-14', 'guide_unavailable'],
    ['2031-07-12', '2031-07-12', 'guide_unavailable'],
    ['2031-07-13', '2031-07-20', null],
    ['2031-06-01', '2031-06-05', null],
  ] as const)('%s → %s: %s', (startsOn, endsOn, refusal) => {
    expect(departureRefusal({ ...trip, startsOn, endsOn })).toBe(refusal);
  });

  it("refuses a request's departure inside the guide's lead time, from the first day outside it on", () => {
    // Asked on 20 May with a 30-day lead time: 19 June is the first departure a request may name.
    expect(departureRefusal({ ...trip, leadDays: 30, startsOn: '2031-06-18', endsOn: '2031-06-20' })).toBe('too_soon');
    expect(departureRefusal({ ...trip, leadDays: 30, startsOn: '2031-06-19', endsOn: '2031-06-21' })).toBeNull();
    // A guide's own proposal is held to no lead time.
    expect(departureRefusal({ ...trip, startsOn: '2031-06-18', endsOn: '2031-06-20' })).toBeNull();
  });

  it('refuses a full month, and nothing the calendar offers as available', () => {
    expect(departureRefusal({ ...trip, startsOn: '2031-08-01', endsOn: '2031-08-03', bookedDepartures: 3 })).toBe('sold_out');
    expect(departureRefusal({ ...trip, startsOn: '2031-08-01', endsOn: '2031-08-03', bookedDepartures: 2 })).toBeNull();
    // Every day the calendar shows available is a one-day departure the server takes, and no other.
    for (const bookedDepartures of [0, 3]) {
      for (const month of ['2031-05', '2031-06', '2031-07', '2031-10']) {
        for (const leadDays of [1, 30]) {
          const calendar = buildCalendarMonth({ month, minDays: 1, ...trip, bookedDepartures, leadDays });
          for (const day of calendar.days) {
            expect(departureRefusal({ ...trip, bookedDepartures, leadDays, startsOn: day.date, endsOn: day.date }) === null, day.date).toBe(day.state === 'available');
          }
        }
      }
    }
  });
});
