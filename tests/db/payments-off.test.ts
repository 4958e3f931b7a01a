import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingRequests, payments, trips } from '@/lib/db/schema';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

/** Without STRIPE_SECRET_KEY the site works as before: no client, no payment row, no webhook, no call anywhere. */
vi.hoisted(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  delete process.env.STRIPE_API_BASE;
});
vi.mock('@/lib/mail/worker', () => ({ kickOutbox: vi.fn(), logJsonLine: vi.fn() }));

describe.each(testDatabaseServers())('payments switched off, on the $name server', (server) => {
  let database: IsolatedDatabase;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
  });
  afterAll(() => database?.close());

  it('builds no Stripe client, opens no Checkout, answers 404 on the webhook and runs nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { stripeClient, paymentsEnabled } = await import('@/lib/payments/stripe');
    const { startCheckout, runPayments } = await import('@/lib/payments/online-payments');
    const { handleStripeWebhook } = await import('@/lib/payments/webhook');
    expect(paymentsEnabled()).toBe(false);
    expect(stripeClient()).toBeNull();
    const [trip] = await database.db.select({ id: trips.id }).from(trips).limit(1);
    const [request] = await database.db
      .insert(bookingRequests)
      .values({ idempotencyKey: 'payments-off-0000000001', locale: 'en', tripId: trip!.id, firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', phone: '+441234567890', travellers: 2, days: 3, comment: 'Hi', currency: 'EUR', status: 'confirmed', acceptedTotalMinor: 100000, acceptedCurrency: 'EUR' })
      .returning();
    expect(await startCheckout({ requestId: request!.id, travellerEmail: 'ada@example.com', kind: 'deposit', locale: 'en', consentText: '', productName: 'Trip' }, database.db)).toEqual({ ok: false, reason: 'disabled' });
    expect((await handleStripeWebhook('{}', 't=1,v1=x', database.db)).status).toBe(404);
    expect(await runPayments(new Date('2040-01-01T00:00:00Z'), database.db)).toEqual({ lapsed: 0, expired: 0, reminded: 0, charged: 0, reconciled: 0, refunded: 0, transferred: 0, reversed: 0 });
    // Guides' payouts are arranged off the platform: no account is opened, nothing is compared with Stripe.
    const connect = await import('@/lib/payments/connect');
    expect(await connect.startStripeOnboarding({ id: 1, countryCode: 'FR', email: null }, 'en', database.db)).toEqual({ ok: false, reason: 'disabled' });
    expect(await connect.reconcileGuideMovements(database.db)).toEqual([]);
    expect(await database.db.select().from(payments)).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
