import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { formErrors, limitMessage, readFormMessage } from '@/lib/forms/errors';
import { giftCardRequestSchema } from '@/lib/forms/request-schemas';
import { bookingRequestSchema, openGroupJoinSchemaFor } from '@/lib/forms/schemas';
import { issuesByField } from '@/lib/forms/errors';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';

const catalogues = { en, fr, es } as const;
type Locale = keyof typeof catalogues;

/** A schema's message as the reader sees it: what the form and the Server Action both do. */
function shown(locale: Locale, message: string): string {
  const t = createTranslator({ locale, messages: catalogues[locale], namespace: 'Forms.errors' });
  const { key, values } = readFormMessage(message);
  return t(key as never, values as never);
}

const firstIssue = (result: { success: boolean; error?: { issues: never[] } }, field: string) => (result.success ? undefined : issuesByField(result.error!.issues)[field]);

const giftCard = {
  idempotencyKey: '6f1c2a9e-4b7d-4c1e-9a55-0d2b8f3e7a10',
  locale: 'en',
  currency: 'EUR',
  amount: { choice: '100', custom: '' },
  name: 'Jeanne Barret',
  email: 'jeanne@example.com',
  phone: { country: 'FR', number: '' },
  recipientName: '',
  recipientEmail: '',
  message: 'x'.repeat(1001),
  acceptTerms: true,
};

describe('messages that state their limit', () => {
  it('reads back the key and the values of a limit message, and a bare key', () => {
    expect(readFormMessage(limitMessage(formErrors.tooLong, { max: 1000 }))).toEqual({ key: 'tooLong', values: { max: 1000 } });
    expect(readFormMessage(formErrors.email)).toEqual({ key: 'emailInvalid', values: {} });
    expect(readFormMessage('tooLong?max=abc&__proto__=1')).toEqual({ key: 'tooLong', values: {} });
  });

  it('tells the gift-card writer the 1,000 characters in each language (never cut)', () => {
    const message = firstIssue(giftCardRequestSchema().safeParse(giftCard) as never, 'message')!;
    expect(shown('en', message)).toBe('At most 1,000 characters.');
    expect(shown('fr', message)).toBe('1\u202f000 caractères au maximum.');
    expect(shown('es', message)).toBe('Como máximo 1000 caracteres.');
  });

  it('gives the travellers and days a trip takes', () => {
    const schema = bookingRequestSchema({ minDays: 3, maxDays: 10, maxTravellers: 12 });
    const result = schema.safeParse({ travellers: 99, days: 11 }) as never;
    expect(shown('en', firstIssue(result, 'travellers')!)).toBe('Please enter between 1 and 12 travellers.');
    expect(shown('fr', firstIssue(result, 'travellers')!)).toBe('Veuillez saisir entre 1 et 12 voyageurs.');
    expect(shown('es', firstIssue(result, 'days')!)).toBe('Introduce entre 3 y 10 días.');
  });

  it('says how many spots are left when a join asks for more', () => {
    const join = { idempotencyKey: giftCard.idempotencyKey, locale: 'en', openGroupId: 4, email: 'a@b.co', travellers: 99, waitlist: false, acceptTerms: true };
    const message = firstIssue(openGroupJoinSchemaFor(7).safeParse(join) as never, 'travellers')!;
    expect(shown('en', message)).toBe('Only 7 spots are left in this group.');
    expect(shown('fr', message)).toBe('Il ne reste que 7 places dans ce groupe.');
    expect(shown('es', message)).toBe('Solo quedan 7 plazas en este grupo.');
    expect(openGroupJoinSchemaFor(7).safeParse({ ...join, travellers: 7 }).success).toBe(true);
    expect(openGroupJoinSchemaFor(0).safeParse({ ...join, travellers: 9, waitlist: true }).success).toBe(true);
  });

  it('states the least detail a comment needs', () => {
    const message = firstIssue(bookingRequestSchema().safeParse({ comment: 'Hi' }) as never, 'comment')!;
    expect(shown('en', message)).toBe('Could you please provide a bit more detail? At least 20 characters.');
    expect(shown('es', message)).toBe('¿Podrías dar un poco más de detalle? Al menos 20 caracteres.');
  });
});
