import { differenceInCalendarDays } from 'date-fns';
import { isoDayToDate } from '../iso-day';
import type { Money } from '../money/currency';
import { lastDayOf, type RequestDates } from './request-dates';

/** What a booking request holds about its dates and price: what was asked (with its quote), and the price the traveller accepted. */
export type TermsSource = RequestDates & {
  /** The quote the traveller saw when sending, in `currency` (null when the trip had no price for the group). */
  totalMinor: number | null;
  currency: string;
  /** How many days were asked for. */
  days: number;
  /** The proposal's price as the traveller accepted it (null until then). */
  accepted: Money | null;
};

/** A booking's dates, length in days and price for the whole group. */
export type Terms = { startsOn: string | null; endsOn: string | null; days: number; total: Money | null };

/** The terms a booking stands on, whether the guide's proposal was accepted, and what was asked (the history). */
export type BookingTerms = Terms & { agreed: boolean; asked: Terms };

/**
 * spec §4 booking flow: from the accepted proposal on, its dates and price are the booking's terms
 * (cards, e-mails, guide area, payments); before that the asked-for ones (an open group's days).
 * Every screen and e-mail reads a booking's dates and price through this one function.
 */
export function bookingTerms(request: TermsSource): BookingTerms {
  const startsOn = request.startsOn ?? request.openGroupStartsOn;
  const asked: Terms = {
    startsOn,
    endsOn: startsOn ? lastDayOf({ ...request, proposal: null }) : null,
    days: request.days,
    total: request.totalMinor !== null ? { amountMinor: request.totalMinor, currency: request.currency } : null,
  };
  const { proposal, accepted } = request;
  if (accepted && proposal) {
    const days = differenceInCalendarDays(isoDayToDate(proposal.endsOn), isoDayToDate(proposal.startsOn)) + 1;
    return { startsOn: proposal.startsOn, endsOn: proposal.endsOn, days, total: accepted, agreed: true, asked };
  }
  return { ...asked, agreed: false, asked };
}

/** Whether the agreed terms differ from what was asked (the history then says what was asked). */
export function termsChanged(terms: BookingTerms): boolean {
  const { asked } = terms;
  return terms.agreed && (asked.startsOn !== terms.startsOn || asked.endsOn !== terms.endsOn || asked.total?.amountMinor !== terms.total?.amountMinor || asked.total?.currency !== terms.total?.currency);
}
