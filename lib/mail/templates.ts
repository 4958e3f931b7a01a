import { createTranslator } from 'use-intl/core';
import { departureEnd } from '../booking/availability';
import { formatReference } from '../booking/reference';
import { isoDayToDate } from '../iso-day';
import type { Locale } from '../locales';
import type { Money } from '../money/currency';
import { formatMoney } from '../money/format';
import { splitDeposit, times } from '../money/pricing';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import fr from '../../messages/fr.json';
import { renderLetter, safeHttpUrl, type Block } from './render';
import { guideInstructions, paymentStory, type Payee, type PaymentPlan, type PaymentTranslate } from '../payments/plan';

/** One e-mail ready for the outbox, written in its recipient's language. */
export type OutboxEmailInput = {
  /** One e-mail per purpose and submission (`booking:12:guide`): storing it again stores nothing. */
  dedupeKey: string;
  kind: string;
  recipient: string;
  locale: Locale;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | null;
  unsubscribeUrl?: string | null;
};

export type MailSettings = { supportEmail: string };
export type TripLinks = { titles: Record<Locale, string>; urls: Record<Locale, string> };
export type GuideContact = { name: string; email: string | null; emailLocale: Locale };

// The same createTranslator next-intl re-exports, from its framework-free core (conventions §7).
const emailMessages = { en: en.Emails, fr: fr.Emails, es: es.Emails } satisfies Record<Locale, typeof en.Emails>;
const translator = (locale: Locale) => createTranslator({ locale, messages: { Emails: emailMessages[locale] }, namespace: 'Emails' });
type Translate = ReturnType<typeof translator>;
// The payment story is the pages' own (messages' `Payment`), told the same way in e-mails.
const paymentMessages = { en: en.Payment, fr: fr.Payment, es: es.Payment } satisfies Record<Locale, typeof en.Payment>;
const paymentTranslator = (locale: Locale): PaymentTranslate => {
  const t = createTranslator({ locale, messages: { Payment: paymentMessages[locale] }, namespace: 'Payment' });
  return (key, values) => t(key, values);
};

/** Support reads English (need-help messages, guide mail when the guide has no address). */
const SUPPORT_LOCALE: Locale = 'en';

const dayFormat = (locale: Locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
const formatDay = (isoDay: string, locale: Locale) => dayFormat(locale).format(isoDayToDate(isoDay));

function formatDays(startsOn: string, endsOn: string, locale: Locale): string {
  if (startsOn === endsOn) return formatDay(startsOn, locale);
  return dayFormat(locale).formatRange(isoDayToDate(startsOn), isoDayToDate(endsOn));
}

const languageName = (of: Locale, locale: Locale) => new Intl.DisplayNames([locale], { type: 'language' }).of(of) ?? of;

/** Where guide mail goes: the guide's address in their language, else support in English with a note first. */
function guideDelivery(guide: GuideContact, settings: MailSettings) {
  if (guide.email) {
    const t = translator(guide.emailLocale);
    return { recipient: guide.email, locale: guide.emailLocale, t, greeting: t('common.greeting', { name: guide.name }), note: [] as Block[] };
  }
  const t = translator(SUPPORT_LOCALE);
  const note: Block[] = [{ type: 'note', text: t('common.noGuideEmail', { guide: guide.name }) }];
  return { recipient: settings.supportEmail, locale: SUPPORT_LOCALE, t, greeting: t('common.greetingAnonymous'), note };
}

type Draft = { t: Translate; locale: Locale; subject: string; greeting: string; blocks: Block[]; settings: MailSettings };

/** Wraps the blocks with greeting, support address (not in mail to support), signature and footer; renders both parts. */
function compose(draft: Draft, email: Pick<OutboxEmailInput, 'dedupeKey' | 'kind' | 'recipient' | 'replyTo'>): OutboxEmailInput {
  const { t, locale, settings } = draft;
  const toSupport = email.recipient === settings.supportEmail;
  const blocks: Block[] = [
    { type: 'paragraph', text: draft.greeting },
    ...draft.blocks,
    ...(toSupport ? [] : [{ type: 'paragraph', text: t('common.help', { email: settings.supportEmail }) } as const]),
    { type: 'paragraph', text: t('common.signature') },
  ];
  const rendered = renderLetter({ locale, subject: draft.subject, blocks, footer: [t('common.footer')] });
  return { ...email, locale, ...rendered, replyTo: email.replyTo ?? null, unsubscribeUrl: null };
}

function tripButton(t: Translate, trip: TripLinks, locale: Locale): Block[] {
  const url = safeHttpUrl(trip.urls[locale]);
  return url ? [{ type: 'button', label: t('common.viewTrip'), url }] : [];
}

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

export type BookingRequestEmailInput = {
  requestId: number;
  /** The opaque reference the traveller and support read (lib/booking/reference.ts). */
  reference: string;
  locale: Locale;
  traveller: { firstName: string; lastName: string; email: string; phone: string };
  trip: TripLinks;
  guide: GuideContact;
  travellers: number;
  days: number;
  startsOn: string | null;
  endsOn: string | null;
  openGroup: { startsOn: string; durationDays: number } | null;
  comment: string;
  quote: RequestQuote | null;
  /** The same quote in the trip's own currency, the guide's (their e-mail states it). */
  guideQuote: RequestQuote | null;
  /** The guide's usual response time (spec: guides answer in 6 to 24 hours). */
  replyHours: number;
};

type RequestQuote = { perPerson: Money; total: Money; deposit: Money; remainder: Money };

/** The request's dates, travellers, days and open group, as rows in `locale`. */
function bookingRows(t: Translate, locale: Locale, input: BookingRequestEmailInput): Array<readonly [string, string]> {
  const group = input.openGroup;
  const dates =
    input.startsOn && input.endsOn
      ? formatDays(input.startsOn, input.endsOn, locale)
      : input.startsOn
        ? formatDay(input.startsOn, locale)
        : group
          ? formatDays(group.startsOn, departureEnd(group.startsOn, group.durationDays), locale)
          : t('common.flexibleDates');
  return [
    [t('common.trip'), input.trip.titles[locale]],
    [t('common.dates'), dates],
    ...(group ? [[t('common.openGroup'), t('common.openGroupDeparture', { date: formatDay(group.startsOn, locale), count: group.durationDays })] as const] : []),
    [t('common.travellers'), t('common.travellerCount', { count: input.travellers })],
    [t('common.duration'), t('common.dayCount', { count: input.days })],
  ];
}

function quoteRows(t: Translate, locale: Locale, input: BookingRequestEmailInput, quote: RequestQuote | null): Array<readonly [string, string]> {
  if (!quote) return [];
  const { perPerson, total, deposit, remainder } = quote;
  return [
    [t('common.perPerson'), formatMoney(perPerson, locale)],
    [t('common.total', { count: input.travellers }), formatMoney(total, locale)],
    [paymentTranslator(locale)('deposit'), formatMoney(deposit, locale)],
    [paymentTranslator(locale)('remainder'), formatMoney(remainder, locale)],
  ];
}

/**
 * spec §3 booking request form: the traveller's confirmation (their locale: the request restated,
 * spec §9 deposit 30 % / remainder 70 % without interest, free cancellation 48 h, the guide's
 * response time) and the guide's notification (guide's locale, or support's when the guide has no
 * address), which answers straight to the traveller.
 */
export function bookingRequestEmails(input: BookingRequestEmailInput, settings: MailSettings): [OutboxEmailInput, OutboxEmailInput] {
  const name = fullName(input.traveller);
  const key = `booking:${input.requestId}`;
  const travellerT = translator(input.locale);
  const tripTitle = input.trip.titles[input.locale];
  const priceBlocks: Block[] = input.quote
    ? [
        { type: 'facts', title: travellerT('common.price'), rows: quoteRows(travellerT, input.locale, input, input.quote) },
        { type: 'paragraph', text: paymentTranslator(input.locale)('short') },
        { type: 'paragraph', text: travellerT('common.cancellation') },
      ]
    : [{ type: 'paragraph', text: travellerT('booking.noQuote', { guide: input.guide.name }) }];
  const toTraveller = compose(
    {
      t: travellerT,
      locale: input.locale,
      settings,
      subject: travellerT('booking.travellerSubject', { trip: tripTitle }),
      greeting: travellerT('common.greeting', { name: input.traveller.firstName }),
      blocks: [
        { type: 'paragraph', text: travellerT('booking.travellerIntro', { trip: tripTitle, guide: input.guide.name }) },
        { type: 'paragraph', text: travellerT('common.replyTime', { guide: input.guide.name, hours: input.replyHours }) },
        { type: 'facts', title: travellerT('booking.summary'), rows: [...bookingRows(travellerT, input.locale, input), [travellerT('common.reference'), formatReference(input.reference)]] },
        ...(input.comment.trim() ? [{ type: 'quote', label: travellerT('booking.yourMessage'), text: input.comment } as const] : []),
        ...priceBlocks,
        ...tripButton(travellerT, input.trip, input.locale),
      ],
    },
    { dedupeKey: `${key}:traveller`, kind: 'booking-traveller', recipient: input.traveller.email },
  );

  const delivery = guideDelivery(input.guide, settings);
  const { t } = delivery;
  const guideTrip = input.trip.titles[delivery.locale];
  const toGuide = compose(
    {
      t,
      locale: delivery.locale,
      settings,
      subject: t('booking.guideSubject', { name, trip: guideTrip }),
      greeting: delivery.greeting,
      blocks: [
        ...delivery.note,
        { type: 'paragraph', text: t('booking.guideIntro', { name, trip: guideTrip }) },
        {
          type: 'facts',
          title: t('booking.traveller'),
          rows: [
            [t('common.name'), name],
            [t('common.email'), input.traveller.email],
            [t('common.phone'), input.traveller.phone || t('common.notGiven')],
            [t('common.language'), languageName(input.locale, delivery.locale)],
          ],
        },
        { type: 'facts', title: t('booking.request'), rows: [...bookingRows(t, delivery.locale, input), ...quoteRows(t, delivery.locale, input, input.guideQuote ?? input.quote), [t('common.reference'), formatReference(input.reference)]] },
        ...(input.comment.trim() ? [{ type: 'quote', label: t('booking.message'), text: input.comment } as const] : []),
        { type: 'paragraph', text: t('booking.guideReplyTime', { hours: input.replyHours }) },
        { type: 'paragraph', text: t('common.replyToTraveller', { name }) },
        ...tripButton(t, input.trip, delivery.locale),
      ],
    },
    { dedupeKey: `${key}:guide`, kind: 'booking-guide', recipient: delivery.recipient, replyTo: input.traveller.email },
  );
  return [toTraveller, toGuide];
}

export type OpenGroupJoinEmailInput = {
  joinId: number;
  /** The opaque reference the traveller and support read (lib/booking/reference.ts). */
  reference: string;
  locale: Locale;
  email: string;
  travellers: number;
  /** The group was full: the traveller is on its waiting list. */
  waitlist: boolean;
  /** Seats that came from the waiting list once places opened up. */
  promoted?: boolean;
  trip: TripLinks;
  guide: GuideContact;
  group: { startsOn: string; durationDays: number; pricePerPerson: Money };
};

/** A deadline as people read it anywhere: day, time and the zone it is in (UTC: the reader's own zone is not known). */
const formatDeadline = (moment: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(moment);

function joinStatusText(t: Translate, locale: Locale, input: OpenGroupJoinEmailInput & { holdUntil?: Date }): string {
  if (input.waitlist) return t('join.statusWaitlist');
  return input.holdUntil ? t('join.statusHeld', { deadline: formatDeadline(input.holdUntil, locale) }) : t('join.statusJoined');
}

function joinRows(t: Translate, locale: Locale, input: OpenGroupJoinEmailInput & { holdUntil?: Date }): Array<readonly [string, string]> {
  const { group } = input;
  const total = times(group.pricePerPerson, input.travellers);
  const { deposit, remainder } = splitDeposit(total);
  return [
    [t('common.trip'), input.trip.titles[locale]],
    [t('join.status'), joinStatusText(t, locale, input)],
    [t('common.dates'), formatDays(group.startsOn, departureEnd(group.startsOn, group.durationDays), locale)],
    [t('common.duration'), t('common.dayCount', { count: group.durationDays })],
    [t('common.travellers'), t('common.travellerCount', { count: input.travellers })],
    [t('common.perPerson'), formatMoney(group.pricePerPerson, locale)],
    [t('common.total', { count: input.travellers }), formatMoney(total, locale)],
    [paymentTranslator(locale)('deposit'), formatMoney(deposit, locale)],
    [paymentTranslator(locale)('remainder'), formatMoney(remainder, locale)],
    [t('common.reference'), formatReference(input.reference)],
  ];
}

/**
 * spec §3 open-group join (email, number of travellers): "you joined" or "you are on the waiting
 * list" to the traveller in their locale, and the guide's notification, which answers to the traveller.
 */
export function openGroupJoinEmails(input: OpenGroupJoinEmailInput, settings: MailSettings): [OutboxEmailInput, OutboxEmailInput] {
  // A promotion is news of its own: its e-mails are not the ones the join's confirmation sent.
  const key = input.promoted ? `join:${input.joinId}:promoted` : `join:${input.joinId}`;
  const travellerT = translator(input.locale);
  const values = (locale: Locale) => ({ trip: input.trip.titles[locale], date: formatDay(input.group.startsOn, locale), guide: input.guide.name, email: input.email });
  const mine = values(input.locale);
  const toTraveller = compose(
    {
      t: travellerT,
      locale: input.locale,
      settings,
      subject: input.waitlist ? travellerT('join.waitlistSubject', mine) : input.promoted ? travellerT('join.promotedSubject', mine) : travellerT('join.joinedSubject', mine),
      greeting: travellerT('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: input.waitlist ? travellerT('join.waitlistIntro', mine) : input.promoted ? travellerT('join.promotedIntro', mine) : travellerT('join.joinedIntro', mine) },
        { type: 'facts', title: travellerT('join.summary'), rows: joinRows(travellerT, input.locale, input) },
        ...(input.waitlist ? [] : [{ type: 'paragraph', text: travellerT('common.cancellation') } as const]),
        ...tripButton(travellerT, input.trip, input.locale),
      ],
    },
    { dedupeKey: `${key}:traveller`, kind: 'join-traveller', recipient: input.email },
  );

  const delivery = guideDelivery(input.guide, settings);
  const { t } = delivery;
  const theirs = values(delivery.locale);
  const toGuide = compose(
    {
      t,
      locale: delivery.locale,
      settings,
      subject: input.waitlist ? t('join.guideWaitlistSubject', theirs) : t('join.guideJoinedSubject', theirs),
      greeting: delivery.greeting,
      blocks: [
        ...delivery.note,
        { type: 'paragraph', text: input.waitlist ? t('join.guideWaitlistIntro', theirs) : t('join.guideJoinedIntro', theirs) },
        { type: 'facts', rows: [[t('common.email'), input.email], [t('common.language'), languageName(input.locale, delivery.locale)], ...joinRows(t, delivery.locale, input)] },
        { type: 'paragraph', text: t('common.replyToTraveller', { name: input.email }) },
        ...tripButton(t, input.trip, delivery.locale),
      ],
    },
    { dedupeKey: `${key}:guide`, kind: 'join-guide', recipient: delivery.recipient, replyTo: input.email },
  );
  return [toTraveller, toGuide];
}

export type JoinConfirmEmailInput = OpenGroupJoinEmailInput & {
  /** The one-time link that confirms the address (and signs in). */
  url: string;
  /** When the unconfirmed seats (or waitlist place) are released, and the hold's length. */
  holdUntil: Date;
  minutes: number;
};

/**
 * An anonymous join's first e-mail, in the traveller's language: its seats (or waitlist place) are
 * kept until the stated deadline only if the address is confirmed through the link. The guide hears
 * of the join once it is confirmed (openGroupJoinEmails).
 */
export function joinConfirmEmail(input: JoinConfirmEmailInput, settings: MailSettings): OutboxEmailInput {
  const t = translator(input.locale);
  const url = safeHttpUrl(input.url);
  const values = { trip: input.trip.titles[input.locale], date: formatDay(input.group.startsOn, input.locale), deadline: formatDeadline(input.holdUntil, input.locale), minutes: input.minutes, count: input.travellers };
  return compose(
    {
      t,
      locale: input.locale,
      settings,
      subject: input.waitlist ? t('join.confirmWaitlistSubject', values) : t('join.confirmSubject', values),
      greeting: t('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: input.waitlist ? t('join.confirmWaitlistIntro', values) : t('join.confirmIntro', values) },
        ...(url ? [{ type: 'button', label: t('join.confirmButton'), url } as const, { type: 'paragraph', text: url } as const] : []),
        { type: 'paragraph', text: t('join.confirmNote') },
        { type: 'facts', title: t('join.summary'), rows: joinRows(t, input.locale, input) },
        { type: 'paragraph', text: t('join.confirmIgnore') },
        ...tripButton(t, input.trip, input.locale),
      ],
    },
    { dedupeKey: `join:${input.joinId}:confirm`, kind: 'join-confirm', recipient: input.email },
  );
}

export type GuideQuestionEmailInput = {
  questionId: number;
  /** The opaque reference the traveller and support read (lib/booking/reference.ts). */
  reference: string;
  locale: Locale;
  traveller: { firstName: string; lastName: string; email: string; phone: string | null };
  trip: TripLinks | null;
  guide: GuideContact;
  questions: string;
  replyHours: number;
};

/**
 * spec §3 more-info form: the traveller's copy of their question (their locale, with the guide's
 * response time) and the question to the guide (their locale, or support's), answering to the traveller.
 */
export function guideQuestionEmails(input: GuideQuestionEmailInput, settings: MailSettings): [OutboxEmailInput, OutboxEmailInput] {
  const name = fullName(input.traveller);
  const key = `question:${input.questionId}`;
  const travellerT = translator(input.locale);
  const tripRow = (t: Translate, locale: Locale) => (input.trip ? [[t('common.trip'), input.trip.titles[locale]] as const] : []);
  const toTraveller = compose(
    {
      t: travellerT,
      locale: input.locale,
      settings,
      subject: travellerT('question.travellerSubject', { guide: input.guide.name }),
      greeting: travellerT('common.greeting', { name: input.traveller.firstName }),
      blocks: [
        {
          type: 'paragraph',
          text: input.trip
            ? travellerT('question.travellerIntroTrip', { trip: input.trip.titles[input.locale], guide: input.guide.name })
            : travellerT('question.travellerIntro', { guide: input.guide.name }),
        },
        { type: 'paragraph', text: travellerT('common.replyTime', { guide: input.guide.name, hours: input.replyHours }) },
        { type: 'quote', label: travellerT('question.yourQuestions'), text: input.questions },
        { type: 'facts', rows: [...tripRow(travellerT, input.locale), [travellerT('common.reference'), formatReference(input.reference)]] },
        ...(input.trip ? tripButton(travellerT, input.trip, input.locale) : []),
      ],
    },
    { dedupeKey: `${key}:traveller`, kind: 'question-traveller', recipient: input.traveller.email },
  );

  const delivery = guideDelivery(input.guide, settings);
  const { t } = delivery;
  const trip = input.trip?.titles[delivery.locale];
  const toGuide = compose(
    {
      t,
      locale: delivery.locale,
      settings,
      subject: trip ? t('question.guideSubject', { name, trip }) : t('question.guideSubjectNoTrip', { name }),
      greeting: delivery.greeting,
      blocks: [
        ...delivery.note,
        { type: 'paragraph', text: trip ? t('question.guideIntroTrip', { name, trip }) : t('question.guideIntro', { name }) },
        { type: 'quote', label: t('question.questions'), text: input.questions },
        {
          type: 'facts',
          rows: [
            [t('common.name'), name],
            [t('common.email'), input.traveller.email],
            [t('common.phone'), input.traveller.phone || t('common.notGiven')],
            [t('common.language'), languageName(input.locale, delivery.locale)],
            ...tripRow(t, delivery.locale),
            [t('common.reference'), formatReference(input.reference)],
          ],
        },
        { type: 'paragraph', text: t('common.replyToTraveller', { name }) },
        ...(input.trip ? tripButton(t, input.trip, delivery.locale) : []),
      ],
    },
    { dedupeKey: `${key}:guide`, kind: 'question-guide', recipient: delivery.recipient, replyTo: input.traveller.email },
  );
  return [toTraveller, toGuide];
}

export type HelpMessageEmailInput = {
  messageId: number;
  /** The opaque reference the traveller and support read (lib/booking/reference.ts). */
  reference: string;
  locale: Locale;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  pageUrl: string | null;
};

/**
 * spec §3 need-help form (phone, name, email, message): an acknowledgement to the traveller in
 * their locale, and the message to support in English, answering to the traveller.
 */
export function helpMessageEmails(input: HelpMessageEmailInput, settings: MailSettings): [OutboxEmailInput, OutboxEmailInput] {
  const key = `help:${input.messageId}`;
  const travellerT = translator(input.locale);
  const toTraveller = compose(
    {
      t: travellerT,
      locale: input.locale,
      settings,
      subject: travellerT('help.travellerSubject'),
      greeting: travellerT('common.greeting', { name: input.name }),
      blocks: [
        { type: 'paragraph', text: travellerT('help.travellerIntro') },
        { type: 'quote', label: travellerT('help.yourMessage'), text: input.message },
        { type: 'facts', rows: [[travellerT('common.reference'), formatReference(input.reference)]] },
      ],
    },
    { dedupeKey: `${key}:traveller`, kind: 'help-traveller', recipient: input.email },
  );

  const t = translator(SUPPORT_LOCALE);
  const toSupport = compose(
    {
      t,
      locale: SUPPORT_LOCALE,
      settings,
      subject: t('help.supportSubject', { name: input.name }),
      greeting: t('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: t('help.supportIntro', { name: input.name }) },
        { type: 'quote', label: t('help.message'), text: input.message },
        {
          type: 'facts',
          rows: [
            [t('common.name'), input.name],
            [t('common.email'), input.email],
            [t('common.phone'), input.phone || t('common.notGiven')],
            [t('common.language'), languageName(input.locale, SUPPORT_LOCALE)],
            [t('help.page'), input.pageUrl || t('common.notGiven')],
            [t('common.reference'), formatReference(input.reference)],
          ],
        },
        { type: 'paragraph', text: t('common.replyToTraveller', { name: input.name }) },
      ],
    },
    { dedupeKey: `${key}:support`, kind: 'help-support', recipient: settings.supportEmail, replyTo: input.email },
  );
  return [toTraveller, toSupport];
}

/** Activity labels in each language (messages Catalogue.activity), for the concierge e-mails. */
const activityLabels = { en: en.Catalogue.activity, fr: fr.Catalogue.activity, es: es.Catalogue.activity } satisfies Record<Locale, typeof en.Catalogue.activity>;
const countryName = (code: string, locale: Locale) => new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
const monthName = (month: string, locale: Locale) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(isoDayToDate(`${month}-15`));

/** The sender's name, e-mail, phone and language, as support reads them. */
function senderRows(t: Translate, sender: { name: string; email: string; phone: string | null; locale: Locale }): Array<readonly [string, string]> {
  return [
    [t('common.name'), sender.name],
    [t('common.email'), sender.email],
    [t('common.phone'), sender.phone || t('common.notGiven')],
    [t('common.language'), languageName(sender.locale, SUPPORT_LOCALE)],
  ];
}

export type ContactAudienceKey = keyof typeof en.Emails.contact.audiences;

export type ContactMessageEmailInput = {
  messageId: number;
  /** The opaque reference the traveller and support read (lib/booking/reference.ts). */
  reference: string;
  locale: Locale;
  audience: ContactAudienceKey;
  name: string;
  email: string;
  phone: string | null;
  message: string;
};

/**
 * spec §3 contact form on the need-help page (audience, name, email, phone, message): an
 * acknowledgement to the sender in their language, and the message to support in English with
 * who is writing (spec §3 audience), answering to the sender.
 */
export function contactMessageEmails(input: ContactMessageEmailInput, settings: MailSettings): [OutboxEmailInput, OutboxEmailInput] {
  const key = `contact:${input.messageId}`;
  const senderT = translator(input.locale);
  const joining = input.audience === 'guide_new' || input.audience === 'agency_new';
  const toSender = compose(
    {
      t: senderT,
      locale: input.locale,
      settings,
      subject: senderT('contact.senderSubject'),
      greeting: senderT('common.greeting', { name: input.name }),
      blocks: [
        { type: 'paragraph', text: joining ? senderT('contact.senderIntroJoin') : senderT('contact.senderIntro') },
        { type: 'quote', label: senderT('contact.yourMessage'), text: input.message },
        {
          type: 'facts',
          rows: [
            [senderT('contact.audience'), senderT(`contact.audiences.${input.audience}`)],
            [senderT('common.reference'), formatReference(input.reference)],
          ],
        },
      ],
    },
    { dedupeKey: `${key}:sender`, kind: 'contact-sender', recipient: input.email },
  );

  const t = translator(SUPPORT_LOCALE);
  const audience = t(`contact.audiences.${input.audience}`);
  const toSupport = compose(
    {
      t,
      locale: SUPPORT_LOCALE,
      settings,
      subject: t('contact.supportSubject', { audience, name: input.name }),
      greeting: t('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: t('contact.supportIntro', { name: input.name }) },
        { type: 'quote', label: t('contact.message'), text: input.message },
        { type: 'facts', rows: [[t('contact.audience'), audience], ...senderRows(t, input), [t('common.reference'), formatReference(input.reference)]] },
        { type: 'paragraph', text: t('common.replyToTraveller', { name: input.name }) },
      ],
    },
    { dedupeKey: `${key}:support`, kind: 'contact-support', recipient: settings.supportEmail, replyTo: input.email },
  );
  return [toSender, toSupport];
}

export type GiftCardRequestEmailInput = {
  requestId: number;
  /** The opaque reference the traveller and support read (lib/booking/reference.ts). */
  reference: string;
  locale: Locale;
  name: string;
  email: string;
  phone: string | null;
  amount: Money;
  recipientName: string | null;
  recipientEmail: string | null;
  message: string | null;
  /** The buyer's country (spec §3 geo), when known. */
  geo: string | null;
  validityMonths: number;
};

/**
 * A gift card request: the buyer's acknowledgement in their language (payment details within
 * 24 h, then the card by e-mail) and support's notification in English, answering to the buyer.
 */
export function giftCardRequestEmails(input: GiftCardRequestEmailInput, settings: MailSettings): [OutboxEmailInput, OutboxEmailInput] {
  const key = `gift-card:${input.requestId}`;
  const buyerT = translator(input.locale);
  const amount = formatMoney(input.amount, input.locale);
  const recipientText = (t: Translate) => [input.recipientName, input.recipientEmail && `<${input.recipientEmail}>`].filter(Boolean).join(' ') || t('giftCard.recipientSelf');
  const recipient = input.recipientName ?? input.recipientEmail;
  const toBuyer = compose(
    {
      t: buyerT,
      locale: input.locale,
      settings,
      subject: buyerT('giftCard.buyerSubject', { amount }),
      greeting: buyerT('common.greeting', { name: input.name }),
      blocks: [
        { type: 'paragraph', text: buyerT('giftCard.buyerIntro', { amount }) },
        { type: 'paragraph', text: recipient ? buyerT('giftCard.buyerNextRecipient', { recipient }) : buyerT('giftCard.buyerNextSelf') },
        {
          type: 'facts',
          title: buyerT('giftCard.summary'),
          rows: [
            [buyerT('giftCard.amount'), amount],
            [buyerT('giftCard.recipient'), recipientText(buyerT)],
            [buyerT('common.reference'), formatReference(input.reference)],
          ],
        },
        ...(input.message ? [{ type: 'quote', label: buyerT('giftCard.cardMessage'), text: input.message } as const] : []),
        { type: 'paragraph', text: buyerT('giftCard.validity', { months: input.validityMonths }) },
      ],
    },
    { dedupeKey: `${key}:buyer`, kind: 'gift-card-buyer', recipient: input.email },
  );

  const t = translator(SUPPORT_LOCALE);
  const supportAmount = formatMoney(input.amount, SUPPORT_LOCALE);
  const toSupport = compose(
    {
      t,
      locale: SUPPORT_LOCALE,
      settings,
      subject: t('giftCard.supportSubject', { amount: supportAmount, name: input.name }),
      greeting: t('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: t('giftCard.supportIntro', { name: input.name, amount: supportAmount }) },
        {
          type: 'facts',
          title: t('giftCard.buyer'),
          rows: [...senderRows(t, input), [t('giftCard.country'), input.geo ? countryName(input.geo, SUPPORT_LOCALE) : t('common.notGiven')]],
        },
        {
          type: 'facts',
          title: t('booking.request'),
          rows: [
            [t('giftCard.amount'), `${supportAmount} (${input.amount.currency})`],
            [t('giftCard.recipient'), input.recipientName || t('common.notGiven')],
            [t('giftCard.recipientEmail'), input.recipientEmail || t('common.notGiven')],
            [t('common.reference'), formatReference(input.reference)],
          ],
        },
        ...(input.message ? [{ type: 'quote', label: t('giftCard.cardMessage'), text: input.message } as const] : []),
        { type: 'paragraph', text: t('common.replyToTraveller', { name: input.name }) },
      ],
    },
    { dedupeKey: `${key}:support`, kind: 'gift-card-support', recipient: settings.supportEmail, replyTo: input.email },
  );
  return [toBuyer, toSupport];
}

export type ConciergeRequestEmailInput = {
  requestId: number;
  /** The opaque reference the traveller and support read (lib/booking/reference.ts). */
  reference: string;
  locale: Locale;
  name: string;
  email: string;
  phone: string | null;
  activity: keyof typeof en.Catalogue.activity | null;
  destination: string;
  /** `YYYY-MM`, or null when flexible. */
  month: string | null;
  travellers: number;
  budget: string | null;
  message: string;
  geo: string | null;
};

/** The request's activity, destination, month, travellers and budget, as rows in `locale`. */
function conciergeRows(t: Translate, locale: Locale, input: ConciergeRequestEmailInput): Array<readonly [string, string]> {
  return [
    [t('concierge.destination'), input.destination],
    [t('concierge.activity'), input.activity ? activityLabels[locale][input.activity] : t('concierge.anyActivity')],
    [t('concierge.month'), input.month ? monthName(input.month, locale) : t('concierge.flexibleMonth')],
    [t('common.travellers'), t('common.travellerCount', { count: input.travellers })],
    [t('concierge.budget'), input.budget || t('common.notGiven')],
    [t('common.reference'), formatReference(input.reference)],
  ];
}

/**
 * A concierge request (a tailor-made trip): the requester's acknowledgement in their language
 * (a specialist answers within 48 hours) and support's notification in English, answering to the requester.
 */
export function conciergeRequestEmails(input: ConciergeRequestEmailInput, settings: MailSettings): [OutboxEmailInput, OutboxEmailInput] {
  const key = `concierge:${input.requestId}`;
  const requesterT = translator(input.locale);
  const toRequester = compose(
    {
      t: requesterT,
      locale: input.locale,
      settings,
      subject: requesterT('concierge.requesterSubject', { destination: input.destination }),
      greeting: requesterT('common.greeting', { name: input.name }),
      blocks: [
        { type: 'paragraph', text: requesterT('concierge.requesterIntro') },
        { type: 'paragraph', text: requesterT('concierge.requesterNext') },
        { type: 'facts', title: requesterT('concierge.summary'), rows: conciergeRows(requesterT, input.locale, input) },
        { type: 'quote', label: requesterT('concierge.wishes'), text: input.message },
      ],
    },
    { dedupeKey: `${key}:requester`, kind: 'concierge-requester', recipient: input.email },
  );

  const t = translator(SUPPORT_LOCALE);
  const toSupport = compose(
    {
      t,
      locale: SUPPORT_LOCALE,
      settings,
      subject: t('concierge.supportSubject', { destination: input.destination, name: input.name }),
      greeting: t('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: t('concierge.supportIntro', { name: input.name }) },
        { type: 'facts', title: t('booking.request'), rows: conciergeRows(t, SUPPORT_LOCALE, input) },
        { type: 'quote', label: t('concierge.wishes'), text: input.message },
        { type: 'facts', rows: [...senderRows(t, input), [t('concierge.country'), input.geo ? countryName(input.geo, SUPPORT_LOCALE) : t('common.notGiven')]] },
        { type: 'paragraph', text: t('common.replyToTraveller', { name: input.name }) },
      ],
    },
    { dedupeKey: `${key}:support`, kind: 'concierge-support', recipient: settings.supportEmail, replyTo: input.email },
  );
  return [toRequester, toSupport];
}

export type SignInEmailInput = { email: string; locale: Locale; url: string; minutes: number };

/** The one-time sign-in link, in the language of the page it was asked from. */
export function signInEmail(input: SignInEmailInput, settings: MailSettings, dedupeKey: string): OutboxEmailInput {
  const t = translator(input.locale);
  const url = safeHttpUrl(input.url);
  return compose(
    {
      t,
      locale: input.locale,
      settings,
      subject: t('signIn.subject'),
      greeting: t('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: t('signIn.intro', { email: input.email }) },
        ...(url ? [{ type: 'button', label: t('signIn.button'), url } as const, { type: 'paragraph', text: url } as const] : []),
        { type: 'paragraph', text: t('signIn.expiry', { minutes: input.minutes }) },
        { type: 'paragraph', text: t('signIn.ignore') },
      ],
    },
    { dedupeKey, kind: 'sign-in', recipient: input.email },
  );
}

export type GuideReplyEmailInput = {
  /** `booking:12`, `question:4`, `join:7`: what the traveller sent. */
  thread: string;
  messageId: number;
  locale: Locale;
  traveller: { name: string; email: string };
  guideName: string;
  tripTitle: string | null;
  reply: string;
  /** The traveller's 'My trips' page, where the conversation goes on. */
  myTripsUrl: string;
  /** The guide's proposal, already formatted in the traveller's language, when the reply proposes dates. */
  proposal?: { dates: string; price: string } | null;
  /** One e-mail per proposal: its form submission's key (a reply's own message id otherwise). */
  dedupeKey?: string;
};

/** A guide's reply (and proposal) to the traveller, in the traveller's language. */
export function guideReplyEmail(input: GuideReplyEmailInput, settings: MailSettings): OutboxEmailInput {
  const t = translator(input.locale);
  const url = safeHttpUrl(input.myTripsUrl);
  return compose(
    {
      t,
      locale: input.locale,
      settings,
      subject: input.tripTitle ? t('reply.subjectTrip', { guide: input.guideName, trip: input.tripTitle }) : t('reply.subject', { guide: input.guideName }),
      greeting: input.traveller.name ? t('common.greeting', { name: input.traveller.name }) : t('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: t('reply.intro', { guide: input.guideName }) },
        { type: 'quote', label: t('reply.message'), text: input.reply },
        ...(input.proposal
          ? [{ type: 'facts', title: t('reply.proposal'), rows: [[t('common.dates'), input.proposal.dates], [t('reply.price'), input.proposal.price]] } as const]
          : []),
        ...(url ? [{ type: 'button', label: t('reply.openMyTrips'), url } as const] : []),
      ],
    },
    { dedupeKey: input.dedupeKey ?? `${input.thread}:reply:${input.messageId}`, kind: input.proposal ? 'guide-proposal' : 'guide-reply', recipient: input.traveller.email },
  );
}

export type RequestStatusEmailInput = {
  requestId: number;
  /** The opaque reference the traveller and support read (lib/booking/reference.ts). */
  reference: string;
  /** The traveller's language and address. */
  locale: Locale;
  traveller: { name: string; email: string };
  guide: GuideContact;
  tripTitles: Record<Locale, string>;
  /** The agreed dates and price, formatted by the caller in each reader's language. */
  dates: (locale: Locale) => string;
  /** The booking's price for one side: a guide reads a quote still waiting in their trip's currency. */
  price: (locale: Locale, side: 'traveller' | 'guide') => string;
  /** Where each side goes on: My trips for the traveller, the guide area for the guide. */
  urls: { traveller: string; guide: string };
  /**
   * How a confirmed booking is paid (lib/payments/plan.ts: online, or the guide's instructions, with
   * amounts and days) and, online, the deposit's deadline.
   */
  payment?: { plan: PaymentPlan; payBy: Date | null; payee: Payee };
};

/**
 * A guide cancelled a secured booking: the traveller (their language) reads the reason and that
 * everything paid (`refunded`) comes back; the guide (their language, or support's) gets the record.
 */
export function guideCancelledEmails(input: RequestStatusEmailInput, reason: string, refunded: Money, settings: MailSettings): OutboxEmailInput[] {
  const dedupeKey = `booking:${input.requestId}:guide-cancelled`;
  const t = translator(input.locale);
  const facts = (translate: Translate, locale: Locale): Block => ({
    type: 'facts',
    rows: [
      [translate('common.trip'), input.tripTitles[locale]],
      [translate('common.dates'), input.dates(locale)],
      [translate('common.reference'), formatReference(input.reference)],
    ],
  });
  const travellerUrl = safeHttpUrl(input.urls.traveller);
  const traveller = compose(
    {
      t,
      locale: input.locale,
      settings,
      subject: t('status.guideCancelledSubject', { guide: input.guide.name, trip: input.tripTitles[input.locale] }),
      greeting: input.traveller.name ? t('common.greeting', { name: input.traveller.name }) : t('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: t('status.guideCancelledIntro', { guide: input.guide.name, amount: formatMoney(refunded, input.locale) }) },
        { type: 'quote', label: t('status.cancelReason'), text: reason },
        facts(t, input.locale),
        ...(travellerUrl ? [{ type: 'button', label: t('reply.openMyTrips'), url: travellerUrl } as const] : []),
      ],
    },
    { dedupeKey: `${dedupeKey}:traveller`, kind: 'request-guide-cancelled', recipient: input.traveller.email },
  );
  const delivery = guideDelivery(input.guide, settings);
  const name = input.traveller.name || input.traveller.email;
  const guideUrl = safeHttpUrl(input.urls.guide);
  const guide = compose(
    {
      t: delivery.t,
      locale: delivery.locale,
      settings,
      subject: delivery.t('status.guideCancelledSelfSubject', { reference: formatReference(input.reference), trip: input.tripTitles[delivery.locale] }),
      greeting: delivery.greeting,
      blocks: [
        ...delivery.note,
        { type: 'paragraph', text: delivery.t('status.guideCancelledSelfIntro', { name, amount: formatMoney(refunded, delivery.locale) }) },
        { type: 'quote', label: delivery.t('status.cancelReason'), text: reason },
        facts(delivery.t, delivery.locale),
        ...(guideUrl ? [{ type: 'button', label: delivery.t('status.openGuideArea'), url: guideUrl } as const] : []),
      ],
    },
    { dedupeKey: `${dedupeKey}:guide`, kind: 'request-guide-cancelled-guide', recipient: delivery.recipient },
  );
  return [traveller, guide];
}

/** The guide's own payment instructions as a quoted block, when the booking is paid to them and they wrote some. */
function instructionsBlock(plan: PaymentPlan, payee: Payee, locale: Locale): Block[] {
  const text = guideInstructions(plan, payee);
  return text ? [{ type: 'quote', label: paymentTranslator(locale)('instructionsTitle', { guide: payee.name }), text }] : [];
}

/**
 * The steps after a proposal. 'accepted' tells the guide (their language, or support's)
 * to confirm; 'confirmed' tells the traveller (their language) that the trip is booked; 'cancelled'
 * tells the guide that the traveller cancelled.
 */
export function requestStatusEmail(step: 'accepted' | 'confirmed' | 'cancelled', input: RequestStatusEmailInput, settings: MailSettings): OutboxEmailInput {
  const dedupeKey = `booking:${input.requestId}:${step}`;
  const facts = (t: Translate, locale: Locale, side: 'traveller' | 'guide'): Block => ({
    type: 'facts',
    rows: [
      [t('common.trip'), input.tripTitles[locale]],
      [t('common.dates'), input.dates(locale)],
      [t('status.price'), input.price(locale, side)],
      [t('common.reference'), formatReference(input.reference)],
    ],
  });
  if (step === 'confirmed') {
    const t = translator(input.locale);
    const url = safeHttpUrl(input.urls.traveller);
    return compose(
      {
        t,
        locale: input.locale,
        settings,
        subject: t('status.confirmedSubject', { trip: input.tripTitles[input.locale] }),
        greeting: input.traveller.name ? t('common.greeting', { name: input.traveller.name }) : t('common.greetingAnonymous'),
        blocks: [
          { type: 'paragraph', text: t('status.confirmedIntro', { guide: input.guide.name }) },
          facts(t, input.locale, 'traveller'),
          ...(input.payment
            ? [
                { type: 'paragraph', text: paymentStory(paymentTranslator(input.locale), input.payment.plan, 'after', input.locale, input.payment.payee) } as const,
                ...instructionsBlock(input.payment.plan, input.payment.payee, input.locale),
                ...(input.payment.payBy ? [{ type: 'paragraph', text: t('status.payBy', { payBy: formatDeadline(input.payment.payBy, input.locale) }) } as const] : []),
              ]
            : []),
          { type: 'paragraph', text: t('common.cancellation') },
          ...(url ? [{ type: 'button', label: input.payment?.plan.online ? t('status.payButton') : t('reply.openMyTrips'), url } as const] : []),
        ],
      },
      { dedupeKey, kind: 'request-confirmed', recipient: input.traveller.email },
    );
  }
  const delivery = guideDelivery(input.guide, settings);
  const { t } = delivery;
  const url = safeHttpUrl(input.urls.guide);
  const name = input.traveller.name || input.traveller.email;
  return compose(
    {
      t,
      locale: delivery.locale,
      settings,
      subject: t(step === 'accepted' ? 'status.acceptedSubject' : 'status.cancelledSubject', { name, trip: input.tripTitles[delivery.locale] }),
      greeting: delivery.greeting,
      blocks: [
        ...delivery.note,
        { type: 'paragraph', text: t(step === 'accepted' ? 'status.acceptedIntro' : 'status.cancelledIntro', { name }) },
        facts(t, delivery.locale, 'guide'),
        ...(url ? [{ type: 'button', label: t('status.openGuideArea'), url } as const] : []),
      ],
    },
    { dedupeKey, kind: `request-${step}`, recipient: delivery.recipient, replyTo: input.traveller.email },
  );
}

export type PromiseEmailInput = {
  /** What waits: a booking request (the default) or a question to the guide. */
  kind?: 'booking' | 'question';
  requestId: number;
  /** The opaque reference the traveller and support read (lib/booking/reference.ts). */
  reference: string;
  locale: Locale;
  traveller: { firstName: string; email: string };
  guide: GuideContact;
  /** The guide who has the request now: a reassigned request reminds and escalates again. */
  guideId: number;
  tripTitles: Partial<Record<Locale, string>>;
  /** Hours the traveller has waited. */
  hours: number;
  /** The guide area (in the guide's language) and support's screen. */
  urls: { guide: string; support: string };
};

const titleIn = (titles: Partial<Record<Locale, string>>, locale: Locale) => titles[locale] ?? titles.en ?? Object.values(titles)[0] ?? '';

/** A notice to the guide who has a waiting request (a reminder, a reassignment), in their language. */
function waitingRequestNotice(step: 'reminder' | 'reassigned', input: PromiseEmailInput, settings: MailSettings): OutboxEmailInput {
  const delivery = guideDelivery(input.guide, settings);
  const { t } = delivery;
  const trip = titleIn(input.tripTitles, delivery.locale);
  const url = safeHttpUrl(input.urls.guide);
  const values = { name: input.traveller.firstName, trip, hours: input.hours };
  const question = input.kind === 'question';
  const subject = question ? (trip ? 'promise.questionReminderSubjectTrip' : 'promise.questionReminderSubject') : step === 'reminder' ? 'promise.reminderSubject' : 'promise.reassignedSubject';
  const intro = question ? 'promise.questionReminderIntro' : step === 'reminder' ? 'promise.reminderIntro' : 'promise.reassignedIntro';
  return compose(
    {
      t,
      locale: delivery.locale,
      settings,
      subject: t(subject, values),
      greeting: delivery.greeting,
      blocks: [
        ...delivery.note,
        { type: 'paragraph', text: t(intro, values) },
        { type: 'facts', rows: [...(trip ? [[t('common.trip'), trip] as const] : []), [t('common.email'), input.traveller.email], [t('common.reference'), formatReference(input.reference)]] },
        ...(url ? [{ type: 'button', label: t('status.openGuideArea'), url } as const] : []),
      ],
    },
    {
      dedupeKey: `${input.kind ?? 'booking'}:${input.requestId}:${step}:${input.guideId}`,
      kind: step === 'reminder' ? 'reply-reminder' : 'request-reassigned',
      recipient: delivery.recipient,
      replyTo: input.traveller.email,
    },
  );
}

/** The 24-hour promise at 12 hours: the guide is reminded that a traveller waits. */
export function replyReminderEmail(input: PromiseEmailInput, settings: MailSettings): OutboxEmailInput {
  return waitingRequestNotice('reminder', input, settings);
}

/** The 24-hour promise kept: support takes the request over; the traveller is told what happens next. */
export function replyEscalationEmails(input: PromiseEmailInput, settings: MailSettings): [OutboxEmailInput, OutboxEmailInput] {
  const support = translator(SUPPORT_LOCALE);
  const kind = input.kind ?? 'booking';
  const question = kind === 'question';
  const supportUrl = safeHttpUrl(input.urls.support);
  const toSupport = compose(
    {
      t: support,
      locale: SUPPORT_LOCALE,
      settings,
      subject: support(question ? 'promise.questionEscalatedSupportSubject' : 'promise.escalatedSupportSubject', { id: formatReference(input.reference), hours: input.hours }),
      greeting: support('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: support(question ? 'promise.questionEscalatedSupportIntro' : 'promise.escalatedSupportIntro', { guide: input.guide.name, hours: input.hours }) },
        {
          type: 'facts',
          rows: [
            ...(titleIn(input.tripTitles, SUPPORT_LOCALE) ? [[support('common.trip'), titleIn(input.tripTitles, SUPPORT_LOCALE)] as const] : []),
            [support('common.guide'), input.guide.name],
            [support('common.email'), input.traveller.email],
            [support('common.language'), languageName(input.locale, SUPPORT_LOCALE)],
            [support('common.reference'), formatReference(input.reference)],
          ],
        },
        ...(supportUrl ? [{ type: 'button', label: support('promise.openSupport'), url: supportUrl } as const] : []),
      ],
    },
    { dedupeKey: `${kind}:${input.requestId}:escalated:${input.guideId}:support`, kind: 'reply-escalated-support', recipient: settings.supportEmail, replyTo: input.traveller.email },
  );
  const t = translator(input.locale);
  const toTraveller = compose(
    {
      t,
      locale: input.locale,
      settings,
      subject: question ? t('promise.questionEscalatedTravellerSubject', { guide: input.guide.name }) : t('promise.escalatedTravellerSubject', { trip: titleIn(input.tripTitles, input.locale) }),
      greeting: t('common.greeting', { name: input.traveller.firstName }),
      blocks: [
        { type: 'paragraph', text: t(question ? 'promise.questionEscalatedTravellerIntro' : 'promise.escalatedTravellerIntro', { guide: input.guide.name }) },
        { type: 'paragraph', text: t(question ? 'promise.questionEscalatedTravellerNext' : 'promise.escalatedTravellerNext') },
        { type: 'facts', rows: [...(titleIn(input.tripTitles, input.locale) ? [[t('common.trip'), titleIn(input.tripTitles, input.locale)] as const] : []), [t('common.reference'), formatReference(input.reference)]] },
      ],
    },
    { dedupeKey: `${kind}:${input.requestId}:escalated:${input.guideId}:traveller`, kind: 'reply-escalated-traveller', recipient: input.traveller.email },
  );
  return [toSupport, toTraveller];
}

/** Support handed a waiting request to another guide of the same area. */
export function requestReassignedEmail(input: PromiseEmailInput, settings: MailSettings): OutboxEmailInput {
  return waitingRequestNotice('reassigned', input, settings);
}

export type TravellerMessageEmailInput = {
  /** `kind:id` of the conversation, for the dedupe key. */
  thread: string;
  messageId: number;
  traveller: { name: string; email: string };
  guide: GuideContact;
  /** The trip's title in each language it has (the guide reads it in theirs). */
  tripTitles: Partial<Record<Locale, string>>;
  message: string;
  /** The guide area, in the guide's language. */
  guideAreaUrl: string;
};

/** A traveller answered in the conversation; the guide (or support for a guide without e-mail) reads it in their language. */
export function travellerMessageEmail(input: TravellerMessageEmailInput, settings: MailSettings): OutboxEmailInput {
  const delivery = guideDelivery(input.guide, settings);
  const { t } = delivery;
  const name = input.traveller.name || input.traveller.email;
  const trip = titleIn(input.tripTitles, delivery.locale);
  const url = safeHttpUrl(input.guideAreaUrl);
  return compose(
    {
      t,
      locale: delivery.locale,
      settings,
      subject: trip ? t('travellerMessage.subjectTrip', { name, trip }) : t('travellerMessage.subject', { name }),
      greeting: delivery.greeting,
      blocks: [
        ...delivery.note,
        { type: 'paragraph', text: t('travellerMessage.intro', { name }) },
        { type: 'quote', label: t('travellerMessage.message'), text: input.message },
        ...(url ? [{ type: 'button', label: t('status.openGuideArea'), url } as const] : []),
      ],
    },
    { dedupeKey: `${input.thread}:traveller-message:${input.messageId}`, kind: 'traveller-message', recipient: delivery.recipient, replyTo: input.traveller.email },
  );
}

export type RequestEndEmailInput = {
  requestId: number;
  /** The opaque reference the traveller and support read (lib/booking/reference.ts). */
  reference: string;
  locale: Locale;
  traveller: { firstName: string; email: string };
  guideName: string;
  tripTitles: Partial<Record<Locale, string>>;
  /** My trips, in the traveller's language (where they review, or send a new request). */
  myTripsUrl: string;
  /** The trip's page in the traveller's language, to ask again for other dates. */
  tripUrl: string | null;
};

/** A request that can no longer happen (its dates passed without a confirmed booking) expired; the traveller is told. */
export function requestExpiredEmail(input: RequestEndEmailInput, settings: MailSettings): OutboxEmailInput {
  const t = translator(input.locale);
  const trip = titleIn(input.tripTitles, input.locale);
  const tripUrl = input.tripUrl ? safeHttpUrl(input.tripUrl) : null;
  return compose(
    {
      t,
      locale: input.locale,
      settings,
      subject: t('ending.expiredSubject', { trip }),
      greeting: input.traveller.firstName ? t('common.greeting', { name: input.traveller.firstName }) : t('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: t('ending.expiredIntro', { guide: input.guideName }) },
        { type: 'facts', rows: [[t('common.trip'), trip], [t('common.reference'), formatReference(input.reference)]] },
        ...(tripUrl ? [{ type: 'button', label: t('ending.askAgain'), url: tripUrl } as const] : []),
      ],
    },
    { dedupeKey: `booking:${input.requestId}:expired`, kind: 'request-expired', recipient: input.traveller.email },
  );
}

export type ReviewReceivedEmailInput = {
  reviewId: number;
  guide: GuideContact;
  travellerFirstName: string;
  tripTitles: Partial<Record<Locale, string>>;
  rating: number;
  comment: string | null;
  /** The guide area, in the guide's language, where the guide answers once, in public. */
  guideAreaUrl: string;
};

/** A traveller reviewed a guide's trip: the guide is told, in the guide's language, and may answer once in public. */
export function reviewReceivedEmail(input: ReviewReceivedEmailInput, settings: MailSettings): OutboxEmailInput {
  const delivery = guideDelivery(input.guide, settings);
  const { t } = delivery;
  const trip = titleIn(input.tripTitles, delivery.locale);
  const url = safeHttpUrl(input.guideAreaUrl);
  return compose(
    {
      t,
      locale: delivery.locale,
      settings,
      subject: t('review.subject', { trip }),
      greeting: delivery.greeting,
      blocks: [
        ...delivery.note,
        { type: 'paragraph', text: t('review.intro', { traveller: input.travellerFirstName, trip, rating: input.rating }) },
        ...(input.comment ? [{ type: 'quote', label: t('review.comment'), text: input.comment } as const] : []),
        ...(url ? [{ type: 'button', label: t('review.reply'), url } as const] : []),
      ],
    },
    { dedupeKey: `review:${input.reviewId}:guide`, kind: 'review-received', recipient: delivery.recipient },
  );
}

/** A confirmed trip has ended; the traveller is invited to review it (shown as verified). */
export function reviewInvitationEmail(input: RequestEndEmailInput, settings: MailSettings): OutboxEmailInput {
  const t = translator(input.locale);
  const trip = titleIn(input.tripTitles, input.locale);
  const url = safeHttpUrl(input.myTripsUrl);
  return compose(
    {
      t,
      locale: input.locale,
      settings,
      subject: t('ending.reviewSubject', { trip }),
      greeting: input.traveller.firstName ? t('common.greeting', { name: input.traveller.firstName }) : t('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: t('ending.reviewIntro', { guide: input.guideName, trip }) },
        ...(url ? [{ type: 'button', label: t('ending.reviewButton'), url } as const] : []),
      ],
    },
    { dedupeKey: `booking:${input.requestId}:review-invitation`, kind: 'review-invitation', recipient: input.traveller.email },
  );
}

/** What a payment e-mail needs: the booking's facts, the payment it is about, and where each side goes on. */
export type PaymentEmailInput = {
  requestId: number;
  /** The opaque reference the traveller and support read (lib/booking/reference.ts). */
  reference: string;
  locale: Locale;
  traveller: { firstName: string; email: string };
  guide: GuideContact;
  tripTitles: Partial<Record<Locale, string>>;
  /** The payment (or refund) the e-mail is about, with its id for the dedupe key. */
  subject: { id: number; amount: Money };
  /** The two payments of the booking, and the remainder's date when it is still to come. */
  split: { deposit: Money; remainder: Money; total: Money } | null;
  remainderDueAt: Date | null;
  urls: { traveller: string; guide: string };
};

export type PaymentEmailStep = 'depositReceipt' | 'guideSecured' | 'remainderReminder' | 'remainderReceipt' | 'remainderAction' | 'remainderFailed' | 'lapsed' | 'refundSent' | 'paidAfterEnd';

/**
 * spec §9 payment e-mails, each in its reader's language: the traveller's deposit receipt (the
 * booking is secured), remainder receipt, a remainder the bank refused (with the link to pay it),
 * a confirmation that lapsed unpaid, a refund sent, and a payment that arrived after the booking
 * ended (refunded in full: no receipt); the guide is told when a booking is secured.
 */
export function paymentEmail(step: PaymentEmailStep, input: PaymentEmailInput, settings: MailSettings): OutboxEmailInput {
  const dedupeKey = `booking:${input.requestId}:payment:${step}:${input.subject.id}`;
  const moment = (date: Date, locale: Locale) => dayFormat(locale).format(date);
  if (step === 'guideSecured') {
    const delivery = guideDelivery(input.guide, settings);
    const { t } = delivery;
    const trip = titleIn(input.tripTitles, delivery.locale);
    const url = safeHttpUrl(input.urls.guide);
    const name = input.traveller.firstName || input.traveller.email;
    return compose(
      {
        t,
        locale: delivery.locale,
        settings,
        subject: t('payment.guideSecuredSubject', { name, trip }),
        greeting: delivery.greeting,
        blocks: [
          ...delivery.note,
          { type: 'paragraph', text: t('payment.guideSecuredIntro', { name, amount: formatMoney(input.subject.amount, delivery.locale) }) },
          { type: 'facts', rows: [[t('common.trip'), trip], [t('common.reference'), formatReference(input.reference)]] },
          ...(url ? [{ type: 'button', label: t('status.openGuideArea'), url } as const] : []),
        ],
      },
      { dedupeKey, kind: 'payment-guide-secured', recipient: delivery.recipient, replyTo: input.traveller.email },
    );
  }
  const t = translator(input.locale);
  const locale = input.locale;
  const trip = titleIn(input.tripTitles, locale);
  const amount = formatMoney(input.subject.amount, locale);
  const url = safeHttpUrl(input.urls.traveller);
  const rows: Array<readonly [string, string]> = [[t('common.trip'), trip]];
  // A price too small for Stripe to charge in two payments is paid at once (lib/payments/amounts.ts).
  const atOnce = input.split?.remainder.amountMinor === 0;
  if (input.split && atOnce && step === 'depositReceipt') rows.push([t('payment.total'), formatMoney(input.split.total, locale)]);
  else if (input.split && (step === 'depositReceipt' || step === 'remainderReminder')) {
    rows.push([t('payment.depositPaid'), formatMoney(input.split.deposit, locale)]);
    rows.push([t('payment.remainderDue'), input.remainderDueAt ? t('payment.remainderOn', { amount: formatMoney(input.split.remainder, locale), date: moment(input.remainderDueAt, locale) }) : formatMoney(input.split.remainder, locale)]);
    rows.push([t('payment.total'), formatMoney(input.split.total, locale)]);
  }
  rows.push([t('common.reference'), formatReference(input.reference)]);
  const button = step === 'remainderAction' || step === 'remainderFailed' ? t('payment.payRemainder') : t('reply.openMyTrips');
  return compose(
    {
      t,
      locale,
      settings,
      subject: t(`payment.${step}Subject`, { trip, amount }),
      greeting: input.traveller.firstName ? t('common.greeting', { name: input.traveller.firstName }) : t('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: t(atOnce && step === 'depositReceipt' ? 'payment.paidAtOnceIntro' : `payment.${step}Intro`, { guide: input.guide.name, amount }) },
        { type: 'facts', rows },
        ...(step === 'depositReceipt' ? [{ type: 'paragraph', text: t('common.cancellation') } as const] : []),
        ...(url ? [{ type: 'button', label: button, url } as const] : []),
      ],
    },
    { dedupeKey, kind: `payment-${step.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`, recipient: input.traveller.email },
  );
}

/**
 * spec §9: a secured booking cancelled outside the free window: nothing is refunded automatically,
 * support applies the terms shown before payment (in English, to support).
 */
export function cancellationReviewEmail(
  input: { requestId: number; reference: string; traveller: { name: string; email: string }; tripTitles: Partial<Record<Locale, string>>; paid: Money; reason: 'windowPassed' | 'tooClose'; supportUrl: string },
  settings: MailSettings,
): OutboxEmailInput {
  const t = translator(SUPPORT_LOCALE);
  const url = safeHttpUrl(input.supportUrl);
  return compose(
    {
      t,
      locale: SUPPORT_LOCALE,
      settings,
      subject: t('payment.reviewSubject', { id: formatReference(input.reference) }),
      greeting: t('common.greetingAnonymous'),
      blocks: [
        { type: 'paragraph', text: t(input.reason === 'tooClose' ? 'payment.reviewTooClose' : 'payment.reviewWindowPassed', { name: input.traveller.name || input.traveller.email, amount: formatMoney(input.paid, SUPPORT_LOCALE) }) },
        { type: 'facts', rows: [[t('common.trip'), titleIn(input.tripTitles, SUPPORT_LOCALE)], [t('common.email'), input.traveller.email], [t('common.reference'), formatReference(input.reference)]] },
        ...(url ? [{ type: 'button', label: t('payment.reviewButton'), url } as const] : []),
      ],
    },
    { dedupeKey: `booking:${input.requestId}:cancellation-review`, kind: 'payment-cancellation-review', recipient: settings.supportEmail, replyTo: input.traveller.email },
  );
}

export type GuideApplicationEmailInput = { applicationId: number; guideName: string; email: string; locale: Locale; signInUrl: string; minutes: number };

/** The applicant's sign-in link, which confirms their address and opens the guide area where the application waits for support. */
export function guideApplicationEmail(input: GuideApplicationEmailInput, settings: MailSettings, dedupeKey: string): OutboxEmailInput {
  const t = translator(input.locale);
  const url = safeHttpUrl(input.signInUrl);
  return compose(
    {
      t,
      locale: input.locale,
      settings,
      subject: t('guideApplication.subject'),
      greeting: t('common.greeting', { name: input.guideName }),
      blocks: [
        { type: 'paragraph', text: t('guideApplication.intro') },
        ...(url ? [{ type: 'button', label: t('guideApplication.button'), url } as const, { type: 'paragraph', text: url } as const] : []),
        { type: 'paragraph', text: t('signIn.expiry', { minutes: input.minutes }) },
        { type: 'paragraph', text: t('guideApplication.next') },
      ],
    },
    { dedupeKey, kind: 'guide-application', recipient: input.email },
  );
}

export type GuideDecisionEmailInput = {
  guideId: number;
  guideName: string;
  email: string;
  locale: Locale;
  subject: 'application' | 'certifications';
  decision: 'approve' | 'decline';
  reason: string;
  guideAreaUrl: string;
  /** One e-mail per decision: the deciding form's key. */
  dedupeKey: string;
};

/** Support's decision on an application or on changed certifications, in the guide's language, with the reason given. */
export function guideDecisionEmail(input: GuideDecisionEmailInput, settings: MailSettings): OutboxEmailInput {
  const t = translator(input.locale);
  const key = `${input.subject}${input.decision === 'approve' ? 'Approved' : 'Declined'}` as const;
  const url = safeHttpUrl(input.guideAreaUrl);
  return compose(
    {
      t,
      locale: input.locale,
      settings,
      subject: t(`guideDecision.${key}.subject`),
      greeting: t('common.greeting', { name: input.guideName }),
      blocks: [
        { type: 'paragraph', text: t(`guideDecision.${key}.text`) },
        ...(input.reason ? [{ type: 'quote', label: t('guideDecision.reason'), text: input.reason } as const] : []),
        ...(url ? [{ type: 'button', label: t('guideDecision.button'), url } as const] : []),
      ],
    },
    { dedupeKey: input.dedupeKey, kind: `guide-${input.subject}-${input.decision}`, recipient: input.email },
  );
}

export type TripDecisionEmailInput = {
  tripId: number;
  guide: GuideContact;
  /** The trip's title and public page per locale (`tripLinks`). */
  trip: TripLinks;
  decision: 'approved' | 'returned';
  /** Support's reason for sending the trip back (empty for an approval). */
  reason: string;
  /** The trip's editor in the guide's language. */
  editorUrl: string;
  /** The decided submission's time: one e-mail per trip, decision and submission. */
  submittedAt: Date;
};

/** Support's decision on a guide's submitted trip: live (with its public page) or sent back (with the reason and the editor). */
export function tripDecisionEmail(input: TripDecisionEmailInput, settings: MailSettings): OutboxEmailInput {
  const delivery = guideDelivery(input.guide, settings);
  const { t, locale } = delivery;
  const title = input.trip.titles[locale];
  const url = safeHttpUrl(input.decision === 'approved' ? input.trip.urls[locale] : input.editorUrl);
  return compose(
    {
      t,
      locale,
      settings,
      subject: t(`tripDecision.${input.decision}.subject`, { trip: title }),
      greeting: delivery.greeting,
      blocks: [
        ...delivery.note,
        { type: 'paragraph', text: t(`tripDecision.${input.decision}.text`, { trip: title }) },
        ...(input.reason ? [{ type: 'quote', label: t('tripDecision.reason'), text: input.reason } as const] : []),
        ...(url ? [{ type: 'button', label: t(`tripDecision.${input.decision}.button`), url } as const, { type: 'paragraph', text: url } as const] : []),
      ],
    },
    { dedupeKey: `trip:${input.tripId}:${input.decision}:${input.submittedAt.toISOString()}`, kind: `trip-${input.decision}`, recipient: delivery.recipient },
  );
}

/** The guide's e-mail, once, when Stripe needs more from their connected account before it pays them (decision 0293). */
export function stripeAccountReminderEmail(input: { guideId: number; guide: GuideContact; url: string }, settings: MailSettings): OutboxEmailInput {
  const delivery = guideDelivery(input.guide, settings);
  const { t } = delivery;
  const url = safeHttpUrl(input.url);
  return compose(
    {
      t,
      locale: delivery.locale,
      settings,
      subject: t('connect.reminderSubject'),
      greeting: delivery.greeting,
      blocks: [...delivery.note, { type: 'paragraph', text: t('connect.reminderIntro') }, ...(url ? [{ type: 'button', label: t('connect.reminderButton'), url } as const] : [])],
    },
    { dedupeKey: `guide:${input.guideId}:stripe-requirements:${new Date().toISOString().slice(0, 10)}`, kind: 'guide-stripe-requirements', recipient: delivery.recipient },
  );
}
