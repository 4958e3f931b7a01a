import { formatMoney } from '@/lib/money/format';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/lib/locales';
import { cleanSubject, escapeHtml } from '@/lib/mail/render';
import {
  bookingRequestEmails,
  guideQuestionEmails,
  helpMessageEmails,
  joinConfirmEmail,
  openGroupJoinEmails,
  type BookingRequestEmailInput,
  type GuideContact,
  type OpenGroupJoinEmailInput,
  type OutboxEmailInput,
} from '@/lib/mail/templates';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';

const settings = { supportEmail: 'support@cordee.example' };
const eur = (amountMinor: number) => ({ amountMinor, currency: 'EUR' });
const trip = {
  titles: { en: 'Mont Blanc traverse', fr: 'Traversée du Mont-Blanc', es: 'Travesía del Mont Blanc' },
  urls: { en: 'https://cordee.example/trip/mont-blanc', fr: 'https://cordee.example/fr/voyage/mont-blanc', es: 'https://cordee.example/es/viaje/mont-blanc' },
} satisfies BookingRequestEmailInput['trip'];
const guide = (emailLocale: Locale, email: string | null = 'guide@example.com'): GuideContact => ({ name: 'Jean Alpin', email, emailLocale });

const booking = (locale: Locale, overrides: Partial<BookingRequestEmailInput> = {}): BookingRequestEmailInput => ({
  requestId: 42, reference: 'K7Q4MZ2T',
  locale,
  traveller: { firstName: 'Ana', lastName: 'López', email: 'ana@example.com', phone: '+34 600 000 000' },
  trip,
  guide: guide('fr'),
  travellers: 2,
  days: 5,
  startsOn: '2026-07-01',
  endsOn: '2026-07-05',
  openGroup: null,
  comment: 'We are fit.',
  quote: { perPerson: eur(123400), total: eur(246800), deposit: eur(74040), remainder: eur(172760) },
  guideQuote: null,
  replyHours: 6,
  ...overrides,
});

const join = (locale: Locale, waitlist: boolean): OpenGroupJoinEmailInput => ({
  joinId: 9, reference: 'K7Q4MZ2T',
  locale,
  email: 'ana@example.com',
  travellers: 3,
  waitlist,
  trip,
  guide: guide('es'),
  group: { startsOn: '2026-08-10', durationDays: 4, pricePerPerson: eur(50000) },
});

// What Intl writes for each locale (narrow no-break spaces and all): the test follows the runtime's data.
const money = (amountMinor: number, locale: Locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: amountMinor % 100 ? 2 : 0 }).format(amountMinor / 100);
const day = (iso: string, locale: Locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));

function expectContains(email: OutboxEmailInput, ...texts: string[]) {
  for (const text of texts) {
    expect(email.text, `text contains ${text}`).toContain(text);
    expect(email.html, `html contains ${text}`).toContain(escapeHtml(text));
  }
}

const greetings = { en: 'Hello Ana,', fr: 'Bonjour Ana,', es: 'Hola, Ana:' } as const;
const waitlists = { en: 'waiting list', fr: "liste d'attente", es: 'lista de espera' } as const;

describe.each(['en', 'fr', 'es'] as const)('e-mails to a traveller writing in %s', (locale) => {
  it('booking request: restates the request and price in the traveller locale, notifies the guide in theirs', () => {
    const [toTraveller, toGuide] = bookingRequestEmails(booking(locale), settings);
    expect(toTraveller).toMatchObject({ dedupeKey: 'booking:42:traveller', recipient: 'ana@example.com', locale, replyTo: null });
    expect(toTraveller.subject).toContain(trip.titles[locale]);
    expectContains(toTraveller, greetings[locale], trip.titles[locale], money(123400, locale), money(246800, locale), money(74040, locale), money(172760, locale), 'K7Q4-MZ2T', 'Jean Alpin', '6', 'We are fit.');
    expect(toTraveller.text).toMatch(/30\s?%/);
    expect(toTraveller.text).toMatch(/70\s?%/);
    expect(toTraveller.text).toContain('48');
    expect(toTraveller.text).toContain(trip.urls[locale]);
    expect(toTraveller.html).toContain(`href="${trip.urls[locale]}"`);
    expect(toTraveller.html).toContain(`<html lang="${locale}">`);

    expect(toGuide).toMatchObject({ dedupeKey: 'booking:42:guide', recipient: 'guide@example.com', locale: 'fr', replyTo: 'ana@example.com' });
    expect(toGuide.subject).toContain(trip.titles.fr);
    expect(toGuide.subject).toContain('Ana López');
    expectContains(toGuide, 'Bonjour Jean Alpin,', trip.titles.fr, money(246800, 'fr'), '+34 600 000 000', 'ana@example.com', day('2026-07-01', 'fr').split(' ')[1]!);
  });

  it('booking request: flexible dates, open group and no price', () => {
    const [flexible] = bookingRequestEmails(booking(locale, { startsOn: null, endsOn: null, quote: null }), settings);
    expectContains(flexible, { en: 'Flexible dates', fr: 'Dates flexibles', es: 'Fechas flexibles' }[locale], { en: 'will send you a price', fr: 'vous enverra un prix', es: 'te enviará un precio' }[locale]);
    const [grouped] = bookingRequestEmails(booking(locale, { startsOn: null, endsOn: null, openGroup: { startsOn: '2026-09-12', durationDays: 6 } }), settings);
    expectContains(grouped, { en: 'Open group', fr: 'Groupe ouvert', es: 'Grupo abierto' }[locale], day('2026-09-12', locale));
  });

  it('open group join: joined and waiting-list wording, group price in the locale', () => {
    const [joined, guideMail] = openGroupJoinEmails(join(locale, false), settings);
    const [waiting] = openGroupJoinEmails(join(locale, true), settings);
    expect(joined).toMatchObject({ dedupeKey: 'join:9:traveller', recipient: 'ana@example.com', locale });
    expect(joined.subject).toContain(trip.titles[locale]);
    expectContains(joined, trip.titles[locale], day('2026-08-10', locale), money(50000, locale), money(150000, locale));
    expect(joined.subject).not.toContain(waitlists[locale]);
    expect(waiting.subject).toContain(waitlists[locale]);
    expect(waiting.text).toContain(waitlists[locale]);
    expect(guideMail).toMatchObject({ dedupeKey: 'join:9:guide', recipient: 'guide@example.com', locale: 'es', replyTo: 'ana@example.com' });
    expectContains(guideMail, trip.titles.es, money(50000, 'es'), 'ana@example.com');
  });

  it('open group join to confirm: the deadline, the link and the places, in the traveller locale', () => {
    const holdUntil = new Date('2026-08-01T14:30:00Z');
    const url = `https://cordee.example/account/sign-in?lan=${locale}&token=abcdefghijklmnopqrstuvwxyz234567`;
    const held = joinConfirmEmail({ ...join(locale, false), url, holdUntil, minutes: 30 }, settings);
    const waiting = joinConfirmEmail({ ...join(locale, true), url, holdUntil, minutes: 30 }, settings);
    expect(held).toMatchObject({ dedupeKey: 'join:9:confirm', kind: 'join-confirm', recipient: 'ana@example.com', locale });
    const deadline = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(holdUntil);
    expectContains(held, trip.titles[locale], deadline, url, '30', { en: '3 places', fr: '3 places', es: '3 plazas' }[locale]);
    expect(held.subject).not.toContain(waitlists[locale]);
    expect(waiting.subject).toContain(waitlists[locale]);
    expectContains(waiting, deadline, url);
    // The guide hears of the join once it is confirmed: a promotion's e-mails are news of their own.
    const [promoted, promotedGuide] = openGroupJoinEmails({ ...join(locale, false), promoted: true }, settings);
    expect(promoted.dedupeKey).toBe('join:9:promoted:traveller');
    expect(promotedGuide.dedupeKey).toBe('join:9:promoted:guide');
  });

  it('states the request to the guide in the trip\'s own currency, to the traveller in theirs', () => {
    const chf = (amountMinor: number) => ({ amountMinor, currency: 'CHF' });
    const [toTraveller, toGuide] = bookingRequestEmails(booking('en', { guideQuote: { perPerson: chf(120000), total: chf(240000), deposit: chf(72000), remainder: chf(168000) } }), settings);
    expectContains(toTraveller, money(246800, 'en'), money(74040, 'en'));
    expectContains(toGuide, ...[240000, 72000, 168000].map((amountMinor) => formatMoney(chf(amountMinor), 'fr')));
    expect(toGuide.text).not.toContain(money(246800, 'fr'));
  });

  it('guide question: with and without a trip', () => {
    const input = { questionId: 5, reference: 'K7Q4MZ2T', locale, traveller: { firstName: 'Ana', lastName: 'López', email: 'ana@example.com', phone: null }, trip, guide: guide('en'), questions: 'Is July too hot?', replyHours: 24 };
    const [toTraveller, toGuide] = guideQuestionEmails(input, settings);
    expect(toTraveller).toMatchObject({ dedupeKey: 'question:5:traveller', locale, recipient: 'ana@example.com' });
    expectContains(toTraveller, greetings[locale], trip.titles[locale], 'Is July too hot?', '24', 'Jean Alpin');
    expect(toGuide).toMatchObject({ dedupeKey: 'question:5:guide', locale: 'en', recipient: 'guide@example.com', replyTo: 'ana@example.com' });
    expect(toGuide.subject).toBe(`Question from Ana López: ${trip.titles.en}`);
    expectContains(toGuide, 'Is July too hot?', 'Not given');
    const [, noTrip] = guideQuestionEmails({ ...input, trip: null }, settings);
    expect(noTrip.subject).toBe('Question from Ana López');
  });

  it('need help: acknowledgement in the locale, message to support in English', () => {
    const input = { messageId: 3, reference: 'K7Q4MZ2T', locale, name: 'Ana', email: 'ana@example.com', phone: '+34 600 000 000', message: 'My payment failed.', pageUrl: 'https://cordee.example/fr/voyage/x' };
    const [toTraveller, toSupport] = helpMessageEmails(input, settings);
    expect(toTraveller).toMatchObject({ dedupeKey: 'help:3:traveller', locale, recipient: 'ana@example.com' });
    expectContains(toTraveller, greetings[locale], 'My payment failed.');
    expect(toTraveller.subject).toBe({ en: 'We received your message', fr: 'Nous avons bien reçu votre message', es: 'Hemos recibido tu mensaje' }[locale]);
    expect(toSupport).toMatchObject({ dedupeKey: 'help:3:support', locale: 'en', recipient: 'support@cordee.example', replyTo: 'ana@example.com' });
    expect(toSupport.subject).toBe('Need help: message from Ana');
    expectContains(toSupport, 'My payment failed.', '+34 600 000 000', 'https://cordee.example/fr/voyage/x');
  });
});

describe('e-mail safety and fallbacks', () => {
  it('escapes what people wrote in the HTML part and keeps it as written in the text part', () => {
    const comment = '<script>alert("x")</script> & <b>bold</b>';
    const [toTraveller, toGuide] = bookingRequestEmails(booking('en', { comment, traveller: { firstName: '<img src=x onerror=alert(1)>', lastName: 'L', email: 'ana@example.com', phone: '1' } }), settings);
    for (const email of [toTraveller, toGuide]) {
      expect(email.html).not.toMatch(/<script|<img|<b>/);
      expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
      expect(email.text).toContain(comment);
    }
  });

  it('keeps subjects on one line (no header injection)', () => {
    const [, toGuide] = bookingRequestEmails(booking('en', { traveller: { firstName: 'Ana\r\nBcc: victim@example.com', lastName: 'L\n', email: 'ana@example.com', phone: '1' } }), settings);
    expect(toGuide.subject).not.toMatch(/[\r\n]/);
    expect(toGuide.subject).toContain('Ana Bcc: victim@example.com L');
    expect(cleanSubject('a\r\n\tb\u2028c  d ')).toBe('a b c d');
    expect(cleanSubject('x'.repeat(500))).toHaveLength(200);
  });

  it('sends guide mail to support, in English, when the guide has no e-mail address', () => {
    const [, toSupport] = bookingRequestEmails(booking('fr', { guide: guide('es', null) }), settings);
    expect(toSupport).toMatchObject({ dedupeKey: 'booking:42:guide', recipient: 'support@cordee.example', locale: 'en', replyTo: 'ana@example.com' });
    expect(toSupport.text).toContain('Jean Alpin has no e-mail address on file');
    expect(toSupport.subject).toContain(trip.titles.en);
    const [, joinSupport] = openGroupJoinEmails({ ...join('fr', false), guide: guide('fr', null) }, settings);
    expect(joinSupport).toMatchObject({ recipient: 'support@cordee.example', locale: 'en' });
  });

  it('never links to a URL that is not http(s)', () => {
    const [toTraveller] = bookingRequestEmails(booking('en', { trip: { ...trip, urls: { ...trip.urls, en: 'javascript:alert(1)' } } }), settings);
    expect(toTraveller.html).not.toContain('javascript:');
    const [, toSupport] = helpMessageEmails({ messageId: 1, reference: 'K7Q4MZ2T', locale: 'en', name: 'A', email: 'a@example.com', phone: null, message: 'm', pageUrl: 'javascript:alert(1)' }, settings);
    expect(toSupport.html).not.toContain('href="javascript:');
  });

  it('has every Emails key in fr and es, translated', () => {
    const keys = (messages: object, prefix = ''): string[] =>
      Object.entries(messages).flatMap(([key, value]) => (typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`]));
    expect(keys(fr.Emails)).toEqual(keys(en.Emails));
    expect(keys(es.Emails)).toEqual(keys(en.Emails));
    expect(fr.Emails.booking.travellerIntro).not.toBe(en.Emails.booking.travellerIntro);
    expect(es.Emails.booking.travellerIntro).not.toBe(en.Emails.booking.travellerIntro);
  });
});
