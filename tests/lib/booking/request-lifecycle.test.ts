import { describe, expect, it } from 'vitest';
import { allowedActions, isBookedStatus, isOpenStatus, nextStatus, requestStatuses, type RequestAction, type RequestActor, type RequestStatus } from '@/lib/booking/request-lifecycle';

// Every (status, action, actor) the lifecycle allows, with where it leads; anything else is refused.
const answerers = ['guide', 'support'] as const;
const byAnswerers = (status: RequestStatus, action: RequestAction, to: RequestStatus) =>
  answerers.map((actor): [RequestStatus, RequestAction, RequestActor, RequestStatus] => [status, action, actor, to]);
const allowed: Array<[RequestStatus, RequestAction, RequestActor, RequestStatus]> = [
  ...byAnswerers('sent', 'reply', 'answered'),
  ...byAnswerers('answered', 'reply', 'answered'),
  ...byAnswerers('dates_proposed', 'reply', 'dates_proposed'),
  ...byAnswerers('accepted', 'reply', 'accepted'),
  ...byAnswerers('confirmed', 'reply', 'confirmed'),
  ...byAnswerers('secured', 'reply', 'secured'),
  ...byAnswerers('sent', 'proposeDates', 'dates_proposed'),
  ...byAnswerers('answered', 'proposeDates', 'dates_proposed'),
  ...byAnswerers('dates_proposed', 'proposeDates', 'dates_proposed'),
  ['dates_proposed', 'accept', 'traveller', 'accepted'],
  ...byAnswerers('accepted', 'confirm', 'confirmed'),
  // The payment secures a confirmed booking; an unpaid one lapses at its deadline: the system's clock and Stripe only.
  ['confirmed', 'secure', 'system', 'secured'],
  ['confirmed', 'lapse', 'system', 'lapsed'],
  ...(['sent', 'answered', 'dates_proposed', 'accepted', 'confirmed', 'secured'] as const).flatMap((status) =>
    (['traveller', 'guide', 'support'] as const).map((actor): [RequestStatus, RequestAction, RequestActor, RequestStatus] => [status, 'cancel', actor, 'cancelled']),
  ),
  ...(['sent', 'answered', 'dates_proposed', 'accepted'] as const).map((status): [RequestStatus, RequestAction, RequestActor, RequestStatus] => [status, 'expire', 'system', 'expired']),
];

const actions: RequestAction[] = ['reply', 'proposeDates', 'accept', 'confirm', 'secure', 'lapse', 'cancel', 'expire'];
const actors: RequestActor[] = ['traveller', 'guide', 'support', 'system'];

describe('booking request lifecycle', () => {
  it.each(allowed)('%s --%s by %s--> %s', (status, action, actor, to) => {
    expect(nextStatus(status, action, actor)).toEqual({ ok: true, from: status, to });
  });

  const refused = requestStatuses.flatMap((status) =>
    actions.flatMap((action) => actors.filter((actor) => !allowed.some(([s, a, who]) => s === status && a === action && who === actor)).map((actor) => [status, action, actor] as const)),
  );
  it.each(refused)('%s --%s by %s is refused', (status, action, actor) => {
    expect(nextStatus(status, action, actor).ok).toBe(false);
  });

  it('says why: the wrong person, or the wrong moment', () => {
    expect(nextStatus('dates_proposed', 'accept', 'guide')).toEqual({ ok: false, reason: 'notAllowed' });
    expect(nextStatus('sent', 'accept', 'traveller')).toEqual({ ok: false, reason: 'wrongStatus' });
    expect(nextStatus('cancelled', 'cancel', 'traveller')).toEqual({ ok: false, reason: 'wrongStatus' });
  });

  it('lists the actions a screen offers', () => {
    expect(allowedActions('dates_proposed', 'traveller')).toEqual(['accept', 'cancel']);
    expect(allowedActions('cancelled', 'traveller')).toEqual([]);
    expect(allowedActions('sent', 'guide')).toEqual(['reply', 'proposeDates', 'cancel']);
  });

  it('lets nobody but the system secure or lapse a booking, and neither after it is secured', () => {
    expect(nextStatus('confirmed', 'secure', 'traveller')).toEqual({ ok: false, reason: 'notAllowed' });
    expect(nextStatus('confirmed', 'secure', 'guide')).toEqual({ ok: false, reason: 'notAllowed' });
    expect(nextStatus('secured', 'secure', 'system')).toEqual({ ok: false, reason: 'wrongStatus' });
    expect(nextStatus('secured', 'lapse', 'system')).toEqual({ ok: false, reason: 'wrongStatus' });
    expect(nextStatus('lapsed', 'secure', 'system')).toEqual({ ok: false, reason: 'wrongStatus' });
    expect(allowedActions('secured', 'traveller')).toEqual(['cancel']);
    expect(allowedActions('secured', 'guide')).toEqual(['reply', 'cancel']);
    expect(allowedActions('confirmed', 'system')).toEqual(['secure', 'lapse']);
  });

  it('knows which requests are bookings that stand', () => {
    expect(requestStatuses.filter(isBookedStatus)).toEqual(['confirmed', 'secured']);
  });

  it('knows which requests still wait for something', () => {
    expect(requestStatuses.filter(isOpenStatus)).toEqual(['sent', 'answered', 'dates_proposed', 'accepted']);
  });
});
