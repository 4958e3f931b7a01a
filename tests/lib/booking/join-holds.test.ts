import { describe, expect, it } from 'vitest';
import { confirmStep, holdDeadline, placeJoin, promotions, type JoinRequest } from '@/lib/booking/join-holds';

const request = (overrides: Partial<JoinRequest> = {}): JoinRequest => ({
  travellers: 2,
  confirmed: false,
  group: { openSpots: 6, totalSpots: 12 },
  addressHeldSeats: 0,
  clientHeldSeats: 0,
  clientSeatLimit: 24,
  ...overrides,
});

describe('where a new join goes', () => {
  it.each([
    ['an anonymous join with room holds its seats', request(), { kind: 'seats', status: 'held' }],
    ['a signed-in traveller’s own address is confirmed at once', request({ confirmed: true }), { kind: 'seats', status: 'confirmed' }],
    ['a full group puts it on the waitlist', request({ group: { openSpots: 0, totalSpots: 12 } }), { kind: 'waitlist' }],
    ['a full group waitlists even past the caps (a waitlist holds no seat)', request({ group: { openSpots: 0, totalSpots: 12 }, addressHeldSeats: 12, clientHeldSeats: 99 }), { kind: 'waitlist' }],
    ['too few spots answers how many are left', request({ travellers: 4, group: { openSpots: 3, totalSpots: 12 } }), { kind: 'spotsLeft', openSpots: 3 }],
    ['an address holds at most the group’s seats in total', request({ addressHeldSeats: 11 }), { kind: 'addressLimit', heldSeats: 11 }],
    ['exactly the group’s seats is allowed', request({ addressHeldSeats: 10 }), { kind: 'seats', status: 'held' }],
    ['a client holds at most its limit', request({ clientHeldSeats: 23 }), { kind: 'clientLimit' }],
    ['confirmed seats are not capped', request({ confirmed: true, addressHeldSeats: 12, clientHeldSeats: 99 }), { kind: 'seats', status: 'confirmed' }],
  ] as const)('%s', (_name, input, expected) => {
    expect(placeJoin(input)).toEqual(expected);
  });
});

describe('the waitlist moving up', () => {
  const join = (id: number, travellers: number, confirmed = true) => ({ id, travellers, confirmed });

  it('gives seats in order to each confirmed join that fits, skipping larger and unconfirmed ones', () => {
    const waitlist = [join(1, 3), join(2, 1, false), join(3, 2), join(4, 2), join(5, 1)];
    expect(promotions(waitlist, 4).map((promoted) => promoted.id)).toEqual([1, 5]);
    expect(promotions(waitlist, 2).map((promoted) => promoted.id)).toEqual([3]);
    expect(promotions(waitlist, 0)).toEqual([]);
  });

  it('never gives away more seats than are open', () => {
    for (let open = 0; open < 10; open += 1) {
      const waitlist = Array.from({ length: 8 }, (_, index) => join(index, 1 + ((index * 7) % 4), index % 3 !== 0));
      const seats = promotions(waitlist, open).reduce((sum, promoted) => sum + promoted.travellers, 0);
      expect(seats).toBeLessThanOrEqual(open);
    }
  });
});

describe('a confirmation link used', () => {
  const join = (status: 'held' | 'confirmed' | 'waitlisted' | 'released', confirmedAt: Date | null = null) => ({ status, confirmedAt, travellers: 2 });

  it.each([
    ['a running hold is confirmed', join('held'), 0, false, { outcome: 'confirmed', change: 'confirm' }],
    ['a confirmed join stays so (a second click)', join('confirmed', new Date()), 0, false, { outcome: 'confirmed', change: 'none' }],
    ['an unconfirmed waitlist place is confirmed', join('waitlisted'), 0, false, { outcome: 'waitlisted', change: 'confirm' }],
    ['a confirmed waitlist place stays', join('waitlisted', new Date()), 5, false, { outcome: 'waitlisted', change: 'none' }],
    ['a lapsed join takes seats again when enough are left', join('released'), 2, false, { outcome: 'rejoined', change: 'takeSeats' }],
    ['a lapsed join whose seats are gone says so', join('released'), 1, false, { outcome: 'released', change: 'none' }],
    ['a lapsed join of an address that joined again meanwhile stays released', join('released'), 5, true, { outcome: 'released', change: 'none' }],
  ] as const)('%s', (_name, input, openSpots, otherLiveJoin, expected) => {
    expect(confirmStep(input, openSpots, otherLiveJoin)).toEqual(expected);
  });
});

describe('the hold’s time', () => {
  it('ends its stated minutes after the join', () => {
    const now = new Date('2031-03-01T10:00:00Z');
    expect(holdDeadline(now, 30).toISOString()).toBe('2031-03-01T10:30:00.000Z');
    expect(holdDeadline(now, 0.25).toISOString()).toBe('2031-03-01T10:00:15.000Z');
  });
});
