import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activities } from '@/lib/catalogue/vocabulary';
import { contactAudiences as storedAudiences } from '@/lib/db/schema';
import { formErrors, limitMessage, readFormMessage } from '@/lib/forms/errors';
import { ANY_GIFT_CARD, conciergeMonths, conciergeRequestSchema, contactAudiences, contactMessageSchema, CUSTOM_AMOUNT, giftCardRequestSchema } from '@/lib/forms/request-schemas';
import { issuesByField } from '@/lib/forms/errors';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';

const key = '6f1c2a9e-4b7d-4c1e-9a55-0d2b8f3e7a10';
const errorsOf = (result: { success: boolean; error?: { issues: never[] } }) => (result.success ? {} : issuesByField(result.error!.issues));

const contact = {
  idempotencyKey: key,
  locale: 'fr',
  audience: 'guide_new',
  name: 'Jeanne Barret',
  email: 'jeanne@example.com',
  phone: { country: 'FR', number: '' },
  message: 'Je suis guide de haute montagne à Chamonix et je voudrais proposer mes courses.',
  acceptTerms: true,
};

describe('the need-help contact form', () => {
  it('offers the spec §3 audiences, the same values the contact_messages table stores', () => {
    expect([...contactAudiences]).toEqual([...storedAudiences]);
    for (const messages of [en, fr, es]) expect(Object.keys(messages.ContactForm.audiences)).toEqual([...contactAudiences]);
  });

  it('accepts a complete message; the phone is optional and normalised when given', () => {
    expect(contactMessageSchema.parse(contact)).toMatchObject({ audience: 'guide_new', name: 'Jeanne Barret', phone: null });
    expect(contactMessageSchema.parse({ ...contact, phone: { country: 'FR', number: '06 12 34 56 78' } }).phone).toBe('+33612345678');
  });

  it('gives a message for every missing field on an empty submit', () => {
    const empty = { idempotencyKey: key, locale: 'en', audience: '', name: '', email: '', phone: { country: 'GB', number: '' }, message: '', acceptTerms: false };
    expect(errorsOf(contactMessageSchema.safeParse(empty) as never)).toEqual({
      audience: formErrors.audience,
      name: formErrors.fullName,
      email: formErrors.email,
      message: formErrors.message,
      acceptTerms: formErrors.terms,
    });
  });

  it.each([
    ['an audience the form does not offer', { audience: 'press' }, 'audience', formErrors.audience],
    ['a message too short to act on', { message: 'Hello?' }, 'message', limitMessage(formErrors.comment, { min: 20 })],
    ['a message of spaces', { message: '      ' }, 'message', formErrors.message],
    ['a message over the maximum', { message: 'x'.repeat(5001) }, 'message', limitMessage(formErrors.tooLong, { max: 5000 })],
    ['a phone that is not one', { phone: { country: 'FR', number: '0612' } }, 'phone', formErrors.phone],
    ['an e-mail without domain', { email: 'jeanne@' }, 'email', formErrors.email],
  ])('refuses %s', (_, change, field, message) => {
    expect(errorsOf(contactMessageSchema.safeParse({ ...contact, ...change }) as never)).toEqual({ [field]: message });
  });
});

const giftCard = {
  idempotencyKey: key,
  locale: 'es',
  currency: 'EUR',
  amount: { choice: '250', custom: '' },
  name: 'Lucía García',
  email: 'lucia@example.com',
  phone: { country: 'ES', number: '' },
  recipientName: '',
  recipientEmail: '',
  message: '',
  acceptTerms: true,
};
const limits = { min: 50, max: 5000 };

describe('the gift card request', () => {
  it('turns the chosen preset into whole units, and empty optional fields into null', () => {
    expect(giftCardRequestSchema(limits).parse(giftCard)).toMatchObject({ amount: 250, currency: 'EUR', recipientName: null, recipientEmail: null, message: null, phone: null });
  });

  it.each([
    ['1500', 1500],
    ['1 500', 1500],
    ['1,500', 1500],
    ['1.500', 1500],
    ['1500.00', 1500],
    ['  75 ', 75],
  ])('reads a custom amount %j as %i', (text, units) => {
    expect(giftCardRequestSchema(limits).parse({ ...giftCard, amount: { choice: CUSTOM_AMOUNT, custom: text } }).amount).toBe(units);
  });

  it.each(['', '49', '5001', '12.5', '-100', 'abc', '1e3', '100 €', '0'])('refuses the custom amount %j', (text) => {
    expect(errorsOf(giftCardRequestSchema(limits).safeParse({ ...giftCard, amount: { choice: CUSTOM_AMOUNT, custom: text } }) as never)).toEqual({ amount: formErrors.giftCardAmount });
  });

  it('refuses no choice at all, and lets the server check its own bounds when it parses with any limits', () => {
    expect(errorsOf(giftCardRequestSchema(limits).safeParse({ ...giftCard, amount: { choice: '', custom: '' } }) as never)).toEqual({ amount: formErrors.giftCardAmount });
    expect(giftCardRequestSchema().parse({ ...giftCard, amount: { choice: '20000000', custom: '' } }).amount).toBe(20_000_000);
    expect(giftCardRequestSchema().safeParse({ ...giftCard, amount: { choice: String(ANY_GIFT_CARD.max + 1), custom: '' } }).success).toBe(false);
  });

  it('checks the recipient e-mail only when one is given, and keeps the recipient and message', () => {
    expect(errorsOf(giftCardRequestSchema(limits).safeParse({ ...giftCard, recipientEmail: 'marta@' }) as never)).toEqual({ recipientEmail: formErrors.email });
    const parsed = giftCardRequestSchema(limits).parse({ ...giftCard, recipientName: ' Marta ', recipientEmail: 'marta@example.com', message: '¡Feliz cumpleaños!' });
    expect(parsed).toMatchObject({ recipientName: 'Marta', recipientEmail: 'marta@example.com', message: '¡Feliz cumpleaños!' });
    expect(errorsOf(giftCardRequestSchema(limits).safeParse({ ...giftCard, message: 'x'.repeat(1001) }) as never)).toEqual({ message: limitMessage(formErrors.tooLong, { max: 1000 }) });
  });

  it('gives the buyer messages on an empty submit', () => {
    const empty = { ...giftCard, name: '', email: '', acceptTerms: false };
    expect(errorsOf(giftCardRequestSchema(limits).safeParse(empty) as never)).toEqual({ name: formErrors.fullName, email: formErrors.email, acceptTerms: formErrors.terms });
  });
});

const today = () => '2026-11-22';
const concierge = {
  idempotencyKey: key,
  locale: 'en',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: { country: 'GB', number: '020 7946 0958' },
  activity: 'trekking',
  destination: 'Nepal, Annapurna',
  month: '2027-04',
  travellers: 4,
  budget: '£3,000 each',
  message: 'Two couples, fit hikers, first time above 4,000 m; we would like tea houses.',
  acceptTerms: true,
};

describe('the concierge request', () => {
  it('lists this month and the next 17', () => {
    const months = conciergeMonths('2026-11-22');
    expect(months).toHaveLength(18);
    expect(months[0]).toBe('2026-11');
    expect(months[1]).toBe('2026-12');
    expect(months[2]).toBe('2027-01');
    expect(months.at(-1)).toBe('2028-04');
  });

  it('accepts a complete request', () => {
    expect(conciergeRequestSchema(today).parse(concierge)).toMatchObject({ activity: 'trekking', month: '2027-04', travellers: 4, phone: '+442079460958', budget: '£3,000 each' });
  });

  it('makes activity, month, budget and phone optional', () => {
    const parsed = conciergeRequestSchema(today).parse({ ...concierge, activity: '', month: '', budget: ' ', phone: { country: 'GB', number: '' } });
    expect(parsed).toMatchObject({ activity: null, month: null, budget: null, phone: null });
  });

  it('gives a message for every required field on an empty submit', () => {
    const empty = { ...concierge, name: '', email: '', phone: { country: 'GB', number: '' }, activity: '', destination: '', month: '', travellers: Number.NaN, budget: '', message: '', acceptTerms: false };
    expect(errorsOf(conciergeRequestSchema(today).safeParse(empty) as never)).toEqual({
      name: formErrors.fullName,
      email: formErrors.email,
      destination: formErrors.destination,
      travellers: limitMessage(formErrors.travellers, { min: 1, max: 20 }),
      message: formErrors.questions,
      acceptTerms: formErrors.terms,
    });
  });

  it.each([
    ['no traveller', { travellers: 0 }, 'travellers', limitMessage(formErrors.travellers, { min: 1, max: 20 })],
    ['more than 20 travellers', { travellers: 21 }, 'travellers', limitMessage(formErrors.travellers, { min: 1, max: 20 })],
    ['half a traveller', { travellers: 2.5 }, 'travellers', limitMessage(formErrors.travellers, { min: 1, max: 20 })],
    ['wishes too short', { message: 'Nepal pls' }, 'message', limitMessage(formErrors.comment, { min: 20 })],
    ['an activity the catalogue does not have', { activity: 'base-jumping' }, 'activity', formErrors.checkData],
    ['a month past', { month: '2026-09' }, 'month', formErrors.checkData],
    ['a month beyond 18 months', { month: '2028-05' }, 'month', formErrors.checkData],
    ['a month that is not one', { month: '2027-13' }, 'month', formErrors.checkData],
  ])('refuses %s', (_, change, field, message) => {
    expect(errorsOf(conciergeRequestSchema(today).safeParse({ ...concierge, ...change }) as never)).toEqual({ [field]: message });
  });

  it('still accepts last month, for a page opened before the month changed', () => {
    expect(conciergeRequestSchema(() => '2026-12-01').parse({ ...concierge, month: '2026-11' }).month).toBe('2026-11');
  });

  it('offers every catalogue activity', () => {
    for (const activity of activities) expect(conciergeRequestSchema(today).parse({ ...concierge, activity }).activity).toBe(activity);
  });
});

describe('request forms against hostile input', () => {
  it('never throw, and every rejection is a known message', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.boolean(), fc.object(), fc.constantFrom('<script>', '\u0000\r\n', 'a'.repeat(6000)));
    const known = new Set<string>(Object.values(formErrors));
    const check = (result: { success: boolean; error?: { issues: never[] } }) => {
      if (!result.success) for (const message of Object.values(issuesByField(result.error!.issues))) expect(known.has(readFormMessage(message).key)).toBe(true);
    };
    fc.assert(
      fc.property(fc.record({ audience: value, name: value, email: value, message: value, amount: fc.oneof(value, fc.record({ choice: value, custom: value })), destination: value, month: value, travellers: value }), (input) => {
        check(contactMessageSchema.safeParse({ ...contact, ...input }) as never);
        check(giftCardRequestSchema(limits).safeParse({ ...giftCard, ...input }) as never);
        check(conciergeRequestSchema(today).safeParse({ ...concierge, ...input }) as never);
      }),
      { numRuns: 200 },
    );
  });

  it('has the new messages in every language', () => {
    for (const message of [formErrors.audience, formErrors.message, formErrors.destination, formErrors.giftCardAmount, formErrors.giftCardCurrency]) {
      for (const messages of [en, fr, es]) expect(messages.Forms.errors).toHaveProperty(message);
    }
  });
});
