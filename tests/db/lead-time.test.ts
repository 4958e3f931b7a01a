import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/db/queries/accounts';
import type { Database } from '@/lib/db/database';
import { getTripCalendar } from '@/lib/db/queries/availability';
import { getGuideTerms } from '@/lib/db/queries/guide-terms';
import { bookingRequests, guides, trips, unavailableRanges, users } from '@/lib/db/schema';
import { monthOf } from '@/lib/booking/calendar';
import { firstRequestableDay } from '@/lib/booking/lead-time';
import { isoDayOf } from '@/lib/iso-day';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';
import { post } from '../support/form-post';

/**
 * A guide's lead time, set in the guide area, decided by the server: a traveller's request for a
 * departure inside it is refused with the reason in the traveller's language, and the calendar shows
 * those days closed; a departure from its first day on is stored.
 */

const state = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env.RATE_LIMIT_PER_IP = '10000';
  process.env.RATE_LIMIT_PER_EMAIL = '10000';
  process.env.RATE_LIMIT_PER_CLIENT_DOMAIN = '1000000';
  return { db: null as unknown as Database, user: null as SessionUser | null, ip: 0 };
});
vi.mock('@/lib/db/client', () => ({ getDb: () => state.db }));
vi.mock('@/lib/server/session', () => ({ getSignedInUser: async () => state.user, sessionToken: async () => null, setSessionCookie: async () => {}, clearSessionCookie: async () => {} }));
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin', 'x-cordee-socket-address': `10.0.1.${(state.ip = (state.ip + 1) % 250)}` }),
  cookies: async () => ({ get: () => undefined, set: () => {} }),
}));
vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), updateTag: vi.fn(), unstable_cache: <T>(fn: T) => fn }));
vi.mock('@/lib/mail/worker', () => ({ kickOutbox: vi.fn(), logJsonLine: vi.fn() }));
vi.mock('@sentry/nextjs', () => ({ captureException: vi.fn() }));
vi.mock('next-intl/server', async () => {
  const all = { en: (await import('@/messages/en.json')).default, fr: (await import('@/messages/fr.json')).default, es: (await import('@/messages/es.json')).default };
  return { getTranslations: async ({ locale, namespace }: { locale: 'en' | 'fr' | 'es'; namespace: string }) => createTranslator({ locale, messages: all[locale], namespace: namespace as never }) };
});

const tripForms = await import('@/app/[locale]/trip/[slug]/actions');
const guideTerms = await import('@/app/[locale]/account/guide-terms-actions');

let keys = 0;
const key = () => `lead-time-${String(++keys).padStart(8, '0')}`;
const inDays = (days: number) => firstRequestableDay(isoDayOf(new Date()), days);
const messages = { en, fr, es };

describe.each(testDatabaseServers())('a guide’s lead time, on the $name server', (server) => {
  let database: IsolatedDatabase;
  let guideId: number;
  let tripId: number;
  let guide: SessionUser;

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    state.db = database.db;
    const db = database.db;
    // A guide on the spec's default (some demo guides take requests at shorter notice).
    const [row] = await db.select({ id: trips.id, guideId: trips.guideId }).from(trips).innerJoin(guides, eq(guides.id, trips.guideId)).where(and(eq(trips.published, true), eq(guides.leadDays, 30))).orderBy(trips.id).limit(1);
    tripId = row!.id;
    guideId = row!.guideId;
    // All year, room to spare, the guide never away: only the lead time can refuse.
    await db.update(trips).set({ seasons: [], monthlyCapacity: 31, minDays: 1 }).where(eq(trips.id, tripId));
    await db.delete(unavailableRanges).where(eq(unavailableRanges.tripId, tripId));
    const [user] = await db.insert(users).values({ email: 'lead-time-guide@example.com', role: 'guide', guideId, locale: 'en' }).returning();
    guide = { id: user!.id, email: user!.email, role: 'guide', guideId, locale: 'en' };
  });
  afterAll(async () => database?.close());

  const request = (locale: 'en' | 'fr' | 'es', start: string, end: string) => ({
    idempotencyKey: key(),
    locale,
    fillMs: 5000,
    website: '',
    tripId,
    openGroupId: '',
    firstName: 'Lucía',
    lastName: 'Romero',
    email: `lucia-${keys}@example.com`,
    phone: { country: 'ES', number: '612345678' },
    travellers: 2,
    days: 1,
    dates: { start, end },
    comment: 'We would love to join for a day on the ridge.',
    acceptTerms: true,
  });

  it('starts at the spec’s 30 days, and refuses a request inside it in the traveller’s language', async () => {
    expect(await getGuideTerms(guideId)).toEqual({ leadDays: 30, paymentInstructions: null });
    state.user = null;
    for (const locale of ['en', 'fr', 'es'] as const) {
      const refused = await post(tripForms.submitBookingRequest, request(locale, inDays(29), inDays(29)));
      const reason = createTranslator({ locale, messages: messages[locale], namespace: 'Forms.errors' })('datesInsideLeadTime', { days: 30 });
      expect(refused, locale).toMatchObject({ status: 'refused', fieldErrors: { dates: reason } });
    }
    expect(await post(tripForms.submitBookingRequest, request('en', inDays(30), inDays(30)))).toMatchObject({ status: 'sent' });
  });

  it('follows the lead time the guide sets, for requests and the calendar; refuses a lead time out of range', async () => {
    state.user = guide;
    const refused = await post(guideTerms.saveGuideTerms, { idempotencyKey: key(), locale: 'fr', leadDays: 0, paymentInstructions: '' });
    expect(refused).toMatchObject({ status: 'refused', fieldErrors: { leadDays: createTranslator({ locale: 'fr', messages: fr, namespace: 'Forms.errors' })('leadDaysInvalid', { min: 1, max: 365 }) } });
    expect(await post(guideTerms.saveGuideTerms, { idempotencyKey: key(), locale: 'en', leadDays: 45, paymentInstructions: '  Bank transfer to IBAN FR76 3000 6000 0112\nReference: your booking  ' })).toMatchObject({ status: 'sent' });
    expect(await getGuideTerms(guideId)).toEqual({ leadDays: 45, paymentInstructions: 'Bank transfer to IBAN FR76 3000 6000 0112\nReference: your booking' });

    state.user = null;
    const inside = await post(tripForms.submitBookingRequest, request('es', inDays(44), inDays(44)));
    expect(inside).toMatchObject({ status: 'refused', fieldErrors: { dates: createTranslator({ locale: 'es', messages: es, namespace: 'Forms.errors' })('datesInsideLeadTime', { days: 45 }) } });
    expect(await post(tripForms.submitBookingRequest, request('es', inDays(45), inDays(45)))).toMatchObject({ status: 'sent' });
    const stored = await database.db.select({ startsOn: bookingRequests.startsOn }).from(bookingRequests).where(eq(bookingRequests.tripId, tripId));
    expect(stored.map((row) => row.startsOn).sort()).toEqual([inDays(30), inDays(45)]);

    // The calendar closes the same days the server refuses.
    const today = isoDayOf(new Date());
    for (const month of new Set([monthOf(inDays(44)), monthOf(inDays(45))])) {
      const calendar = (await getTripCalendar(tripId, month, today))!;
      for (const day of calendar.days.filter((candidate) => candidate.date > today)) {
        expect(day.state, day.date).toBe(day.date < inDays(45) ? 'guide_unavailable' : 'available');
      }
    }

    // Shorter again: a request sooner goes through.
    state.user = guide;
    expect(await post(guideTerms.saveGuideTerms, { idempotencyKey: key(), locale: 'en', leadDays: 7, paymentInstructions: '' })).toMatchObject({ status: 'sent' });
    expect((await database.db.select({ leadDays: guides.leadDays, paymentInstructions: guides.paymentInstructions }).from(guides).where(eq(guides.id, guideId)))[0]).toEqual({ leadDays: 7, paymentInstructions: null });
    state.user = null;
    expect(await post(tripForms.submitBookingRequest, request('fr', inDays(7), inDays(7)))).toMatchObject({ status: 'sent' });
  });

  it('answers someone who is not a guide that the terms are not theirs', async () => {
    state.user = null;
    expect(await post(guideTerms.saveGuideTerms, { idempotencyKey: key(), locale: 'en', leadDays: 10, paymentInstructions: '' })).toMatchObject({ status: 'refused' });
    expect((await getGuideTerms(guideId))!.leadDays).toBe(7);
  });
});
