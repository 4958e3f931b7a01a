'use server';

import { isGuidesTrip, replacePriceEntries, saveMonthlyCapacity, saveOpenGroups, saveSeasons, saveUnavailableRanges } from '@/lib/db/queries/guide-trips';
import { formErrors } from '@/lib/forms/errors';
import { openGroupsSchema, tripCapacitySchema, tripPricesSchema, tripSeasonsSchema, unavailableRangesSchema } from '@/lib/forms/guide-trip-schemas';
import { reject, validatedAction, type Rejection } from '@/lib/forms/validated-action';
import { isoDayOf } from '@/lib/iso-day';
import { toMinorUnits } from '@/lib/money/currency';
import { invalidateTripPages } from '@/lib/server/invalidate';
import { getSignedInUser } from '@/lib/server/session';

/** The signed-in guide's own trip, or the rejection to answer (signed out, not a guide, another guide's trip). */
async function ownTrip(tripId: number): Promise<{ ok: true; trip: { currency: string; durationDays: number } } | { ok: false; rejection: Rejection }> {
  const user = await getSignedInUser();
  if (!user) return { ok: false, rejection: reject({ form: formErrors.signedOut }) };
  const trip = user.role === 'guide' && user.guideId !== null ? await isGuidesTrip(user.guideId, tripId) : null;
  if (!trip) return { ok: false, rejection: reject({ form: formErrors.notYours }) };
  return { ok: true, trip };
}

/** A guide sets a trip's prices by group size. */
export const saveTripPrices = validatedAction(tripPricesSchema, async (input) => {
  const own = await ownTrip(input.tripId);
  if (!own.ok) return own.rejection;
  await replacePriceEntries(
    input.tripId,
    input.entries.map((entry) => ({ people: entry.people, amountMinor: toMinorUnits(entry.price, own.trip.currency) })),
  );
  // The query functions refreshed the search's copy; the cached pages showing the trip expire now.
  invalidateTripPages(input.tripId);
  return { ok: true, id: input.tripId };
});

/** A guide sets a trip's upcoming open groups (date, spots, price, confirmed). */
export const saveTripOpenGroups = validatedAction(openGroupsSchema, async (input) => {
  const own = await ownTrip(input.tripId);
  if (!own.ok) return own.rejection;
  const today = isoDayOf(new Date());
  if (input.groups.some((group) => group.startsOn <= today)) return reject({ groups: formErrors.pastDeparture });
  await saveOpenGroups(
    input.tripId,
    input.groups.map((group) => ({ ...group, pricePerPersonMinor: toMinorUnits(group.price, own.trip.currency) })),
    own.trip,
    today,
  );
  // The query functions refreshed the search's copy; the cached pages showing the trip expire now.
  invalidateTripPages(input.tripId);
  return { ok: true, id: input.tripId };
});

/** A guide sets the seasons in which a trip runs (the calendar's 'out of season' days). */
export const saveTripSeasons = validatedAction(tripSeasonsSchema, async (input) => {
  const own = await ownTrip(input.tripId);
  if (!own.ok) return own.rejection;
  await saveSeasons(input.tripId, input.seasons);
  invalidateTripPages(input.tripId);
  return { ok: true, id: input.tripId };
});

/** A guide sets how many departures of a trip they take per month (past it, the calendar's month is sold out). */
export const saveTripCapacity = validatedAction(tripCapacitySchema, async (input) => {
  const own = await ownTrip(input.tripId);
  if (!own.ok) return own.rejection;
  await saveMonthlyCapacity(input.tripId, input.monthlyCapacity);
  invalidateTripPages(input.tripId);
  return { ok: true, id: input.tripId };
});

/** A guide sets the days they cannot take a trip (the calendar's 'guide unavailable' days). */
export const saveTripUnavailableRanges = validatedAction(unavailableRangesSchema, async (input) => {
  const own = await ownTrip(input.tripId);
  if (!own.ok) return own.rejection;
  const today = isoDayOf(new Date());
  if (input.ranges.some((range) => range.endsOn < today)) return reject({ ranges: formErrors.pastRange });
  await saveUnavailableRanges(input.tripId, input.ranges, today);
  invalidateTripPages(input.tripId);
  return { ok: true, id: input.tripId };
});
