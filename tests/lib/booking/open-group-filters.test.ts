import { describe, expect, it } from 'vitest';
import { nextMonthStart, openGroupQueryString, parseOpenGroupQuery, upcomingMonths } from '@/lib/booking/open-group-filters';

const today = '2026-11-22';

describe('open-group filters', () => {
  it('offers the next 12 months from the current one, over the new year', () => {
    expect(upcomingMonths(today)).toEqual([
      '2026-11', '2026-12', '2027-01', '2027-02', '2027-03', '2027-04', '2027-05', '2027-06', '2027-07', '2027-08', '2027-09', '2027-10',
    ]);
    expect(upcomingMonths('2027-01-01', 2)).toEqual(['2027-01', '2027-02']);
    expect(nextMonthStart('2026-12')).toBe('2027-01-01');
    expect(nextMonthStart('2027-02')).toBe('2027-03-01');
  });

  it.each([
    [{ activity: 'trekking', month: '2027-03', country: 'np', page: '2' }, { filters: { activity: 'trekking', month: '2027-03', countryCode: 'NP' }, page: 2 }],
    [{ activity: ['ski-touring', 'trekking'] }, { filters: { activity: 'ski-touring' }, page: 1 }],
    [{ activity: 'base-jumping' }, { filters: {}, page: 1 }],
    [{ month: '2026-10' }, { filters: {}, page: 1 }],
    [{ month: '2027-11' }, { filters: {}, page: 1 }],
    [{ month: '2027-3' }, { filters: {}, page: 1 }],
    [{ country: 'ZZ' }, { filters: {}, page: 1 }],
    [{ country: 'France' }, { filters: {}, page: 1 }],
    [{ country: ' ch ' }, { filters: { countryCode: 'CH' }, page: 1 }],
    [{ page: '0' }, { filters: {}, page: 1 }],
    [{ page: '-3' }, { filters: {}, page: 1 }],
    [{ page: '1e3' }, { filters: {}, page: 1 }],
    [{ page: '99999999999' }, { filters: {}, page: 1 }],
    [{ activity: '', month: '', country: '' }, { filters: {}, page: 1 }],
  ])('reads %j, ignoring what it cannot use', (query, expected) => {
    expect(parseOpenGroupQuery(query, today)).toEqual(expected);
  });

  it('writes the filters back into a query string', () => {
    expect(openGroupQueryString({})).toBe('');
    expect(openGroupQueryString({ activity: 'trekking', month: '2027-03', countryCode: 'NP' }, 3)).toBe('?activity=trekking&month=2027-03&country=NP&page=3');
    expect(openGroupQueryString({ countryCode: 'FR' }, 1)).toBe('?country=FR');
  });
});
