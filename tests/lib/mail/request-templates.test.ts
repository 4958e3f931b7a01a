import { describe, expect, it } from 'vitest';
import type { Locale } from '@/lib/locales';
import { escapeHtml } from '@/lib/mail/render';
import { conciergeRequestEmails, contactMessageEmails, giftCardRequestEmails, type ConciergeRequestEmailInput, type GiftCardRequestEmailInput, type OutboxEmailInput } from '@/lib/mail/templates';

const settings = { supportEmail: 'support@cordee.example' };
const greetings = { en: 'Hello Ana,', fr: 'Bonjour Ana,', es: 'Hola, Ana:' } as const;

function expectContains(email: OutboxEmailInput, ...texts: string[]) {
  for (const text of texts) {
    expect(email.text, `text contains ${text}`).toContain(text);
    expect(email.html, `html contains ${text}`).toContain(escapeHtml(text));
  }
}

const money = (amountMinor: number, currency: string, locale: Locale) => new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(amountMinor / 100);

const giftCard = (locale: Locale, overrides: Partial<GiftCardRequestEmailInput> = {}): GiftCardRequestEmailInput => ({
  requestId: 17, reference: 'K7Q4MZ2T',
  locale,
  name: 'Ana',
  email: 'ana@example.com',
  phone: null,
  amount: { amountMinor: 30000, currency: 'USD' },
  recipientName: 'Marta',
  recipientEmail: 'marta@example.com',
  message: 'Happy birthday, see you on the summit!',
  geo: 'ES',
  validityMonths: 18,
  ...overrides,
});

const concierge = (locale: Locale, overrides: Partial<ConciergeRequestEmailInput> = {}): ConciergeRequestEmailInput => ({
  requestId: 8, reference: 'K7Q4MZ2T',
  locale,
  name: 'Ana',
  email: 'ana@example.com',
  phone: '+34600000000',
  activity: 'ski-touring',
  destination: 'Lyngen Alps',
  month: '2027-03',
  travellers: 3,
  budget: '2500 € each',
  message: 'Three friends, good skiers, first time in Norway.',
  geo: null,
  ...overrides,
});

describe.each(['en', 'fr', 'es'] as const)('request e-mails to someone writing in %s', (locale) => {
  it('contact form: acknowledgement in their language, message to support in English with the audience', () => {
    const input = { messageId: 4, reference: 'K7Q4MZ2T', locale, audience: 'agency_new' as const, name: 'Ana', email: 'ana@example.com', phone: null, message: 'We run ski trips in Lyngen.' };
    const [toSender, toSupport] = contactMessageEmails(input, settings);
    expect(toSender).toMatchObject({ dedupeKey: 'contact:4:sender', kind: 'contact-sender', recipient: 'ana@example.com', locale, replyTo: null });
    expect(toSender.subject).toBe({ en: 'We received your message', fr: 'Nous avons bien reçu votre message', es: 'Hemos recibido tu mensaje' }[locale]);
    expectContains(toSender, greetings[locale], 'We run ski trips in Lyngen.', 'K7Q4-MZ2T', { en: 'Agency that would like to join', fr: 'Agence qui souhaite nous rejoindre', es: 'Agencia que quiere unirse' }[locale]);
    expect(toSender.text).toContain({ en: 'partnerships team', fr: 'équipe partenariats', es: 'equipo de colaboraciones' }[locale]);
    expect(toSender.html).toContain(`<html lang="${locale}">`);
    expect(toSupport).toMatchObject({ dedupeKey: 'contact:4:support', kind: 'contact-support', recipient: 'support@cordee.example', locale: 'en', replyTo: 'ana@example.com' });
    expect(toSupport.subject).toBe('Contact form (Agency that would like to join): message from Ana');
    expectContains(toSupport, 'We run ski trips in Lyngen.', 'Not given', 'ana@example.com', { en: 'English', fr: 'French', es: 'Spanish' }[locale]);
  });

  it('gift card: the amount in their language, payment details within 24 hours, support notified in English', () => {
    const [toBuyer, toSupport] = giftCardRequestEmails(giftCard(locale), settings);
    expect(toBuyer).toMatchObject({ dedupeKey: 'gift-card:17:buyer', recipient: 'ana@example.com', locale });
    expect(toBuyer.subject).toContain(money(30000, 'USD', locale));
    expectContains(toBuyer, greetings[locale], money(30000, 'USD', locale), 'Marta', 'Happy birthday, see you on the summit!', 'K7Q4-MZ2T', '24', '18');
    expect(toSupport).toMatchObject({ dedupeKey: 'gift-card:17:support', recipient: 'support@cordee.example', locale: 'en', replyTo: 'ana@example.com' });
    expect(toSupport.subject).toBe('Gift card request: $300 from Ana');
    expectContains(toSupport, '$300 (USD)', 'marta@example.com', 'Spain', 'Happy birthday, see you on the summit!');
  });

  it('gift card for the buyer themselves, without message', () => {
    const [toBuyer, toSupport] = giftCardRequestEmails(giftCard(locale, { recipientName: null, recipientEmail: null, message: null, geo: null }), settings);
    expectContains(toBuyer, { en: 'sent to you by e-mail', fr: 'vous est envoyée par e-mail', es: 'te enviaremos la tarjeta regalo' }[locale]);
    expect(toBuyer.text).not.toContain({ en: 'Message on the card', fr: 'Message sur la carte', es: 'Mensaje en la tarjeta' }[locale]);
    expect(toSupport.text).toMatch(/Recipient: Not given/);
  });

  it('concierge: the request restated in their language, support notified in English', () => {
    const [toRequester, toSupport] = conciergeRequestEmails(concierge(locale), settings);
    expect(toRequester).toMatchObject({ dedupeKey: 'concierge:8:requester', recipient: 'ana@example.com', locale });
    expect(toRequester.subject).toContain('Lyngen Alps');
    const march = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date('2027-03-15T12:00:00Z'));
    expectContains(toRequester, greetings[locale], 'Lyngen Alps', march, '2500 € each', 'Three friends, good skiers, first time in Norway.', '48', { en: 'Ski touring', fr: 'Ski de randonnée', es: 'Esquí de travesía' }[locale]);
    expect(toSupport).toMatchObject({ dedupeKey: 'concierge:8:support', recipient: 'support@cordee.example', locale: 'en', replyTo: 'ana@example.com' });
    expect(toSupport.subject).toBe('Concierge request: Lyngen Alps, from Ana');
    expectContains(toSupport, 'March 2027', 'Ski touring', '3 travellers', '+34600000000');
  });

  it('concierge without activity, month or budget', () => {
    const [toRequester] = conciergeRequestEmails(concierge(locale, { activity: null, month: null, budget: null }), settings);
    expectContains(toRequester, { en: 'No preference', fr: 'Pas de préférence', es: 'Sin preferencia' }[locale], 'Flexible');
  });
});

describe('request e-mails and what people type', () => {
  it('escapes it in HTML and keeps subjects on one line', () => {
    const [toRequester, toSupport] = conciergeRequestEmails(concierge('en', { destination: '<b>Nepal</b>\r\nBcc: x@example.com', message: '<script>alert(1)</script>' }), settings);
    for (const email of [toRequester, toSupport]) {
      expect(email.html).not.toMatch(/<script|<b>/);
      expect(email.subject).not.toMatch(/[\r\n]/);
    }
    const [toBuyer] = giftCardRequestEmails(giftCard('en', { recipientName: '<img src=x>' }), settings);
    expect(toBuyer.html).not.toContain('<img');
  });
});
