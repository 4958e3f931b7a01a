import { describe, expect, it } from 'vitest';
import { MIN_MEASURED_ANSWERS, replyHours } from '@/lib/booking/reply-time';

describe('a guide’s one reply-time figure', () => {
  it.each([
    // [measured, stated, figure]
    [null, 10, 10],
    [{ answers: MIN_MEASURED_ANSWERS - 1, medianHours: 2 }, 10, 10],
    [{ answers: MIN_MEASURED_ANSWERS, medianHours: 7.2 }, 10, 8],
    [{ answers: 40, medianHours: 0.5 }, 12, 6],
    [{ answers: 40, medianHours: 60 }, 12, 24],
    [null, 3, 6],
    [null, 48, 24],
  ] as const)('measured %o, stated %i h: %i h', (measured, stated, figure) => {
    expect(replyHours(measured, stated)).toBe(figure);
  });
});
