import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '@/lib/auth/tokens';
import { addThreadMessage, getRequestThread, isAnswered, listRequestThreads, transitionBookingRequest } from '@/lib/db/queries/account-requests';
import { createSignInLink, endAllSessions, endSession, getAnalyticsId, getSessionUser, signInLinkAccount, signInWithLink } from '@/lib/db/queries/accounts';
import { bookingRequestEvents, bookingRequests, guideQuestions, guides, outboxEmails, sessions, signInLinks, trips, users } from '@/lib/db/schema';
import type { OutboxEmailInput } from '@/lib/mail/templates';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const mail = (dedupeKey: string, recipient = 'someone@example.com'): OutboxEmailInput => ({ dedupeKey, kind: 'test', recipient, locale: 'en', subject: 'Test', text: 'Test', html: '<p>Test</p>' });
const SUPPORT = ['support@cordee.example'];

describe.each(testDatabaseServers())('accounts, sessions and request threads, on the $name server', (server) => {
  let database: IsolatedDatabase;
  let guideA: { id: number; email: string };
  let guideB: { id: number; email: string };
  let tripOfA: number;
  let tripOfB: number;

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const db = database.db;
    const rows = await db.select({ id: guides.id }).from(guides).orderBy(guides.id).limit(2);
    guideA = { id: rows[0]!.id, email: 'guide-a@example.com' };
    guideB = { id: rows[1]!.id, email: 'Guide-B@Example.com' };
    await db.update(guides).set({ email: guideA.email }).where(eq(guides.id, guideA.id));
    await db.update(guides).set({ email: guideB.email }).where(eq(guides.id, guideB.id));
    tripOfA = (await db.select({ id: trips.id }).from(trips).where(eq(trips.guideId, guideA.id)).limit(1))[0]!.id;
    tripOfB = (await db.select({ id: trips.id }).from(trips).where(eq(trips.guideId, guideB.id)).limit(1))[0]!.id;
  });
  afterAll(async () => database?.close());

  /** A link made for `email`, with its token read from the e-mail it would send. */
  async function linkFor(email: string, key: string, now?: Date): Promise<string> {
    let token = '';
    await createSignInLink({ email, locale: 'fr', nextPath: '/account/bookings?lan=fr', idempotencyKey: key }, (made) => ((token = made), mail(`sign-in:${key}`, email)), now, database.db);
    return token;
  }

  it('stores only the hash of a sign-in link, and one link and one e-mail per submission', async () => {
    const token = await linkFor('Ada@Example.com', 'link-once-000001');
    await linkFor('Ada@Example.com', 'link-once-000001');
    const stored = await database.db.select().from(signInLinks).where(eq(signInLinks.idempotencyKey, 'link-once-000001'));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashToken(token));
    expect(stored[0]!.email).toBe('ada@example.com');
    expect(JSON.stringify(stored)).not.toContain(token);
    const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, 'sign-in:link-once-000001'));
    expect(mails).toHaveLength(1);
  });

  it('gives every account a random analytics id, stable across sign-ins, that says nothing of its row id', async () => {
    const first = await signInWithLink(await linkFor('analytics-a@example.com', 'link-analytics-01'), { supportEmails: SUPPORT }, database.db);
    const second = await signInWithLink(await linkFor('analytics-b@example.com', 'link-analytics-02'), { supportEmails: SUPPORT }, database.db);
    if (!first.ok || !second.ok) throw new Error('signed in');
    const [a, b] = [await getAnalyticsId(first.user.id, database.db), await getAnalyticsId(second.user.id, database.db)];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b).not.toBe(a);
    const again = await signInWithLink(await linkFor('Analytics-A@Example.com', 'link-analytics-03'), { supportEmails: SUPPORT }, database.db);
    expect(again.ok && (await getAnalyticsId(again.user.id, database.db))).toBe(a);
    expect(await getAnalyticsId(2_147_483_000, database.db)).toBeNull();
  });

  it('checks the role against the database at every request: a removed guide loses guide rights at once', async () => {
    const [spare] = await database.db.select({ id: guides.id }).from(guides).orderBy(guides.id).offset(2).limit(1);
    await database.db.update(guides).set({ email: 'leaving-guide@example.com' }).where(eq(guides.id, spare!.id));
    const signedIn = await signInWithLink(await linkFor('leaving-guide@example.com', 'link-removed-0001'), { supportEmails: SUPPORT }, database.db);
    if (!signedIn.ok) throw new Error('signed in');
    expect(await getSessionUser(signedIn.sessionToken, { supportEmails: SUPPORT }, database.db)).toMatchObject({ role: 'guide', guideId: spare!.id });
    // Removed from the guides (its address taken off): the same session is a traveller's on its next request.
    await database.db.update(guides).set({ email: null }).where(eq(guides.id, spare!.id));
    expect(await getSessionUser(signedIn.sessionToken, { supportEmails: SUPPORT }, database.db)).toMatchObject({ role: 'traveller', guideId: null });
    const [account] = await database.db.select({ role: users.role, guideId: users.guideId }).from(users).where(eq(users.id, signedIn.user.id));
    expect(account).toEqual({ role: 'traveller', guideId: null });
    // Support is whoever the support list names now.
    expect(await getSessionUser(signedIn.sessionToken, { supportEmails: ['leaving-guide@example.com'] }, database.db)).toMatchObject({ role: 'support' });
  });

  it('opens a session once per link, with the role the address has', async () => {
    const traveller = await signInWithLink(await linkFor('ada@example.com', 'link-role-000001'), { supportEmails: SUPPORT }, database.db);
    const guide = await signInWithLink(await linkFor('guide-b@example.com', 'link-role-000002'), { supportEmails: SUPPORT }, database.db);
    const support = await signInWithLink(await linkFor('Support@Cordee.example', 'link-role-000003'), { supportEmails: SUPPORT }, database.db);
    expect(traveller.ok && traveller.user).toMatchObject({ email: 'ada@example.com', role: 'traveller', guideId: null, locale: 'fr' });
    expect(guide.ok && guide.user).toMatchObject({ role: 'guide', guideId: guideB.id });
    expect(support.ok && support.user).toMatchObject({ role: 'support', guideId: null });
    expect(traveller.ok && traveller.nextPath).toBe('/account/bookings?lan=fr');
    if (!traveller.ok) throw new Error('signed in');
    expect(await getSessionUser(traveller.sessionToken, { supportEmails: SUPPORT }, database.db)).toMatchObject({ email: 'ada@example.com', role: 'traveller' });
    // The session table keeps the hash, never the token.
    expect(await database.db.select().from(sessions).where(eq(sessions.id, traveller.sessionToken))).toHaveLength(0);
  });

  it('tells which account a link opens while it can be used, spending nothing', async () => {
    const token = await linkFor('Pending@Example.com', 'link-pend-000001');
    const expired = await linkFor('pending@example.com', 'link-pend-000003', new Date(Date.now() - 16 * 60_000));
    expect(await signInLinkAccount(token, new Date(), database.db)).toEqual({ email: 'pending@example.com', confirmsJoin: false });
    expect(await signInLinkAccount(token, new Date(), database.db)).toEqual({ email: 'pending@example.com', confirmsJoin: false });
    expect(await signInLinkAccount(expired, new Date(), database.db)).toBeNull();
    expect((await signInWithLink(token, { supportEmails: SUPPORT }, database.db)).ok).toBe(true);
    expect(await signInLinkAccount(token, new Date(), database.db)).toBeNull();
    expect(await signInLinkAccount('a'.repeat(32), new Date(), database.db)).toBeNull();
  });

  it('refuses a spent, an expired and an unknown link', async () => {
    const token = await linkFor('ada@example.com', 'link-spent-00001');
    expect((await signInWithLink(token, { supportEmails: SUPPORT }, database.db)).ok).toBe(true);
    expect(await signInWithLink(token, { supportEmails: SUPPORT }, database.db)).toEqual({ ok: false, reason: 'used' });
    const old = await linkFor('ada@example.com', 'link-old-0000001', new Date(Date.now() - 16 * 60_000));
    expect(await signInWithLink(old, { supportEmails: SUPPORT }, database.db)).toEqual({ ok: false, reason: 'expired' });
    expect(await signInWithLink('a'.repeat(32), { supportEmails: SUPPORT }, database.db)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('spends a link once when two tabs use it at the same moment', async () => {
    const token = await linkFor('ada@example.com', 'link-race-000001');
    const outcomes = await Promise.all([1, 2, 3].map(() => signInWithLink(token, { supportEmails: SUPPORT }, database.db)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
  });

  it('rotates the session at sign-in and signs out here or everywhere', async () => {
    const first = await signInWithLink(await linkFor('grace@example.com', 'link-rot-0000001'), { supportEmails: SUPPORT }, database.db);
    if (!first.ok) throw new Error('signed in');
    const second = await signInWithLink(await linkFor('grace@example.com', 'link-rot-0000002'), { supportEmails: SUPPORT, replaceSession: first.sessionToken }, database.db);
    if (!second.ok) throw new Error('signed in');
    expect(second.sessionToken).not.toBe(first.sessionToken);
    expect(await getSessionUser(first.sessionToken, { supportEmails: SUPPORT }, database.db)).toBeNull();
    expect(await getSessionUser(second.sessionToken, { supportEmails: SUPPORT }, database.db)).not.toBeNull();
    const third = await signInWithLink(await linkFor('grace@example.com', 'link-rot-0000003'), { supportEmails: SUPPORT }, database.db);
    if (!third.ok) throw new Error('signed in');
    await endSession(third.sessionToken, database.db);
    expect(await getSessionUser(third.sessionToken, { supportEmails: SUPPORT }, database.db)).toBeNull();
    expect(await getSessionUser(second.sessionToken, { supportEmails: SUPPORT }, database.db)).not.toBeNull();
    const fourth = await signInWithLink(await linkFor('grace@example.com', 'link-rot-0000004'), { supportEmails: SUPPORT }, database.db);
    if (!fourth.ok) throw new Error('signed in');
    expect(await endAllSessions(fourth.user.id, database.db)).toBe(2);
    expect(await getSessionUser(second.sessionToken, { supportEmails: SUPPORT }, database.db)).toBeNull();
    // A session past its end opens nothing.
    const late = new Date(Date.now() + 31 * 24 * 3_600_000);
    const fifth = await signInWithLink(await linkFor('grace@example.com', 'link-rot-0000005'), { supportEmails: SUPPORT }, database.db);
    if (!fifth.ok) throw new Error('signed in');
    expect(await getSessionUser(fifth.sessionToken, { supportEmails: SUPPORT, now: late }, database.db)).toBeNull();
    expect(await database.db.select().from(users).where(eq(users.email, 'grace@example.com'))).toHaveLength(1);
  });

  describe('request threads: each side sees only its own', () => {
    let requestOfA: number;
    let requestOfB: number;
    let questionOfB: number;
    beforeAll(async () => {
      const request = (tripId: number, email: string, key: string) => ({
        idempotencyKey: key,
        locale: 'es' as const,
        tripId,
        firstName: 'Lucía',
        lastName: 'Pérez',
        email,
        phone: '+34612345678',
        travellers: 2,
        days: 5,
        startsOn: '2031-06-01',
        endsOn: '2031-06-07',
        comment: '¿Podemos añadir un día de descanso?',
        currency: 'EUR',
        totalMinor: 200000,
        depositMinor: 60000,
        remainderMinor: 140000,
      });
      [{ id: requestOfA }] = (await database.db.insert(bookingRequests).values(request(tripOfA, 'Lucia@Example.com', 'thread-req-00001')).returning({ id: bookingRequests.id })) as [{ id: number }];
      [{ id: requestOfB }] = (await database.db.insert(bookingRequests).values(request(tripOfB, 'other@example.com', 'thread-req-00002')).returning({ id: bookingRequests.id })) as [{ id: number }];
      [{ id: questionOfB }] = (await database.db
        .insert(guideQuestions)
        .values({ idempotencyKey: 'thread-q-000001', locale: 'es', guideId: guideB.id, tripId: tripOfB, firstName: 'Lucía', lastName: 'Pérez', email: 'lucia@example.com', questions: '¿Hace falta experiencia previa en glaciares?' })
        .returning({ id: guideQuestions.id })) as [{ id: number }];
    });

    it('lists a guide\'s trips\' threads and a traveller\'s own, newest first', async () => {
      const ofA = await listRequestThreads({ guideId: guideA.id }, 'en', database.db);
      expect(ofA.some((thread) => thread.kind === 'booking' && thread.id === requestOfA)).toBe(true);
      expect(ofA.some((thread) => thread.id === requestOfB || (thread.kind === 'question' && thread.id === questionOfB))).toBe(false);
      const lucia = await listRequestThreads({ email: 'lucia@example.com' }, 'es', database.db);
      expect(lucia.map((thread) => `${thread.kind}:${thread.id}`)).toEqual([`question:${questionOfB}`, `booking:${requestOfA}`]);
      const booking = lucia.find((thread) => thread.kind === 'booking');
      expect(booking).toMatchObject({ status: 'sent', totalMinor: 200000, currency: 'EUR' });
      expect(booking?.trip?.title).toBeTruthy();
    });

    it('answers null for another side\'s ids', async () => {
      expect(await getRequestThread({ guideId: guideA.id }, 'booking', requestOfB, 'en', database.db)).toBeNull();
      expect(await getRequestThread({ guideId: guideA.id }, 'question', questionOfB, 'en', database.db)).toBeNull();
      expect(await getRequestThread({ email: 'lucia@example.com' }, 'booking', requestOfB, 'en', database.db)).toBeNull();
      expect(await getRequestThread({ email: 'other@example.com' }, 'question', questionOfB, 'en', database.db)).toBeNull();
      expect(await getRequestThread({ guideId: guideB.id }, 'question', questionOfB, 'en', database.db)).not.toBeNull();
    });

    it('a guide\'s reply answers the request once, recorded with who and when, with its e-mail', async () => {
      const reply = { kind: 'booking' as const, threadId: requestOfA, authorRole: 'guide' as const, authorUserId: null, body: 'Sí, sin problema.', idempotencyKey: 'reply-once-00001' };
      const [first, again] = [
        await addThreadMessage(reply, (id) => mail(`booking:${requestOfA}:reply:${id}`), database.db),
        await addThreadMessage(reply, (id) => mail(`booking:${requestOfA}:reply:${id}`), database.db),
      ];
      expect(first).toMatchObject({ ok: true, created: true, status: 'answered' });
      expect(again).toMatchObject({ ok: true, created: false });
      const events = await database.db.select().from(bookingRequestEvents).where(eq(bookingRequestEvents.requestId, requestOfA));
      expect(events.map((event) => [event.fromStatus, event.toStatus, event.actorRole])).toEqual([['sent', 'answered', 'guide']]);
      expect(await database.db.select().from(outboxEmails).where(sql`${outboxEmails.dedupeKey} LIKE ${`booking:${requestOfA}:reply:%`}`)).toHaveLength(1);
      const thread = await getRequestThread({ email: 'lucia@example.com' }, 'booking', requestOfA, 'es', database.db);
      expect(thread && isAnswered(thread)).toBe(true);
      expect(thread?.messages.map((message) => [message.authorRole, message.body])).toEqual([['guide', 'Sí, sin problema.']]);
    });

    it('stores a proposal with its message once; the traveller accepts and the guide confirms', async () => {
      const guide = { role: 'guide' as const, userId: null };
      const proposal = { set: { proposedStartsOn: '2031-06-02', proposedEndsOn: '2031-06-08', proposedTotalMinor: 185000, proposedCurrency: 'EUR' }, message: { body: 'Del 2 al 8 de junio.', idempotencyKey: 'proposal-000001' } };
      const emails = (status: string) => [mail(`booking:${requestOfB}:${status}:proposal-000001`)];
      expect(await transitionBookingRequest(requestOfB, 'proposeDates', guide, emails, database.db, proposal)).toEqual({ ok: true, status: 'dates_proposed', changed: true });
      expect(await transitionBookingRequest(requestOfB, 'proposeDates', guide, emails, database.db, proposal)).toEqual({ ok: true, status: 'dates_proposed', changed: false });
      const thread = await getRequestThread({ email: 'other@example.com' }, 'booking', requestOfB, 'en', database.db);
      expect(thread?.kind === 'booking' && thread.proposal).toEqual({ startsOn: '2031-06-02', endsOn: '2031-06-08', totalMinor: 185000, currency: 'EUR' });
      expect(thread?.messages.map((message) => message.body)).toEqual(['Del 2 al 8 de junio.']);
      expect(await transitionBookingRequest(requestOfB, 'confirm', guide, () => [], database.db)).toEqual({ ok: false, reason: 'wrongStatus' });
      expect(await transitionBookingRequest(requestOfB, 'accept', { role: 'traveller', userId: null }, () => [], database.db)).toMatchObject({ ok: true, status: 'accepted' });
      expect(await transitionBookingRequest(requestOfB, 'confirm', guide, () => [], database.db)).toMatchObject({ ok: true, status: 'confirmed' });
      const events = await database.db.select().from(bookingRequestEvents).where(eq(bookingRequestEvents.requestId, requestOfB)).orderBy(bookingRequestEvents.id);
      expect(events.map((event) => `${event.fromStatus}>${event.toStatus}:${event.actorRole}`)).toEqual(['sent>dates_proposed:guide', 'dates_proposed>accepted:traveller', 'accepted>confirmed:guide']);
    });

    it('moves only through allowed transitions; a repeated cancel changes nothing', async () => {
      const actor = { role: 'traveller' as const, userId: null };
      expect(await transitionBookingRequest(requestOfA, 'accept', actor, () => [], database.db)).toEqual({ ok: false, reason: 'wrongStatus' });
      expect(await transitionBookingRequest(requestOfA, 'confirm', actor, () => [], database.db)).toEqual({ ok: false, reason: 'notAllowed' });
      expect(await transitionBookingRequest(requestOfA, 'cancel', actor, () => [], database.db)).toEqual({ ok: true, status: 'cancelled', changed: true });
      expect(await transitionBookingRequest(requestOfA, 'cancel', actor, () => [], database.db)).toEqual({ ok: true, status: 'cancelled', changed: false });
      const [row] = await database.db.select({ status: bookingRequests.status }).from(bookingRequests).where(eq(bookingRequests.id, requestOfA));
      expect(row?.status).toBe('cancelled');
      const events = await database.db.select().from(bookingRequestEvents).where(and(eq(bookingRequestEvents.requestId, requestOfA), eq(bookingRequestEvents.toStatus, 'cancelled')));
      expect(events).toHaveLength(1);
    });

    it('a traveller writes under their question and a living request, not under a cancelled one', async () => {
      const message = (kind: 'booking' | 'question', threadId: number, key: string) => ({ kind, threadId, authorRole: 'traveller' as const, authorUserId: null, body: 'Gracias, ¿y el material?', idempotencyKey: key });
      expect(await addThreadMessage(message('booking', requestOfA, 'trav-msg-000001'), () => mail('trav-msg-1'), database.db)).toEqual({ ok: false, reason: 'wrongStatus' });
      expect(await addThreadMessage(message('question', questionOfB, 'trav-msg-000002'), () => mail('trav-msg-2'), database.db)).toMatchObject({ ok: true, created: true });
      expect(await addThreadMessage(message('booking', requestOfB, 'trav-msg-000003'), () => mail('trav-msg-3'), database.db)).toMatchObject({ ok: true, created: true, status: undefined });
      // A traveller's message leaves the request where it was, and the guide's side sees it.
      const [row] = await database.db.select({ status: bookingRequests.status }).from(bookingRequests).where(eq(bookingRequests.id, requestOfB));
      expect(row?.status).toBe('confirmed');
      const seen = await getRequestThread({ guideId: guideB.id }, 'question', questionOfB, 'en', database.db);
      expect(seen?.messages.map((item) => item.authorRole)).toEqual(['traveller']);
      expect(seen?.guide).toMatchObject({ name: expect.any(String), email: guideB.email });
      expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, 'trav-msg-1'))).toHaveLength(0);
    });
  });
});
