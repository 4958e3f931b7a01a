import { describe, expect, it } from 'vitest';
import { cancellationTerms, replyWait } from '@/lib/booking/cancellation';

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
