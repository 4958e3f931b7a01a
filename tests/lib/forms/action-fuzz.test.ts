import fc from 'fast-check';
import { createTranslator } from 'use-intl/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { conciergeRequestSchema, contactMessageSchema, giftCardRequestSchema } from '@/lib/forms/request-schemas';
import { bookingRequestSchema, guideQuestionSchema, helpMessageSchema, openGroupJoinSchema } from '@/lib/forms/schemas';
import { guideCancelSchema, proposalSchema, reassignSchema, requestStepSchema, reviewSchema, signInRequestSchema, supportRefundSchema, threadReplySchema } from '@/lib/forms/account-schemas';
import { openGroupsSchema, tripPricesSchema, tripSeasonsSchema, unavailableRangesSchema } from '@/lib/forms/guide-trip-schemas';
import type { Locale } from '@/lib/locales';
import { initialFormState } from '@/lib/forms/errors';
import { readFormData, toFormData } from '@/lib/forms/form-data';
import { post } from '../../support/form-post';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';

/**
 * Property-based fuzzing of every form's Server Action path (validatedAction with each form's own
 * schema and the request checks), sent as FormData as a browser sends it: whatever arrives, the action answers (never throws, so never a
 * 500), its handler (what stores) only ever sees valid, clean data, and every refusal is a message
 * of the form's locale. FUZZ_RUNS sets the runs per form (default 60 in `npm test`).
 */

const request = vi.hoisted(() => {
  process.env.RATE_LIMIT_PER_EMAIL = '3';
  process.env.RATE_LIMIT_PER_CLIENT_DOMAIN = '1000000';
  process.env.LOG_LEVEL = 'silent';
  return { headers: new Headers() };
});
vi.mock('next/headers', () => ({ headers: async () => request.headers }));
vi.mock('@sentry/nextjs', () => ({ captureException: vi.fn() }));
vi.mock('next-intl/server', async () => {
  const messages = { en: (await import('@/messages/en.json')).default, fr: (await import('@/messages/fr.json')).default, es: (await import('@/messages/es.json')).default };
  return {
    getTranslations: async ({ locale, namespace }: { locale: 'en' | 'fr' | 'es'; namespace: string }) => createTranslator({ locale, messages: messages[locale], namespace: namespace as never }),
  };
});

const { validatedAction, reject } = await import('@/lib/forms/validated-action');
const { SOCKET_ADDRESS_HEADER } = await import('@/lib/geo/socket-address');
const { rateLimiter } = await import('@/lib/server/form-guard');

const runs = Number(process.env.FUZZ_RUNS ?? 60);
const catalogues = { en, fr, es } as const;
const tomorrow = new Date(Date.now() + 86_400_000 * 40).toISOString().slice(0, 10);
const later = new Date(Date.now() + 86_400_000 * 45).toISOString().slice(0, 10);
const thisMonth = new Date().toISOString().slice(0, 7);

/** Every message a refusal may show in a locale: Forms.errors and FormGuard, rendered with sample values. */
function refusalMessages(locale: Locale): { exact: Set<string>; patterns: RegExp[] } {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const namespace of ['Forms.errors', 'FormGuard'] as const) {
    const t = createTranslator({ locale, messages: catalogues[locale], namespace: namespace as never });
    const group = namespace === 'FormGuard' ? catalogues[locale].FormGuard : catalogues[locale].Forms.errors;
    for (const [key, text] of Object.entries(group)) {
      if (/[{]/.test(text)) patterns.push(new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, '.+')}$`));
      else exact.add((t as (key: string) => string)(key));
    }
  }
  return { exact, patterns };
}
const allowed = { en: refusalMessages('en'), fr: refusalMessages('fr'), es: refusalMessages('es') };
const isLocalized = (locale: Locale, text: string) => allowed[locale].exact.has(text) || allowed[locale].patterns.some((pattern) => pattern.test(text));

/** Strings that break naive code: huge, control characters, HTML, SQL, header injection, odd unicode. */
const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "'; DROP TABLE trips; --",
    "1' OR '1'='1",
    'Jane\r\nBcc: everyone@example.com',
    'x\u0000y',
    '\u202eevil\u202c',
    '\ud800',
    '🏔️'.repeat(3000),
    'a'.repeat(100_000),
    '%0d%0aSet-Cookie: x=1',
    '{{7*7}}',
    '../../etc/passwd',
    'null',
  ),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 6000 }),
);
const hostileValue = fc.oneof(hostileString, fc.anything({ maxDepth: 2 }), fc.constantFrom(null, undefined, -1, 0, 1e308, Number.NaN, true, [], {}));

const phone = { country: 'FR', number: '612345678' };
const base = { idempotencyKey: 'fuzz-key-0000000001', locale: 'en', acceptTerms: true, campaignData: null };
const forms: Record<string, { schema: z.ZodType<{ locale: Locale }>; valid: Record<string, unknown> }> = {
  bookingRequest: {
    schema: bookingRequestSchema(),
    valid: {
      ...base,
      tripId: 1,
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      phone,
      travellers: 2,
      days: 3,
      dates: { start: tomorrow, end: later },
      comment: 'We would like to know more about the huts.',
      openGroupId: null,
    },
  },
  openGroupJoin: { schema: openGroupJoinSchema, valid: { ...base, openGroupId: 1, email: 'jane@example.com', travellers: 2, waitlist: false } },
  guideQuestion: {
    schema: guideQuestionSchema,
    valid: { ...base, guideId: 1, tripId: null, firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', phone: { country: 'FR', number: '' }, questions: 'Is the trip suitable for children of twelve?' },
  },
  helpMessage: { schema: helpMessageSchema, valid: { ...base, name: 'Jane Doe', email: 'jane@example.com', phone: { country: 'FR', number: '' }, message: 'Help please', pageUrl: '/trip/x' } },
  contactMessage: {
    schema: contactMessageSchema,
    valid: { ...base, audience: 'visitor', name: 'Jane Doe', email: 'jane@example.com', phone: { country: 'FR', number: '' }, message: 'A question about my booking next summer.' },
  },
  giftCardRequest: {
    schema: giftCardRequestSchema(),
    valid: {
      ...base,
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: { country: 'FR', number: '' },
      currency: 'EUR',
      amount: { choice: '100', custom: '' },
      recipientName: '',
      recipientEmail: '',
      message: '',
    },
  },
  conciergeRequest: {
    schema: conciergeRequestSchema(),
    valid: {
      ...base,
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: { country: 'FR', number: '' },
      activity: '',
      destination: 'Nepal',
      month: thisMonth,
      travellers: 2,
      budget: '',
      message: 'A quiet trek with a few summits, in spring.',
    },
  },
  // The account area: signed-in people's forms go through the same checks.
  signIn: { schema: signInRequestSchema, valid: { ...base, email: 'jane@example.com', next: '/account/bookings?lan=en' } },
  threadReply: { schema: threadReplySchema, valid: { ...base, threadKind: 'booking', reference: 'K7Q4-MZ2T', message: 'Yes, the huts are booked for you.' } },
  requestStep: { schema: requestStepSchema, valid: { ...base, reference: 'K7Q4MZ2T' } },
  proposal: { schema: proposalSchema, valid: { ...base, reference: 'K7Q4MZ2T', dates: { start: tomorrow, end: later }, total: 2400, message: 'Here are the dates.' } },
  reassign: { schema: reassignSchema, valid: { ...base, reference: 'K7Q4MZ2T', guideId: 2 } },
  guideCancel: { schema: guideCancelSchema, valid: { ...base, reference: 'K7Q4MZ2T', reason: 'The glacier is closed this week.' } },
  supportRefund: { schema: supportRefundSchema, valid: { ...base, reference: 'K7Q4MZ2T', amount: 120.5 } },
  review: { schema: reviewSchema, valid: { ...base, reference: 'K7Q4MZ2T', rating: 5, guideRating: 4, organisationRating: 5, valueRating: 3, comment: 'A wonderful week in the mountains.' } },
  tripPrices: { schema: tripPricesSchema, valid: { ...base, tripId: 1, entries: [{ people: 2, price: 120.5 }] } },
  openGroups: { schema: openGroupsSchema, valid: { ...base, tripId: 1, groups: [{ id: null, startsOn: tomorrow, totalSpots: 8, openSpots: 6, price: 900, confirmed: false }] } },
  tripSeasons: { schema: tripSeasonsSchema, valid: { ...base, tripId: 1, seasons: [{ from: '11-15', to: '04-30' }] } },
  unavailableRanges: { schema: unavailableRangesSchema, valid: { ...base, tripId: 1, ranges: [{ startsOn: tomorrow, endsOn: later }] } },
};

const ABSENT = Symbol('absent');

/**
 * A submission derived from the schema's own fields: the form's valid values (each run its own
 * e-mail address, so the per-address limit does not hide the stored path) with up to four fields
 * replaced by a hostile value or left out, plus hostile extra keys, guard fields and origins.
 */
function submission(valid: Record<string, unknown>, schema: z.ZodType) {
  const keys = Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? valid);
  const fields = fc
    .tuple(fc.subarray(keys, { maxLength: Math.min(4, keys.length) }), fc.array(fc.oneof({ weight: 4, arbitrary: hostileValue }, { weight: 1, arbitrary: fc.constant(ABSENT) }), { minLength: 4, maxLength: 4 }), fc.uuid())
    .map(([chosen, values, id]) => {
      const fieldValues: Record<string, unknown> = { ...valid, ...('email' in valid ? { email: `${id.slice(0, 8)}@example.com` } : {}) };
      chosen.forEach((key, index) => {
        if (values[index] === ABSENT) delete fieldValues[key];
        else fieldValues[key] = values[index];
      });
      return fieldValues;
    });
  return fc.record({
    fields,
    locale: fc.constantFrom<Locale>('en', 'fr', 'es'),
    guard: fc.record({ website: fc.oneof({ weight: 8, arbitrary: fc.constant('') }, { weight: 1, arbitrary: hostileValue }), fillMs: fc.oneof({ weight: 8, arbitrary: fc.constant(5000) }, { weight: 1, arbitrary: hostileValue }) }),
    origin: fc.oneof({ weight: 8, arbitrary: fc.constant('http://127.0.0.1:3000') }, { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null', '') }),
    ip: fc.ipV4(),
    extra: fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 }),
  });
}

/** Stored text must be clean: no control characters, no single-line value on several lines. */
function expectClean(value: unknown, path: string): void {
  if (typeof value === 'string') {
    expect(value, path).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e]/);
    // The fields the schemas read as several lines (cleanString(..., { multiline: true })).
    if (!/comment|questions|message|reason/.test(path)) expect(value, path).not.toMatch(/[\r\n]/);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) if (key !== 'campaignData') expectClean(inner, `${path}.${key}`);
  }
}

beforeEach(() => {
  request.headers = new Headers();
});

describe.each(Object.entries(forms))('fuzzing the %s action', (_, { schema, valid }) => {
  it('answers every input with stored valid data or localized messages, never an exception', async () => {
    const outcomes = { stored: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(submission(valid, schema), async ({ fields, locale, guard, origin, ip, extra }) => {
        request.headers = new Headers({ host: '127.0.0.1:3000', origin, [SOCKET_ADDRESS_HEADER]: ip, 'sec-fetch-site': origin === 'http://127.0.0.1:3000' ? 'same-origin' : 'cross-site' });
        const stored: unknown[] = [];
        const action = validatedAction(schema, async (data) => {
          stored.push(data);
          return { ok: true as const, id: stored.length };
        });
        const input = { ...extra, ...fields, locale: 'locale' in fields ? fields.locale : locale, ...guard };
        const result = await action(initialFormState, toFormData(input));
        const answerLocale: Locale = fields.locale === 'en' || fields.locale === 'fr' || fields.locale === 'es' ? fields.locale : 'en';
        outcomes[result.status === 'sent' ? 'stored' : 'refused'] += 1;
        if (result.status === 'sent') {
          expect(stored).toHaveLength(1);
          // What was sent passes the schema, with the key the server draws for a form sent without one.
          const sent = readFormData(toFormData(input));
          sent.idempotencyKey ||= (stored[0] as { idempotencyKey?: string }).idempotencyKey;
          expect(schema.safeParse(sent).success).toBe(true);
          expectClean(stored[0], 'data');
        } else {
          expect(stored).toHaveLength(0);
          expect(result.status).toBe('refused');
          expect(isLocalized(answerLocale, result.formError ?? ''), result.formError ?? '').toBe(true);
          for (const message of Object.values(result.fieldErrors)) expect(isLocalized(answerLocale, message), message).toBe(true);
        }
      }),
      { numRuns: runs },
    );
    // Both paths were taken: the property is not vacuous.
    expect(outcomes.stored).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});

describe('validatedAction', () => {
  const valid = forms.contactMessage!.valid;
  const sameOrigin = () => new Headers({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', [SOCKET_ADDRESS_HEADER]: '192.0.2.10' });

  it('stores a valid submission and answers a handler crash with a localized "try again"', async () => {
    request.headers = sameOrigin();
    const ok = await post(validatedAction(contactMessageSchema, async () => ({ ok: true as const, id: 7 })), { ...valid, locale: 'fr', fillMs: 5000 });
    expect(ok).toMatchObject({ status: 'sent', result: { ok: true, id: 7 }, values: { email: valid.email } });
    const crashed = await post(
      validatedAction(contactMessageSchema, async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432 select * from contact_messages');
      }),
      { ...valid, email: 'crash@example.com', locale: 'fr', fillMs: 5000 },
    );
    expect(crashed).toMatchObject({ status: 'refused', retryable: true, formError: fr.Forms.errors.retryLater });
    expect(JSON.stringify(crashed)).not.toMatch(/ECONNREFUSED|select \*|stack|at /);
  });

  it('refuses a forged call that is not a form, and draws a key for a form sent without one', async () => {
    request.headers = sameOrigin();
    const stored: unknown[] = [];
    const action = validatedAction(contactMessageSchema, async (data) => {
      stored.push(data);
      return { ok: true as const, id: 1 };
    });
    const forged = await (action as unknown as (state: unknown, input: unknown) => Promise<{ status: string; formError: string }>)(null, { ...valid, locale: 'fr', fillMs: 5000 });
    expect(forged).toMatchObject({ status: 'refused', formError: en.Forms.errors.checkData });
    expect(stored).toHaveLength(0);
    const noScript = await post(action, { ...valid, idempotencyKey: '', email: `noscript-${Date.now()}@example.com`, website: '' });
    expect(noScript.status).toBe('sent');
    expect(stored).toEqual([expect.objectContaining({ idempotencyKey: expect.stringMatching(/^[A-Za-z0-9-]{16,64}$/) })]);
    expect(noScript.values.idempotencyKey).toBe((stored[0] as { idempotencyKey: string }).idempotencyKey);
  });

  it('answers a refusal with the text that was sent, never the honeypot nor the fill time', async () => {
    request.headers = sameOrigin();
    const action = validatedAction(contactMessageSchema, async () => ({ ok: true as const, id: 1 }));
    const refused = await post(action, { ...valid, email: 'not-an-address', phone: { country: 'FR', number: '12' }, locale: 'es', fillMs: 5000, website: '' });
    expect(refused).toMatchObject({ status: 'refused', fieldErrors: { email: es.Forms.errors.emailInvalid, phone: es.Forms.errors.phoneInvalid }, values: { email: 'not-an-address', 'phone.number': '12', acceptTerms: 'on' } });
    expect(refused.values).not.toHaveProperty('website');
    expect(refused.values).not.toHaveProperty('fillMs');
  });

  it('refuses a cross-site submission, a filled honeypot and a form sent too fast', async () => {
    const action = validatedAction(contactMessageSchema, async () => ({ ok: true as const, id: 1 }));
    request.headers = new Headers({ host: 'www.cordee.example', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(await post(action, { ...valid, locale: 'es', fillMs: 5000 })).toMatchObject({ status: 'refused', formError: es.FormGuard.crossOrigin });
    request.headers = sameOrigin();
    expect(await post(action, { ...valid, website: 'http://spam.example', fillMs: 5000 })).toMatchObject({ status: 'refused', formError: en.Forms.errors.checkData });
    expect(await post(action, { ...valid, fillMs: 10 })).toMatchObject({ status: 'refused', formError: en.FormGuard.tooFast });
  });

  it('answers the rate limit with a localized "try again in N minutes" once an e-mail address sent too often', async () => {
    request.headers = sameOrigin();
    // Sent submissions spend the address's budget (refused ones give it back).
    const action = validatedAction(contactMessageSchema, async () => ({ ok: true as const, id: 1 }));
    const email = `limit-${Date.now()}@example.com`;
    let last = await post(action, { ...valid, email, locale: 'fr', fillMs: 5000 });
    for (let attempt = 0; attempt < 20 && !('retryAfterMinutes' in last); attempt += 1) last = await post(action, { ...valid, email, locale: 'fr', fillMs: 5000 });
    expect(last).toMatchObject({ status: 'refused', retryAfterMinutes: 15, formError: 'Trop de messages ont été envoyés depuis cette connexion. Veuillez réessayer dans 15 minutes.' });
    await rateLimiter().close();
  });

  it('gives the address its budget back when the handler refuses or fails: only what was sent spends it', async () => {
    const email = `kept-${Date.now()}@example.com`;
    const from = (index: number) => new Headers({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', [SOCKET_ADDRESS_HEADER]: `198.51.100.${index}` });
    const refusing = validatedAction(contactMessageSchema, async () => reject({ message: 'commentTooShort' }));
    const failing = validatedAction(contactMessageSchema, async () => {
      throw new Error('database down');
    });
    for (let index = 0; index < 8; index += 1) {
      request.headers = from(index);
      expect(await post(index % 2 ? failing : refusing, { ...valid, email, fillMs: 5000 })).toMatchObject({ status: 'refused' });
    }
    // RATE_LIMIT_PER_EMAIL is 3 here: the eight refused left all three.
    const sending = validatedAction(contactMessageSchema, async () => ({ ok: true as const, id: 1 }));
    const outcomes = [];
    for (let index = 10; index < 14; index += 1) {
      request.headers = from(index);
      outcomes.push(await post(sending, { ...valid, email, fillMs: 5000 }));
    }
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['sent', 'sent', 'sent', 'refused']);
    expect(outcomes.at(-1)).toMatchObject({ retryAfterMinutes: 15 });
  });

  it('counts rotating or garbage X-Forwarded-For values against the socket address (no proxy trusted by default)', async () => {
    const action = validatedAction(contactMessageSchema, async () => ({ ok: true as const, id: 1 }));
    const sent = async (socket: string | null, forwardedFor: string, index: number) => {
      request.headers = new Headers({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'x-forwarded-for': forwardedFor, ...(socket ? { [SOCKET_ADDRESS_HEADER]: socket } : {}) });
      return post(action, { ...valid, email: `rotate-${index}-${Date.now()}@example.com`, fillMs: 5000 });
    };
    // 30 per address (RATE_LIMIT_PER_IP's default): the 31st and later are refused, whatever the header says.
    for (const socket of ['198.18.0.1', null]) {
      const outcomes = [];
      for (let index = 0; index < 33; index += 1) outcomes.push(await sent(socket, index % 2 ? `203.0.113.${index}` : `not-an-address-${index}`, index));
      expect(outcomes.filter((outcome) => outcome.status === 'sent')).toHaveLength(30);
      expect(outcomes.at(-1)).toMatchObject({ status: 'refused', retryAfterMinutes: 15 });
    }
  });
});
