import { describe, expect, it } from 'vitest';
import { bookingTerms, termsChanged, type TermsSource } from '@/lib/booking/terms';

const asked: TermsSource = {
  proposal: null,
  startsOn: '2031-07-01',
  endsOn: '2031-07-10',
  openGroupStartsOn: null,
  openGroupDurationDays: null,
  days: 10,
  totalMinor: 726900,
  currency: 'EUR',
  accepted: null,
};
const offer = { startsOn: '2031-07-02', endsOn: '2031-07-12' };

describe('a booking’s terms', () => {
  it('are what was asked until a proposal is accepted', () => {
    for (const request of [asked, { ...asked, proposal: offer }]) {
      const terms = bookingTerms(request);
      expect(terms).toMatchObject({ startsOn: '2031-07-01', endsOn: '2031-07-10', days: 10, total: { amountMinor: 726900, currency: 'EUR' }, agreed: false });
      expect(termsChanged(terms)).toBe(false);
    }
  });

  it('are the accepted proposal’s dates and price from then on, what was asked kept beside them', () => {
    const terms = bookingTerms({ ...asked, proposal: offer, accepted: { amountMinor: 690000, currency: 'CHF' } });
    expect(terms).toEqual({
      startsOn: '2031-07-02',
      endsOn: '2031-07-12',
      days: 11,
      total: { amountMinor: 690000, currency: 'CHF' },
      agreed: true,
      asked: { startsOn: '2031-07-01', endsOn: '2031-07-10', days: 10, total: { amountMinor: 726900, currency: 'EUR' } },
    });
    expect(termsChanged(terms)).toBe(true);
    // Accepted as asked: agreed, nothing to recall in the history.
    expect(termsChanged(bookingTerms({ ...asked, proposal: { startsOn: '2031-07-01', endsOn: '2031-07-10' }, accepted: { amountMinor: 726900, currency: 'EUR' } }))).toBe(false);
  });

  it('read an open group’s days, and flexible dates as none', () => {
    const group = bookingTerms({ ...asked, startsOn: null, endsOn: null, openGroupStartsOn: '2031-08-03', openGroupDurationDays: 5, totalMinor: null });
    expect(group).toMatchObject({ startsOn: '2031-08-03', endsOn: '2031-08-07', total: null, agreed: false });
    expect(bookingTerms({ ...asked, startsOn: null, endsOn: null })).toMatchObject({ startsOn: null, endsOn: null });
  });
});
