import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { formErrors, limitMessage, readFormMessage } from '@/lib/forms/errors';
import { normalizePhone } from '@/lib/forms/fields';
import { bookingLimitErrors, bookingRequestSchema, guideQuestionSchema, helpMessageSchema, openGroupJoinSchema } from '@/lib/forms/schemas';
import { issuesByField } from '@/lib/forms/errors';

const key = '0f8fad5b-d9cb-469f-a165-70867728950e';
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const validBooking = {
  idempotencyKey: key,
  locale: 'fr',
  tripId: 3,
  firstName: 'Jeanne',
  lastName: 'Barret',
  email: 'jeanne@example.com',
  phone: { country: 'FR', number: '06 12 34 56 78' },
  travellers: 2,
  days: 5,
  dates: { start: future(40), end: future(46) },
  comment: 'Nous aimerions une journée de repos à Courmayeur.',
  openGroupId: null,
  acceptTerms: true,
};

const errorsOf = (result: { success: boolean; error?: { issues: never[] } }) => (result.success ? {} : issuesByField(result.error!.issues));

describe('spec §5 booking request rules', () => {
  it('accepts a complete request and normalises the phone to E.164', () => {
    const parsed = bookingRequestSchema().parse(validBooking);
    expect(parsed.phone).toBe('+33612345678');
    expect(parsed.campaignData).toBeUndefined();
  });

  it('gives every spec §5 message on an empty submit', () => {
    const empty = { idempotencyKey: key, locale: 'en', tripId: 3, firstName: '', lastName: '', email: '', phone: { country: 'GB', number: '' }, travellers: Number.NaN, days: Number.NaN, dates: { start: null, end: null }, comment: '', openGroupId: null, acceptTerms: false };
    expect(errorsOf(bookingRequestSchema().safeParse(empty) as never)).toEqual({
      firstName: formErrors.firstName,
      lastName: formErrors.lastName,
      email: formErrors.email,
      phone: formErrors.phone,
      travellers: limitMessage(formErrors.travellers, { min: 1, max: 50 }),
      days: limitMessage(formErrors.days, { min: 1, max: 60 }),
      dates: formErrors.dateRange,
      comment: formErrors.questions,
      acceptTerms: formErrors.terms,
    });
  });

  it.each([
    ['a comment too short', { comment: 'Hi there' }, 'comment', limitMessage(formErrors.comment, { min: 20 })],
    ['an e-mail without domain', { email: 'jeanne@' }, 'email', formErrors.email],
    ['a phone too short for its country', { phone: { country: 'FR', number: '0612' } }, 'phone', formErrors.phone],
    ['no traveller', { travellers: 0 }, 'travellers', limitMessage(formErrors.travellers, { min: 1, max: 12 })],
    ['half a traveller', { travellers: 1.5 }, 'travellers', limitMessage(formErrors.travellers, { min: 1, max: 12 })],
    ['more travellers than the trip takes', { travellers: 13 }, 'travellers', limitMessage(formErrors.travellers, { min: 1, max: 12 })],
    ['fewer days than the minimum', { days: 1 }, 'days', limitMessage(formErrors.days, { min: 3, max: 10 })],
    ['dates in the wrong order', { dates: { start: future(50), end: future(45) } }, 'dates', formErrors.dateRange],
    ['dates in the past', { dates: { start: '2020-01-01', end: '2020-01-09' } }, 'dates', formErrors.dateRange],
    ['a range shorter than the trip', { days: 8 }, 'dates', formErrors.dateRange],
    ['terms not accepted', { acceptTerms: false }, 'acceptTerms', formErrors.terms],
    ['a name of 500 letters', { firstName: 'a'.repeat(500) }, 'firstName', limitMessage(formErrors.tooLong, { max: 100 })],
  ])('refuses %s', (_, change, field, message) => {
    const schema = bookingRequestSchema({ minDays: 3, maxDays: 10, maxTravellers: 12 });
    expect(errorsOf(schema.safeParse({ ...validBooking, ...change }) as never)[field]).toBe(message);
  });

  it('asks the open-group join for an e-mail first (spec §5 Fill email)', () => {
    const join = { idempotencyKey: key, locale: 'en', openGroupId: 4, email: '', travellers: 2, waitlist: false, acceptTerms: true };
    expect(errorsOf(openGroupJoinSchema.safeParse(join) as never)).toEqual({ email: formErrors.fillEmail });
    expect(errorsOf(openGroupJoinSchema.safeParse({ ...join, email: 'nope' }) as never)).toEqual({ email: formErrors.email });
    expect(openGroupJoinSchema.safeParse({ ...join, email: 'a@b.co' }).success).toBe(true);
  });

  it('asks one-name forms for a full name, and takes an optional phone', () => {
    const help = { idempotencyKey: key, locale: 'es', name: ' ', email: 'a@b.co', phone: { country: 'ES', number: '' }, message: 'Hola', pageUrl: null, acceptTerms: true };
    expect(errorsOf(helpMessageSchema.safeParse(help) as never)).toEqual({ name: formErrors.fullName });
    expect(helpMessageSchema.parse({ ...help, name: 'Lucía García' }).phone).toBeNull();
    const question = { idempotencyKey: key, locale: 'es', guideId: 1, tripId: null, firstName: 'L', lastName: 'G', email: 'a@b.co', phone: { country: 'ES', number: '612 34 56 78' }, questions: '¿Qué material necesito en septiembre?', acceptTerms: true };
    expect(guideQuestionSchema.parse(question).phone).toBe('+34612345678');
  });

  it('normalises phone numbers typed in any usual way', () => {
    expect(normalizePhone({ country: 'GB', number: '020 7946 0958' })).toBe('+442079460958');
    expect(normalizePhone({ country: 'FR', number: '+41 21 345 67 89' })).toBe('+41213456789');
    expect(normalizePhone({ country: 'US', number: '(212) 555-0123' })).toBe('+12125550123');
    expect(normalizePhone({ country: 'XX', number: 'call me' })).toBeNull();
  });

  it('reads a country typed as its code or its calling code (before the list loads, or without JavaScript)', () => {
    expect(normalizePhone({ country: 'fr', number: '06 12 34 56 78' })).toBe('+33612345678');
    expect(normalizePhone({ country: '+49', number: '030 12345678' })).toBe('+493012345678');
    expect(normalizePhone({ country: '41', number: '021 345 67 89' })).toBe('+41213456789');
    expect(normalizePhone({ country: '+33', number: '+41 21 345 67 89' })).toBe('+41213456789');
    expect(normalizePhone({ country: '+999', number: '1234' })).toBeNull();
    const help = { idempotencyKey: key, locale: 'fr', name: 'Jeanne Martin', email: 'a@b.co', message: 'Bonjour', pageUrl: null, acceptTerms: true };
    expect(helpMessageSchema.parse({ ...help, phone: { country: '+49', number: '030 12345678' } }).phone).toBe('+493012345678');
    expect(helpMessageSchema.safeParse({ ...help, phone: { country: 'France (+33)', number: '06 12 34 56 78' } }).success).toBe(false);
  });

  it('has an English message for every error key', () => {
    for (const message of Object.values(formErrors)) expect(en.Forms.errors).toHaveProperty(message);
  });

  it('never throws on hostile input, and every rejection is a known message', () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.constantFrom('<script>alert(1)</script>', "'; DROP TABLE trips; --", '\u0000\u0007\r\n', 'a'.repeat(10_000), '😀'.repeat(300)),
    );
    const value = fc.oneof(hostile, fc.integer(), fc.double(), fc.constant(null), fc.boolean(), fc.object());
    const known = new Set<string>(Object.values(formErrors));
    fc.assert(
      fc.property(fc.record({ firstName: value, lastName: value, email: value, phone: fc.oneof(value, fc.record({ country: value, number: value })), travellers: value, days: value, dates: value, comment: value }), (input) => {
        const result = bookingRequestSchema().safeParse({ ...validBooking, ...input });
        if (result.success) return;
        for (const message of Object.values(issuesByField(result.error.issues))) expect(known.has(readFormMessage(message).key)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the trip limits the server checks once the trip is read', () => {
  it.each([
    [{ travellers: 12, days: 10 }, {}],
    [{ travellers: 13, days: 10 }, { travellers: limitMessage(formErrors.travellers, { min: 1, max: 12 }) }],
    [{ travellers: 2, days: 9 }, { days: limitMessage(formErrors.days, { min: 10, max: 10 }) }],
    [{ travellers: 2, days: 11 }, { days: limitMessage(formErrors.days, { min: 10, max: 10 }) }],
  ])('%o', (request, expected) => {
    expect(bookingLimitErrors(request, { minDays: 10, maxDays: 10, maxTravellers: 12 })).toEqual(expected);
  });

  it('accepts its own parsed output only through these limits, never through the form schema again', () => {
    // The parsed phone is E.164 text, not the form's {country, number}: parsing it again would refuse it.
    const parsed = bookingRequestSchema().parse(validBooking);
    expect(bookingRequestSchema().safeParse(parsed).success).toBe(false);
    expect(bookingLimitErrors(parsed, { minDays: 1, maxDays: 10, maxTravellers: 12 })).toEqual({});
  });
});
