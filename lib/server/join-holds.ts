import 'server-only';
import { tripLinks } from '../booking/trip-links';
import type { Database } from '../db/database';
import { releaseLapsedJoins, type JoinEmails, type JoinForEmail } from '../db/queries/join-holds';
import { env } from '../env';
import { openGroupJoinEmails, type OpenGroupJoinEmailInput } from '../mail/templates';
import { kickOutbox, logJsonLine } from '../mail/worker';
import { displayPrice } from '../money/pricing';
import { RATES_BASE } from '../money/rates';
import { expireTripPagesOutsideRequest } from './invalidate';
import { scheduleEvery } from '../schedule';

const settings = () => ({ supportEmail: env.SUPPORT_EMAIL });

/**
 * A stored join as its e-mails need it. Written after the join's request (a confirmation, the
 * job), so the price is the trip's own, in its own currency: the visitor's currency is not known then.
 */
export function joinEmailInput(join: JoinForEmail): OpenGroupJoinEmailInput {
  const ownCurrency = { rates: { base: RATES_BASE, date: '', rates: {} }, target: join.group.price.currency, crossCurrencyFactor: '1' } as const;
  return {
    joinId: join.id,
    reference: join.reference,
    locale: join.locale,
    email: join.email,
    travellers: join.travellers,
    waitlist: join.status === 'waitlisted',
    trip: tripLinks(join.trip.translations, env.SITE_URL),
    guide: join.guide,
    group: { startsOn: join.group.startsOn, durationDays: join.group.durationDays, pricePerPerson: displayPrice(join.group.price, join.trip, ownCurrency).money },
  };
}

/** What a join's confirmation and a waitlist promotion send, in each reader's language. */
export const joinEmails = (): JoinEmails => ({
  confirmed: (join) => openGroupJoinEmails(joinEmailInput(join), settings()),
  promoted: (join) => openGroupJoinEmails({ ...joinEmailInput(join), promoted: true }, settings()),
});

/**
 * Releases lapsed holds every JOIN_HOLD_CHECK_SECONDS while the server runs (one timer per process;
 * several instances share the work through FOR UPDATE SKIP LOCKED): their seats go back, the
 * waitlist moves up, and the trips' cached pages expire.
 */
export function scheduleJoinHolds(db: Database): void {
  scheduleEvery('join-holds', { everyMs: env.JOIN_HOLD_CHECK_SECONDS * 1000, firstAfterMs: 5_000 }, async () => {
    const result = await releaseLapsedJoins(joinEmails(), new Date(), db);
    if (result.released + result.promoted === 0) return;
    for (const tripId of result.tripIds) await expireTripPagesOutsideRequest(tripId);
    if (result.promoted > 0) kickOutbox();
    logJsonLine({ level: 'info', msg: 'lapsed join holds released', released: result.released, promoted: result.promoted, trips: result.tripIds.length });
  }, 'join hold release failed');
}
