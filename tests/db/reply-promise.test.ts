import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepQuestionPromise, keepReplyPromise, listOverdueQuestions, listOverdueRequests, reassignmentCandidates, reassignRequest, type WaitingQuestion, type WaitingRequest } from '@/lib/db/queries/reply-promise';
import { bookingRequests, guideQuestions, guides, outboxEmails, threadMessages, trips } from '@/lib/db/schema';
import type { OutboxEmailInput } from '@/lib/mail/templates';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const mail = (dedupeKey: string): OutboxEmailInput => ({ dedupeKey, kind: 'test', recipient: 'x@example.com', locale: 'en', subject: 'Test', text: 'Test', html: '<p>Test</p>' });
const emails = {
  reminder: (request: WaitingRequest) => mail(`promise-test:${request.id}:reminder:${request.guide.id}`),
  escalation: (request: WaitingRequest) => [mail(`promise-test:${request.id}:support:${request.guide.id}`), mail(`promise-test:${request.id}:traveller:${request.guide.id}`)],
};

describe.each(testDatabaseServers())('the 24-hour reply promise, on the $name server', (server) => {
  let database: IsolatedDatabase;
  const now = new Date('2031-01-10T12:00:00Z');
  const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  let trip: { id: number; guideId: number; countryCode: string };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    // A trip whose country has trips of other guides too.
    const rows = await database.db.select({ id: trips.id, guideId: trips.guideId, countryCode: trips.countryCode }).from(trips).orderBy(trips.id);
    trip = rows.find((row) => rows.some((other) => other.countryCode === row.countryCode && other.guideId !== row.guideId))!;
    const request = (key: string, createdAt: Date) => ({
      idempotencyKey: `promise-${key}-0000001`,
      locale: 'fr' as const,
      tripId: trip.id,
      firstName: 'Jeanne',
      lastName: 'Barret',
      email: `${key}@example.com`,
      phone: '+33612345678',
      travellers: 2,
      days: 3,
      comment: 'Une question sur le matériel, merci.',
      currency: 'EUR',
      createdAt,
    });
    for (const [key, hours] of [['fresh', 2], ['twelve', 13], ['overdue', 25], ['answered', 30]] as const) {
      const [row] = await database.db.insert(bookingRequests).values(request(key, hoursBefore(hours))).returning({ id: bookingRequests.id });
      ids[key] = row!.id;
    }
    await database.db.insert(threadMessages).values({ threadKind: 'booking', threadId: ids.answered!, authorRole: 'guide', body: 'Oui.', idempotencyKey: 'promise-answered-msg1' });
  });
  afterAll(async () => database?.close());

  const promiseMails = async () =>
    (await database.db.select({ key: outboxEmails.dedupeKey }).from(outboxEmails).where(like(outboxEmails.dedupeKey, 'promise-test:%'))).map((row) => row.key).sort();

  it('reminds at 12 hours and escalates at 24, each once, never an answered request', async () => {
    expect(await keepReplyPromise(emails, now, database.db)).toEqual({ reminded: 1, escalated: 1 });
    expect(await keepReplyPromise(emails, now, database.db)).toEqual({ reminded: 0, escalated: 0 });
    expect(await promiseMails()).toEqual(
      [`promise-test:${ids.overdue}:support:${trip.guideId}`, `promise-test:${ids.overdue}:traveller:${trip.guideId}`, `promise-test:${ids.twelve}:reminder:${trip.guideId}`].sort(),
    );
    const rows = await database.db.select().from(bookingRequests).where(inArray(bookingRequests.id, Object.values(ids)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids.fresh!)).toMatchObject({ remindedAt: null, escalatedAt: null });
    expect(byId.get(ids.answered!)).toMatchObject({ remindedAt: null, escalatedAt: null });
    expect(byId.get(ids.overdue!)?.escalatedAt).toEqual(now);
    // Twelve hours later the twelve-hour one is overdue too, and the fresh one is reminded.
    expect(await keepReplyPromise(emails, new Date(now.getTime() + 12 * 3_600_000), database.db)).toEqual({ reminded: 1, escalated: 1 });
  });

  it('lists the overdue requests for support, oldest first', async () => {
    const overdue = await listOverdueRequests(new Date(now.getTime() + 12 * 3_600_000), database.db);
    const mine = overdue.filter((request) => Object.values(ids).includes(request.id)).map((request) => request.id);
    expect(mine).toEqual([ids.overdue, ids.twelve]);
    expect(overdue.find((request) => request.id === ids.overdue)).toMatchObject({ locale: 'fr', traveller: { firstName: 'Jeanne' }, countryCode: trip.countryCode });
  });

  it('reassigns to another guide of the same country only, and the new guide\'s 24 hours start', async () => {
    const [request] = (await listOverdueRequests(now, database.db)).filter((candidate) => candidate.id === ids.overdue);
    const candidates = await reassignmentCandidates(request!, database.db);
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.map((candidate) => candidate.id)).not.toContain(trip.guideId);
    const [stranger] = await database.db.select({ id: guides.id }).from(guides).innerJoin(trips, eq(trips.guideId, guides.id)).where(eq(trips.countryCode, trip.countryCode === 'NP' ? 'FR' : 'NP')).limit(1);
    if (stranger && !candidates.some((candidate) => candidate.id === stranger.id)) {
      expect(await reassignRequest(ids.overdue!, stranger.id, (moved) => mail(`promise-test:${moved.id}:reassigned`), now, database.db)).toBe(false);
    }
    const later = new Date(now.getTime() + 3_600_000);
    expect(await reassignRequest(ids.overdue!, candidates[0]!.id, (moved) => mail(`promise-test:${moved.id}:reassigned:${moved.guide.id}`), later, database.db)).toBe(true);
    const [row] = await database.db.select().from(bookingRequests).where(eq(bookingRequests.id, ids.overdue!));
    expect(row).toMatchObject({ assignedGuideId: candidates[0]!.id, assignedAt: later, remindedAt: null, escalatedAt: null });
    expect(await promiseMails()).toContain(`promise-test:${ids.overdue}:reassigned:${candidates[0]!.id}`);
    // Not overdue any more: the new guide has 24 hours from the reassignment.
    expect((await listOverdueRequests(later, database.db)).map((request) => request.id)).not.toContain(ids.overdue);
    expect(await keepReplyPromise(emails, new Date(later.getTime() + 13 * 3_600_000), database.db)).toMatchObject({ reminded: 1 });
  });

  it('keeps the same promise for questions to a guide, each e-mail once, and lists the overdue ones for support', async () => {
    const question = (key: string, hours: number, tripId: number | null) => ({
      idempotencyKey: `promise-q-${key}-000001`,
      locale: 'es' as const,
      guideId: trip.guideId,
      tripId,
      firstName: 'Lucía',
      lastName: 'Pérez',
      email: `q-${key}@example.com`,
      questions: '¿Hace falta experiencia en glaciares?',
      createdAt: hoursBefore(hours),
    });
    const qids: Record<string, number> = {};
    for (const [key, hours, tripId] of [['fresh', 3, trip.id], ['twelve', 14, null], ['overdue', 26, trip.id], ['answered', 40, trip.id]] as const) {
      const [row] = await database.db.insert(guideQuestions).values(question(key, hours, tripId)).returning({ id: guideQuestions.id });
      qids[key] = row!.id;
    }
    await database.db.insert(threadMessages).values({ threadKind: 'question', threadId: qids.answered!, authorRole: 'guide', body: 'No.', idempotencyKey: 'promise-q-answered-msg1' });
    // A traveller's own follow-up is no answer.
    await database.db.insert(threadMessages).values({ threadKind: 'question', threadId: qids.overdue!, authorRole: 'traveller', body: '¿Alguien?', idempotencyKey: 'promise-q-overdue-msg1' });
    const questionEmails = {
      reminder: (waiting: WaitingQuestion) => mail(`promise-q:${waiting.id}:reminder`),
      escalation: (waiting: WaitingQuestion) => [mail(`promise-q:${waiting.id}:support`), mail(`promise-q:${waiting.id}:traveller`)],
    };
    expect(await keepQuestionPromise(questionEmails, now, database.db)).toEqual({ reminded: 1, escalated: 1 });
    expect(await keepQuestionPromise(questionEmails, now, database.db)).toEqual({ reminded: 0, escalated: 0 });
    const keys = (await database.db.select({ key: outboxEmails.dedupeKey }).from(outboxEmails).where(like(outboxEmails.dedupeKey, 'promise-q:%'))).map((row) => row.key).sort();
    expect(keys).toEqual([`promise-q:${qids.overdue}:support`, `promise-q:${qids.overdue}:traveller`, `promise-q:${qids.twelve}:reminder`].sort());
    const overdue = await listOverdueQuestions(now, database.db);
    expect(overdue.map((waiting) => waiting.id)).toEqual([qids.overdue]);
    expect(overdue[0]).toMatchObject({ locale: 'es', traveller: { email: 'q-overdue@example.com' }, guide: { id: trip.guideId }, questions: '¿Hace falta experiencia en glaciares?' });
    expect(Object.keys(overdue[0]!.tripTitles).sort()).toEqual(['en', 'es', 'fr']);
  });
});
