import { describe, expect, it } from 'vitest';
import { departureEnd, hasGuideAvailability, isGuideUnavailable, isInSeason } from '@/lib/booking/availability';

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
