'use server';

import { isGuidesTrip, replacePriceEntries, saveMonthlyCapacity, saveOpenGroups, saveSeasons, saveUnavailableRanges } from '@/lib/db/queries/guide-trips';
import { formErrors } from '@/lib/forms/errors';
import { openGroupsSchema, tripCapacitySchema, tripPricesSchema, tripSeasonsSchema, unavailableRangesSchema } from '@/lib/forms/guide-trip-schemas';
import { reject, validatedAction, type Rejection } from '@/lib/forms/validated-action';
import { isoDayOf } from '@/lib/iso-day';
import { toMinorUnits } from '@/lib/money/currency';
import { invalidateTripPages, purgePhotoCopies } from '@/lib/server/invalidate';
import { tripPhotoKeys } from '@/lib/db/queries/trip-photos';
import { getSignedInUser } from '@/lib/server/session';
import { tripLinks } from '@/lib/booking/trip-links';
import { env } from '@/lib/env';
import { tripDecisionEmail } from '@/lib/mail/templates';
import { kickOutbox } from '@/lib/mail/worker';
import { accountPath } from '@/lib/routing/account-pages';
import { MAX_SLUG_LENGTH, slugOf } from '@/lib/catalogue/slug';
import {
  approveTrip,
  createDraftTrip,
  duplicateTrip,
  findStartPlace,
  returnTripToDraft,
  type DecidedTrip,
  saveTripFacts,
  saveTripTexts,
  submitTrip,
  unpublishTrip,
  type TripFacts,
} from '@/lib/db/queries/trip-authoring';
import { newTripSchema, tripFactsSchema, tripReturnSchema, tripStepSchema, tripTextsSchema } from '@/lib/forms/trip-authoring-schemas';
import type { z } from 'zod';
import type { SubmitOutcome } from '@/lib/catalogue/publication';

type NewTripInput = z.output<typeof newTripSchema>;
type TripFactsInput = z.output<typeof tripFactsSchema>;

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

/** The signed-in guide's id, or the rejection to answer. */
async function signedInGuide(): Promise<{ ok: true; guideId: number } | { ok: false; rejection: Rejection }> {
  const user = await getSignedInUser();
  if (!user) return { ok: false, rejection: reject({ form: formErrors.signedOut }) };
  if (user.role !== 'guide' || user.guideId === null) return { ok: false, rejection: reject({ form: formErrors.notYours }) };
  return { ok: true, guideId: user.guideId };
}

/** Support's own actions: refused to anyone else. */
async function signedInSupport(): Promise<Rejection | null> {
  const user = await getSignedInUser();
  if (!user) return reject({ form: formErrors.signedOut });
  return user.role === 'support' ? null : reject({ form: formErrors.notYours });
}

/** The facts as stored, with the start place the gazetteer found for the typed one. */
async function factsOf(input: NewTripInput | TripFactsInput): Promise<TripFacts | null> {
  const place = await findStartPlace(input.place, input.locale);
  if (!place) return null;
  const { activities, tripType, languages, skillLevel, fitnessLevel, tripLevel, durationDays, minDays, maxGroupSize, pricingMode, currency, discountPercent, included, notIncluded } = input;
  return { activities, tripType, languages, skillLevel, fitnessLevel, tripLevel, durationDays, minDays, maxGroupSize, pricingMode, currency, discountPercent, included, notIncluded, place };
}

/** A guide creates a trip: a private draft with its facts and its title (and slug) in the guide's language. */
export const createTrip = validatedAction(newTripSchema, async (input) => {
  const guide = await signedInGuide();
  if (!guide.ok) return guide.rejection;
  const facts = await factsOf(input);
  if (!facts) return reject({ place: formErrors.placeNotFound });
  const base = slugOf(input.title) || 'trip';
  // The slug is the title's; a title another trip has gets a number, which the guide may change later.
  for (let attempt = 1; attempt <= 20; attempt++) {
    const slug = attempt === 1 ? base : `${base.slice(0, MAX_SLUG_LENGTH - 4)}-${attempt}`;
    const created = await createDraftTrip(guide.guideId, input.idempotencyKey, facts, { locale: input.locale, title: input.title, slug });
    if (created.ok) return { ok: true, id: created.id };
  }
  return reject({ title: formErrors.slugTaken });
});

/** A guide changes a trip's facts (activities, levels, length, group, pricing, included items, start place). */
export const saveTripFactsAction = validatedAction(tripFactsSchema, async (input) => {
  const guide = await signedInGuide();
  if (!guide.ok) return guide.rejection;
  const facts = await factsOf(input);
  if (!facts) return reject({ place: formErrors.placeNotFound });
  const saved = await saveTripFacts(guide.guideId, input.tripId, facts, { currencyChange: input.currencyChange, today: isoDayOf(new Date()) });
  if (saved === 'notYours') return reject({ form: formErrors.notYours });
  if (saved === 'currencyChoice') return reject({ currencyChange: formErrors.currencyChoice });
  if (saved === 'noRates') return reject({ currencyChange: formErrors.currencyRatesMissing });
  invalidateTripPages(input.tripId);
  return { ok: true, id: input.tripId };
});

/** A guide writes a trip's texts in one language. */
export const saveTripTextsAction = validatedAction(tripTextsSchema, async (input) => {
  const guide = await signedInGuide();
  if (!guide.ok) return guide.rejection;
  const { title, slug, summary, description, region, itinerary, faq, why, information, assistance } = input;
  const saved = await saveTripTexts(guide.guideId, input.tripId, { locale: input.textLocale, title, slug, summary, description, region, itinerary, faq, why, information, assistance });
  if (saved === 'notYours') return reject({ form: formErrors.notYours });
  if (saved === 'slugTaken') return reject({ slug: formErrors.slugTaken });
  invalidateTripPages(input.tripId);
  return { ok: true, id: input.tripId };
});

/** A guide submits a trip: live at once, or into support's queue (submitOutcome). */
export const submitTripAction = validatedAction(tripStepSchema, async (input): Promise<{ ok: true; id: number; outcome?: SubmitOutcome } | Rejection> => {
  const guide = await signedInGuide();
  if (!guide.ok) return guide.rejection;
  const result = await submitTrip(guide.guideId, input.tripId);
  if (!result.ok) return reject({ form: result.reason === 'notYours' ? formErrors.notYours : result.reason === 'guideNotApproved' ? formErrors.guideNotApproved : result.reason === 'incomplete' ? formErrors.tripIncomplete : formErrors.tripNotSubmittable });
  if (result.outcome === 'live') invalidateTripPages(input.tripId);
  return { ok: true, id: input.tripId, outcome: result.outcome };
});

/** A guide takes a trip off the site. */
export const unpublishTripAction = validatedAction(tripStepSchema, async (input) => {
  const guide = await signedInGuide();
  if (!guide.ok) return guide.rejection;
  if (!(await unpublishTrip(guide.guideId, input.tripId))) return reject({ form: formErrors.tripNotSubmittable });
  invalidateTripPages(input.tripId);
  // Its photos' immutable copies leave the caches in front: the route now answers them to the guide and support only.
  purgePhotoCopies(await tripPhotoKeys(input.tripId));
  return { ok: true, id: input.tripId };
});

/** A guide copies a trip into a new draft (the same submission sent again answers the same copy). */
export const duplicateTripAction = validatedAction(tripStepSchema, async (input) => {
  const guide = await signedInGuide();
  if (!guide.ok) return guide.rejection;
  const copy = await duplicateTrip(guide.guideId, input.tripId, input.idempotencyKey);
  if (copy === null) return reject({ form: formErrors.notYours });
  return { ok: true, id: copy };
});

const mailSettings = () => ({ supportEmail: env.SUPPORT_EMAIL });

/** The guide's e-mail about support's decision: the public page (approved) or the editor with the reason (returned). */
const decisionEmail = (decision: 'approved' | 'returned', reason: string) => (trip: DecidedTrip) =>
  tripDecisionEmail(
    {
      tripId: trip.tripId,
      guide: trip.guide,
      trip: tripLinks(trip.translations, env.SITE_URL),
      decision,
      reason,
      editorUrl: `${env.SITE_URL}${accountPath('trip', trip.guide.emailLocale)}&id=${trip.tripId}`,
      submittedAt: trip.submittedAt,
    },
    mailSettings(),
  );

/** Support approves a submitted trip: it goes live and its guide is told. Decided once; the second approver is told. */
export const approveTripAction = validatedAction(tripStepSchema, async (input) => {
  const refused = await signedInSupport();
  if (refused) return refused;
  if (!(await approveTrip(input.tripId, decisionEmail('approved', '')))) return reject({ form: formErrors.tripAlreadyDecided });
  kickOutbox();
  invalidateTripPages(input.tripId);
  return { ok: true, id: input.tripId };
});

/** Support sends a submitted trip back to its guide as a draft, with the reason the guide reads. */
export const returnTripAction = validatedAction(tripReturnSchema, async (input) => {
  const refused = await signedInSupport();
  if (refused) return refused;
  if (!(await returnTripToDraft(input.tripId, decisionEmail('returned', input.reason)))) return reject({ form: formErrors.tripAlreadyDecided });
  kickOutbox();
  return { ok: true, id: input.tripId };
});
