/**
 * An open group's seats belong to real people: an anonymous join holds its seats for a stated time
 * until its address is confirmed through the link e-mailed to it; a signed-in traveller's join is
 * confirmed at once. `open_spots` stays the truth: a hold or a confirmed join takes seats, a lapsed
 * hold gives them back, and the waitlist moves up. These are the rules; lib/db applies them under
 * the group's row lock.
 */

/**
 * held: seats taken, address not yet confirmed (until `holdUntil`); confirmed: seats taken by a
 * confirmed address; waitlisted: no seats (an unconfirmed one lapses at `holdUntil` too);
 * released: a lapsed hold or waitlist place, its seats given back.
 */
export const joinStatuses = ['held', 'confirmed', 'waitlisted', 'released'] as const;
export type JoinStatus = (typeof joinStatuses)[number];

/** How long a join's confirmation link works: well past the hold, so a late click is told what became of the seats. */
export const JOIN_LINK_TTL_MS = 24 * 60 * 60_000;

/** When an unconfirmed join made at `now` lapses. */
export function holdDeadline(now: Date, holdMinutes: number): Date {
  return new Date(now.getTime() + Math.round(holdMinutes * 60_000));
}

export type JoinRequest = {
  travellers: number;
  /** The signed-in traveller's own address: confirmed at once, no hold. */
  confirmed: boolean;
  group: { openSpots: number; totalSpots: number };
  /** Seats this address already holds unconfirmed, in every group. */
  addressHeldSeats: number;
  /** Seats this client (its network address) already holds unconfirmed, in every group, and its limit. */
  clientHeldSeats: number;
  clientSeatLimit: number;
};

export type Placement =
  | { kind: 'seats'; status: 'held' | 'confirmed' }
  | { kind: 'waitlist' }
  | { kind: 'spotsLeft'; openSpots: number }
  | { kind: 'addressLimit'; heldSeats: number }
  | { kind: 'clientLimit' };

/**
 * Where a new join goes. A full group puts it on the waitlist (which holds no seat); a group with
 * too few spots answers how many are left; otherwise it takes its seats, held when the address is
 * not confirmed yet. Unconfirmed seats are capped: one address never holds more than the group's
 * seats in total (every group together), one client never more than its limit, so made-up
 * addresses from one client cannot empty the catalogue.
 */
export function placeJoin(request: JoinRequest): Placement {
  const { travellers, group } = request;
  if (group.openSpots === 0) return { kind: 'waitlist' };
  if (travellers > group.openSpots) return { kind: 'spotsLeft', openSpots: group.openSpots };
  if (request.confirmed) return { kind: 'seats', status: 'confirmed' };
  if (request.addressHeldSeats + travellers > group.totalSpots) return { kind: 'addressLimit', heldSeats: request.addressHeldSeats };
  if (request.clientHeldSeats + travellers > request.clientSeatLimit) return { kind: 'clientLimit' };
  return { kind: 'seats', status: 'held' };
}

/**
 * The waitlisted joins that get seats now, in the waitlist's order: each confirmed join that fits
 * what is left (a larger one earlier in line does not block a smaller one that fits). Unconfirmed
 * joins wait for their confirmation: seats never pass to an address nobody has confirmed.
 */
export function promotions<J extends { id: number; travellers: number; confirmed: boolean }>(waitlist: readonly J[], openSpots: number): J[] {
  const promoted: J[] = [];
  let left = openSpots;
  for (const join of waitlist) {
    if (!join.confirmed || join.travellers > left) continue;
    promoted.push(join);
    left -= join.travellers;
  }
  return promoted;
}

/** What confirming a join's link did: kept its seats, kept its waitlist place, took seats again after a lapse, or found them released. */
export type ConfirmOutcome = 'confirmed' | 'waitlisted' | 'rejoined' | 'released';

export type ConfirmStep =
  | { outcome: 'confirmed' | 'waitlisted'; change: 'none' | 'confirm' }
  | { outcome: 'rejoined'; change: 'takeSeats' }
  | { outcome: 'released'; change: 'none' };

/**
 * spec: a join's address confirmed through its link. A live hold or waitlist place is confirmed; a
 * confirmed one stays so (a second click changes nothing); after the hold lapsed (the caller has
 * already released what lapsed) the join takes seats again when enough are left, else it says
 * truthfully that they were released.
 */
export function confirmStep(join: { status: JoinStatus; confirmedAt: Date | null; travellers: number }, openSpots: number, otherLiveJoin: boolean): ConfirmStep {
  switch (join.status) {
    case 'confirmed':
      return { outcome: 'confirmed', change: 'none' };
    case 'held':
      return { outcome: 'confirmed', change: 'confirm' };
    case 'waitlisted':
      return { outcome: 'waitlisted', change: join.confirmedAt ? 'none' : 'confirm' };
    case 'released':
      return !otherLiveJoin && join.travellers <= openSpots ? { outcome: 'rejoined', change: 'takeSeats' } : { outcome: 'released', change: 'none' };
  }
}
