import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conciergeRequests, contactMessages, giftCardRequests, outboxEmails } from '@/lib/db/schema';
import { storeConciergeRequest, storeContactMessage, storeGiftCardRequest } from '@/lib/db/submissions';
import { conciergeRequestSchema, contactMessageSchema, giftCardRequestSchema } from '@/lib/forms/request-schemas';
import { giftCardMoney, giftCardOffer, isGiftCardAmount } from '@/lib/gift-cards/amounts';
import { conciergeRequestEmails, contactMessageEmails, giftCardRequestEmails } from '@/lib/mail/templates';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const settings = { supportEmail: 'support@cordee.example' };
const campaign = { utm: { utm_source: 'newsletter' }, url: 'https://cordee.example/fr/conciergerie?utm_source=newsletter', firstSeenAt: '2026-11-20T10:00:00.000Z' };

describe.each(testDatabaseServers())('request forms stored with their e-mails, on the $name server', (server) => {
  let database: IsolatedDatabase;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
  });
  afterAll(async () => database?.close());

  const queued = (prefix: string) => database.db.select().from(outboxEmails).where(like(outboxEmails.dedupeKey, `${prefix}:%`));

  it('a contact message: stored once with its audience, however often it is sent; one acknowledgement and one message to support', async () => {
    const message = contactMessageSchema.parse({
      idempotencyKey: 'contact-retry-0001',
      locale: 'es',
      audience: 'guide_existing',
      name: 'Pemba Sherpa',
      email: 'pemba@example.com',
      phone: { country: 'NP', number: '9841234567' },
      message: 'No puedo actualizar mis fechas de temporada en mi ficha.',
      acceptTerms: true,
      campaignData: campaign,
    });
    const store = () =>
      storeContactMessage(
        { idempotencyKey: message.idempotencyKey, locale: message.locale, audience: message.audience, name: message.name, email: message.email, phone: message.phone, message: message.message, campaignData: message.campaignData ?? null },
        (row) => contactMessageEmails({ messageId: row.id, reference: row.reference, ...message }, settings),
        database.db,
      );
    const results = await Promise.all([store(), store(), store()]);
    const retry = await store();
    expect(new Set([...results, retry].map((result) => result.id)).size).toBe(1);
    expect([...results, retry].filter((result) => result.created)).toHaveLength(1);

    const rows = await database.db.select().from(contactMessages).where(eq(contactMessages.idempotencyKey, 'contact-retry-0001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ locale: 'es', audience: 'guide_existing', phone: '+9779841234567', campaignData: campaign });
    expect(rows[0]!.termsAcceptedAt).toBeInstanceOf(Date);
    const emails = await queued(`contact:${retry.id}`);
    expect(emails.map((email) => [email.kind, email.recipient, email.locale]).sort()).toEqual([
      ['contact-sender', 'pemba@example.com', 'es'],
      ['contact-support', 'support@cordee.example', 'en'],
    ]);
    expect(emails.find((email) => email.kind === 'contact-support')).toMatchObject({ replyTo: 'pemba@example.com', status: 'pending' });
  });

  it('a gift card request: the amount in minor units of the visitor currency, stored once with two e-mails', async () => {
    const rates = { base: 'EUR' as const, date: '2026-11-20', rates: { USD: '1.1601' } };
    const offer = giftCardOffer(rates, 'USD');
    const request = giftCardRequestSchema(offer).parse({
      idempotencyKey: 'gift-card-retry-0001',
      locale: 'en',
      currency: 'USD',
      amount: { choice: 'custom', custom: '450' },
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: { country: 'GB', number: '' },
      recipientName: 'Charles',
      recipientEmail: 'charles@example.com',
      message: 'For the Matterhorn, at last.',
      acceptTerms: true,
    });
    expect(isGiftCardAmount(request.amount, offer)).toBe(true);
    const amount = giftCardMoney(request.amount, offer.currency);
    const store = () =>
      storeGiftCardRequest(
        {
          idempotencyKey: request.idempotencyKey,
          locale: request.locale,
          name: request.name,
          email: request.email,
          phone: request.phone,
          amountMinor: amount.amountMinor,
          currency: amount.currency,
          recipientName: request.recipientName,
          recipientEmail: request.recipientEmail,
          message: request.message,
          geo: 'GB',
          campaignData: null,
        },
        (row) => giftCardRequestEmails({ requestId: row.id, reference: row.reference, ...request, amount, geo: 'GB', validityMonths: 18 }, settings),
        database.db,
      );
    const first = await store();
    const retry = await store();
    expect(first.created).toBe(true);
    expect(retry).toEqual({ id: first.id, reference: first.reference, created: false });
    const rows = await database.db.select().from(giftCardRequests).where(eq(giftCardRequests.idempotencyKey, 'gift-card-retry-0001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountMinor: 45_000, currency: 'USD', recipientName: 'Charles', recipientEmail: 'charles@example.com', message: 'For the Matterhorn, at last.', geo: 'GB', phone: null });
    const emails = await queued(`gift-card:${first.id}`);
    expect(emails).toHaveLength(2);
    expect(emails.find((email) => email.kind === 'gift-card-buyer')!.subject).toBe('Your gift card request: $450');
    expect(emails.find((email) => email.kind === 'gift-card-support')!.text).toContain('Charles');
  });

  it('a concierge request: stored once with two e-mails; nothing is kept when its e-mails cannot be stored', async () => {
    const request = conciergeRequestSchema(() => '2026-11-22').parse({
      idempotencyKey: 'concierge-retry-0001',
      locale: 'fr',
      name: 'Jeanne Barret',
      email: 'jeanne@example.com',
      phone: { country: 'FR', number: '06 12 34 56 78' },
      activity: 'mountaineering',
      destination: 'Cordillère Blanche',
      month: '2027-07',
      travellers: 2,
      budget: '',
      message: 'Notre premier 6 000 m, avec une bonne acclimatation.',
      acceptTerms: true,
    });
    const values = { ...request, geo: 'FR' };
    const row = { idempotencyKey: request.idempotencyKey, locale: request.locale, name: request.name, email: request.email, phone: request.phone, activity: request.activity, destination: request.destination, month: request.month, travellers: request.travellers, budget: request.budget, message: request.message, geo: 'FR' };

    await expect(storeConciergeRequest(row, () => [{ ...conciergeRequestEmails({ requestId: 0, reference: 'K7Q4MZ2T', ...values }, settings)[0], recipient: null as never }], database.db)).rejects.toThrow();
    expect(await database.db.select().from(conciergeRequests).where(eq(conciergeRequests.idempotencyKey, 'concierge-retry-0001'))).toHaveLength(0);

    const results = await Promise.all([1, 2].map(() => storeConciergeRequest(row, (row) => conciergeRequestEmails({ requestId: row.id, reference: row.reference, ...values }, settings), database.db)));
    expect(results[0]!.id).toBe(results[1]!.id);
    const rows = await database.db.select().from(conciergeRequests).where(eq(conciergeRequests.idempotencyKey, 'concierge-retry-0001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ activity: 'mountaineering', destination: 'Cordillère Blanche', month: '2027-07', travellers: 2, budget: null, phone: '+33612345678', geo: 'FR' });
    const emails = await queued(`concierge:${rows[0]!.id}`);
    expect(emails.map((email) => email.kind).sort()).toEqual(['concierge-requester', 'concierge-support']);
    expect(emails.find((email) => email.kind === 'concierge-requester')!.text).toContain('Alpinisme');
  });
});
