import { describe, expect, it } from 'vitest';
import { cancellationRefund, cancellationTerms, firstFreeDeparture, replyWait } from '@/lib/booking/cancellation';

const bookedAt = new Date('2031-03-01T10:00:00Z');
const hoursLater = (hours: number) => new Date(bookedAt.getTime() + hours * 3_600_000);

describe('spec §9 free cancellation: 48 hours, when booked at least 30 days ahead', () => {
  it.each([
    ['departure 30 days later, just booked', '2031-03-31', 0, true],
    ['departure 30 days later, 48 hours later', '2031-03-31', 48, true],
    ['departure 30 days later, 48 hours and a bit later', '2031-03-31', 48.01, false],
    ['departure 29 days later', '2031-03-30', 0, false],
    ['flexible dates, within 48 hours', null, 47, true],
    ['flexible dates, after 48 hours', null, 49, false],
  ] as const)('%s → free: %s', (_, departure, hours, free) => {
    expect(cancellationTerms(bookedAt, departure, hoursLater(hours)).free).toBe(free);
  });

  it('says until when, and why not', () => {
    expect(cancellationTerms(bookedAt, '2031-06-01', bookedAt)).toEqual({ free: true, until: new Date('2031-03-03T10:00:00Z') });
    expect(cancellationTerms(bookedAt, '2031-03-10', bookedAt)).toEqual({ free: false, reason: 'tooClose' });
    expect(cancellationTerms(bookedAt, '2031-06-01', hoursLater(72))).toEqual({ free: false, reason: 'windowPassed' });
  });
});

describe('spec §9 boundaries: 47 h 59 min, 48 h, 29 and 30 days ahead', () => {
  const minutesLater = (minutes: number) => new Date(bookedAt.getTime() + minutes * 60_000);
  it.each([
    ['47 h 59 min after, 30 days ahead', '2031-03-31', 47 * 60 + 59, true],
    ['48 h after, 30 days ahead', '2031-03-31', 48 * 60, true],
    ['48 h 1 min after, 30 days ahead', '2031-03-31', 48 * 60 + 1, false],
    ['47 h 59 min after, 29 days ahead', '2031-03-30', 47 * 60 + 59, false],
    ['at once, 29 days ahead', '2031-03-30', 0, false],
    ['at once, 30 days ahead', '2031-03-31', 0, true],
  ] as const)('%s → free: %s', (_, departure, minutes, free) => {
    expect(cancellationTerms(bookedAt, departure, minutesLater(minutes)).free).toBe(free);
  });

  it.each([
    ['traveller within 47 h 59 min, 30 days ahead', 'traveller', '2031-03-31', 47 * 60 + 59, { automatic: true, refundMinor: 30000, reason: 'freeWindow' }],
    ['traveller at 48 h, 30 days ahead', 'traveller', '2031-03-31', 48 * 60, { automatic: true, refundMinor: 30000, reason: 'freeWindow' }],
    ['traveller at 48 h 1 min', 'traveller', '2031-03-31', 48 * 60 + 1, { automatic: false, refundMinor: 0, reason: 'windowPassed' }],
    ['traveller at once, 29 days ahead', 'traveller', '2031-03-30', 0, { automatic: false, refundMinor: 0, reason: 'tooClose' }],
    ['guide, any time', 'guide', '2031-03-30', 60 * 24 * 20, { automatic: true, refundMinor: 30000, reason: 'guideCancelled' }],
  ] as const)('refund: %s', (_, side, departure, minutes, refund) => {
    expect(cancellationRefund(side, 30000, bookedAt, departure, minutesLater(minutes))).toEqual(refund);
  });
});

describe('the 24-hour reply promise', () => {
  it.each([
    [0, 0, 'onTime'],
    [11.9, 11, 'onTime'],
    [12, 12, 'reminder'],
    [23.9, 23, 'reminder'],
    [24, 24, 'overdue'],
    [-1, 0, 'onTime'],
  ] as const)('%s hours → %s h, %s', (hours, whole, state) => {
    expect(replyWait(bookedAt, hoursLater(hours))).toEqual({ hours: whole, state });
  });
});

describe('the lead time a free cancellation needs', () => {
  it('is the first departure whose cancellation is free, 30 days after the booking', () => {
    const first = firstFreeDeparture(bookedAt);
    expect(first).toBe('2031-03-31');
    expect(cancellationTerms(bookedAt, first, bookedAt).free).toBe(true);
    expect(cancellationTerms(bookedAt, '2031-03-30', bookedAt).free).toBe(false);
  });
});
