'use server';

import { getTripForRequest, getGuideForQuestion, getOpenGroupForJoin, storeBookingRequest, storeGuideQuestion, storeHelpMessage, storeOpenGroupJoin, type StoredJoin } from '@/lib/db/submissions';
import { normalizeEmail } from '@/lib/auth/tokens';
import { env } from '@/lib/env';
import { departureErrors, formErrors } from '@/lib/forms/errors';
import { checkDeparture, lockedOpenSpots } from '@/lib/db/queries/availability';
import type { DatabaseTransaction } from '@/lib/db/database';
import { campaignWithAdIdentifiers, presentAdIdentifiers } from '@/lib/forms/fields';
import { isoDayOf } from '@/lib/iso-day';
import { bookingLimitErrors, bookingRequestSchema, guideQuestionSchema, helpMessageSchema, openGroupJoinSchema } from '@/lib/forms/schemas';
import { reject, validatedAction, type FieldRejection } from '@/lib/forms/validated-action';
import { bookingRequestEmails, guideQuestionEmails, helpMessageEmails, joinConfirmEmail, openGroupJoinEmails } from '@/lib/mail/templates';
import { kickOutbox } from '@/lib/mail/worker';
import { displayPrice, quoteOpenGroup, quoteTrip, type GroupQuote } from '@/lib/money/pricing';
import { getPricingContext } from '@/lib/server/pricing-context';
import { THIS_VISITOR } from '@/lib/server/page-audience';
import { getVisitorCountry } from '@/lib/server/visitor-country';
import { tripLinks } from '@/lib/booking/trip-links';
import { invalidateTripPages } from '@/lib/server/invalidate';
import { formatReference } from '@/lib/booking/reference';
import { accountPath } from '@/lib/routing/account-pages';
import { joinEmails } from '@/lib/server/join-holds';
import { clientKeyOf, mailboxOf } from '@/lib/server/rate-limit';
import { requestContext } from '@/lib/server/request-context';
import { getSignedInUser } from '@/lib/server/session';

const mailSettings = () => ({ supportEmail: env.SUPPORT_EMAIL });

/**
 * spec §4 booking flow: the "Travellers and email" drawer. Validated with the drawer's schema,
 * then against the trip's own limits, priced in the visitor's currency, stored once with its two e-mails.
 */
export const submitBookingRequest = validatedAction(bookingRequestSchema(), async (request) => {
  const today = isoDayOf(new Date());
  const trip = await getTripForRequest(request.tripId, today);
  if (!trip) return reject({ form: formErrors.checkData });

  const group = request.openGroupId === null ? null : (trip.openGroups.find((candidate) => candidate.id === request.openGroupId) ?? null);
  const rejected: Record<string, FieldRejection> = { ...bookingLimitErrors(request, { minDays: trip.minDays, maxDays: trip.durationDays, maxTravellers: trip.maxGroupSize }) };
  if (request.openGroupId !== null && !group) rejected.openGroupId = formErrors.openGroup;
  if (Object.keys(rejected).length > 0) return reject(rejected);
  const { start, end } = request.dates;

  // The page may be minutes old: the group's spots, or the dates' season, the guide's days and the
  // month's capacity, are decided again in the storing transaction, under a lock (decision 0260).
  const availableNow = async (tx: DatabaseTransaction): Promise<Record<string, FieldRejection> | null> => {
    if (group) {
      const spots = await lockedOpenSpots(tx, group.id, today);
      if (spots === null) return { openGroupId: formErrors.openGroup };
      return spots < request.travellers ? { travellers: [formErrors.spotsLeft, { count: spots }] } : null;
    }
    if (start === null || end === null) return null;
    const refusal = await checkDeparture(tx, { tripId: trip.id, startsOn: start, endsOn: end, today, lock: 'share', leadTime: true });
    if (refusal === 'too_soon') return { dates: [formErrors.datesInsideLeadTime, { days: trip.guide.leadDays }] };
    return refusal && { dates: departureErrors[refusal] };
  };

  const pricing = await getPricingContext(THIS_VISITOR);
  const conversion = pricing.conversion;
  const quote: GroupQuote | null = group
    ? quoteOpenGroup({ amountMinor: group.pricePerPersonMinor, currency: group.currency }, trip, request.travellers, conversion)
    : quoteTrip(trip, trip.priceEntries, request.travellers, request.days, conversion);
  // The guide reads the same request priced in the trip's own currency (theirs), not the visitor's.
  const guideConversion = { ...conversion, target: trip.currency };
  const guideQuote: GroupQuote | null = group
    ? quoteOpenGroup({ amountMinor: group.pricePerPersonMinor, currency: group.currency }, trip, request.travellers, guideConversion)
    : quoteTrip(trip, trip.priceEntries, request.travellers, request.days, guideConversion);
  const rates = conversion.rates.date ? { base: conversion.rates.base, date: conversion.rates.date, ...pickRates(conversion.rates.rates, [trip.currency, pricing.currency.code]) } : null;
  const links = tripLinks(trip.translations, env.SITE_URL);

  const stored = await storeBookingRequest(
    {
      idempotencyKey: request.idempotencyKey,
      locale: request.locale,
      tripId: trip.id,
      openGroupId: group?.id ?? null,
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      phone: request.phone,
      travellers: request.travellers,
      days: request.days,
      startsOn: request.dates.start,
      endsOn: request.dates.end,
      comment: request.comment,
      currency: quote?.total.currency ?? pricing.currency.code,
      totalMinor: quote?.total.amountMinor ?? null,
      depositMinor: quote?.deposit.amountMinor ?? null,
      remainderMinor: quote?.remainder.amountMinor ?? null,
      guideTotalMinor: guideQuote?.total.amountMinor ?? null,
      rates,
      geo: await getVisitorCountry(),
      campaignData: request.campaignData ?? null,
      adIdentifiers: presentAdIdentifiers(request.adIdentifiers),
    },
    (row) =>
      bookingRequestEmails(
        {
          requestId: row.id, reference: row.reference,
          locale: request.locale,
          traveller: { firstName: request.firstName, lastName: request.lastName, email: request.email, phone: request.phone },
          trip: links,
          guide: trip.guide,
          travellers: request.travellers,
          days: request.days,
          startsOn: request.dates.start,
          endsOn: request.dates.end,
          openGroup: group && { startsOn: group.startsOn, durationDays: group.durationDays },
          comment: request.comment,
          quote: quote && { perPerson: quote.perPerson.money, total: quote.total, deposit: quote.deposit, remainder: quote.remainder },
          guideQuote: guideQuote && { perPerson: guideQuote.perPerson.money, total: guideQuote.total, deposit: guideQuote.deposit, remainder: guideQuote.remainder },
          replyHours: trip.guide.responseHours,
        },
        mailSettings(),
      ),
    undefined,
    undefined,
    availableNow,
  );
  if ('refused' in stored) return reject(stored.refused);
  if (stored.created) kickOutbox();
  // The thank-you shows what was stored: its reference, the dates, travellers and the price of the request.
  return { ok: true, reference: formatReference(stored.reference), summary: { travellers: request.travellers, days: request.days, startsOn: request.dates.start, endsOn: request.dates.end, quote: quote && plainQuote(quote) } };
});

/** A quote as plain data for the client (a TripQuote carries more than the thank-you needs). */
function plainQuote(quote: GroupQuote): GroupQuote {
  const { travellers, perPerson, total, deposit, remainder, discount } = quote;
  return { travellers, perPerson: { money: perPerson.money }, total, deposit, remainder, discount };
}

function pickRates(rates: Record<string, string>, codes: string[]): Record<string, string> {
  return Object.fromEntries(codes.filter((code) => code in rates).map((code) => [code, rates[code]!]));
}

/**
 * spec §3 open-group join, whose seats belong to real people: an anonymous join holds its seats for
 * JOIN_HOLD_MINUTES until its address is confirmed through the e-mailed link; the signed-in
 * traveller's own address is confirmed at once; a second join of the same address answers the
 * first; a full group → the waitlist (lib/booking/join-holds.ts).
 */
export const joinOpenGroup = validatedAction(openGroupJoinSchema, async (join) => {
  const now = new Date();
  const group = await getOpenGroupForJoin(join.openGroupId, isoDayOf(now));
  if (!group) return reject({ form: formErrors.openGroup });
  const [pricing, user, request] = await Promise.all([getPricingContext(THIS_VISITOR), getSignedInUser(), requestContext()]);
  const pricePerPerson = displayPrice({ amountMinor: group.pricePerPersonMinor, currency: group.currency }, group.trip, pricing.conversion).money;
  const links = tripLinks(group.trip.translations, env.SITE_URL);
  const emailInput = (row: StoredJoin) => ({
    joinId: row.id, reference: row.reference,
    locale: join.locale,
    email: join.email,
    travellers: row.travellers,
    waitlist: row.status === 'waitlisted',
    trip: links,
    guide: group.trip.guide,
    group: { startsOn: group.startsOn, durationDays: group.durationDays, pricePerPerson },
  });
  const outcome = await storeOpenGroupJoin(
    {
      idempotencyKey: join.idempotencyKey,
      locale: join.locale,
      openGroupId: group.id,
      email: join.email,
      travellers: join.travellers,
      campaignData: campaignWithAdIdentifiers(join.campaignData, join.adIdentifiers),
      mailbox: mailboxOf(join.email),
      clientKey: clientKeyOf(request.ip),
      confirmed: user !== null && normalizeEmail(user.email) === normalizeEmail(join.email),
    },
    { now, holdMinutes: env.JOIN_HOLD_MINUTES, clientSeatLimit: env.JOIN_HOLD_SEATS_PER_CLIENT, linkNextPath: accountPath('bookings', join.locale) },
    {
      ...joinEmails(),
      stored: (row, token) =>
        token && row.holdUntil
          ? [joinConfirmEmail({ ...emailInput(row), url: `${env.SITE_URL}${accountPath('sign-in', join.locale)}&token=${token}`, holdUntil: row.holdUntil, minutes: env.JOIN_HOLD_MINUTES }, mailSettings())]
          : openGroupJoinEmails(emailInput(row), mailSettings()),
    },
  );
  // The group's open spots changed (seats taken, or lapsed holds released first): its cached pages expire.
  if (outcome.spotsChanged) invalidateTripPages(group.trip.id);
  if (!outcome.ok) {
    if (outcome.reason === 'spotsLeft') return reject({ travellers: [formErrors.spotsLeft, { count: outcome.openSpots }] });
    if (outcome.reason === 'addressLimit') return reject({ form: [formErrors.joinAddressLimit, { count: outcome.heldSeats }] });
    if (outcome.reason === 'clientLimit') return reject({ form: formErrors.joinClientLimit });
    return reject({ form: formErrors.openGroup });
  }
  if (outcome.created || outcome.spotsChanged) kickOutbox();
  return {
    ok: true,
    reference: formatReference(outcome.reference),
    status: outcome.status,
    holdUntil: outcome.holdUntil?.toISOString() ?? null,
    holdMinutes: env.JOIN_HOLD_MINUTES,
    travellers: outcome.travellers,
    existing: outcome.existing,
  };
});

/** spec §4 more-information form: a question to the guide, with the 6–24 h reply window stated. */
export const askGuide = validatedAction(guideQuestionSchema, async (question) => {
  const guide = await getGuideForQuestion(question.guideId);
  if (!guide) return reject({ form: formErrors.checkData });
  const asked = question.tripId === null ? null : await getTripForRequest(question.tripId, isoDayOf(new Date()));
  // A question is about a trip only when the trip is the guide's own.
  const trip = asked && asked.guideId === guide.id ? asked : null;
  const stored = await storeGuideQuestion(
    {
      idempotencyKey: question.idempotencyKey,
      locale: question.locale,
      guideId: guide.id,
      tripId: trip?.id ?? null,
      firstName: question.firstName,
      lastName: question.lastName,
      email: question.email,
      phone: question.phone,
      questions: question.questions,
      campaignData: campaignWithAdIdentifiers(question.campaignData, question.adIdentifiers),
    },
    (row) =>
      guideQuestionEmails(
        {
          questionId: row.id, reference: row.reference,
          locale: question.locale,
          traveller: { firstName: question.firstName, lastName: question.lastName, email: question.email, phone: question.phone },
          trip: trip && tripLinks(trip.translations, env.SITE_URL),
          guide,
          questions: question.questions,
          replyHours: guide.responseHours,
        },
        mailSettings(),
      ),
  );
  if (stored.created) kickOutbox();
  return { ok: true, reference: formatReference(stored.reference) };
});

/** spec §3 need-help form: to the support team. */
export const sendHelpMessage = validatedAction(helpMessageSchema, async (message) => {
  const pageUrl = message.pageUrl && message.pageUrl.startsWith('/') ? message.pageUrl : null;
  const stored = await storeHelpMessage(
    { idempotencyKey: message.idempotencyKey, locale: message.locale, name: message.name, email: message.email, phone: message.phone, message: message.message, pageUrl },
    (row) => helpMessageEmails({ messageId: row.id, reference: row.reference, locale: message.locale, name: message.name, email: message.email, phone: message.phone, message: message.message, pageUrl: pageUrl && `${env.SITE_URL}${pageUrl}` }, mailSettings()),
  );
  if (stored.created) kickOutbox();
  return { ok: true, reference: formatReference(stored.reference) };
});
