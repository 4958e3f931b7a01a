import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withReplyHours } from '@/lib/db/queries/reply-time';
import { bookingRequestEvents, bookingRequests, guideQuestions, guides, threadMessages, trips } from '@/lib/db/schema';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

describe.each(testDatabaseServers())('a guide’s reply time measured from their answers, on the $name server', (server) => {
  let database: IsolatedDatabase;
  let guide: { id: number; responseHours: number };
  let tripId: number;
  const sent = new Date('2031-01-10T08:00:00Z');
  const after = (hours: number) => new Date(sent.getTime() + hours * 3_600_000);

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const [row] = await database.db.select({ id: guides.id, responseHours: guides.responseHours }).from(guides).orderBy(guides.id).limit(1);
    guide = { id: row!.id, responseHours: 10 };
    await database.db.update(guides).set({ responseHours: 10 }).where(eq(guides.id, guide.id));
    tripId = (await database.db.select({ id: trips.id }).from(trips).where(eq(trips.guideId, guide.id)).limit(1))[0]!.id;
  });
  afterAll(async () => database?.close());

  const request = async (key: string, answeredAfter: number) => {
    const [row] = await database.db
      .insert(bookingRequests)
      .values({ idempotencyKey: `reply-time-${key}`, locale: 'en', tripId, firstName: 'Ada', lastName: 'L', email: 'ada@example.com', phone: '+442079460958', travellers: 2, days: 3, comment: '', currency: 'EUR', status: 'answered', createdAt: sent })
      .returning({ id: bookingRequests.id });
    await database.db.insert(bookingRequestEvents).values({ requestId: row!.id, fromStatus: 'sent', toStatus: 'answered', actorRole: 'guide', actorUserId: null, createdAt: after(answeredAfter) });
  };

  it('keeps the stated time until the guide has answered enough, then states the median of their first answers', async () => {
    expect(await withReplyHours([guide], database.db)).toEqual([{ ...guide, responseHours: 10 }]);
    await request('a-00000001', 2);
    await request('b-00000001', 3.5);
    expect((await withReplyHours([guide], database.db))[0]!.responseHours).toBe(10);
    // A question answered by a message counts as well: first answers after 2, 3.5 and 5 hours.
    const [question] = await database.db
      .insert(guideQuestions)
      .values({ idempotencyKey: 'reply-time-q-0000001', locale: 'en', guideId: guide.id, tripId, firstName: 'Ada', lastName: 'L', email: 'ada@example.com', questions: 'Crampons?', createdAt: sent })
      .returning({ id: guideQuestions.id });
    for (const [hours, key] of [[5, 'q-1'], [9, 'q-2']] as const) {
      await database.db.insert(threadMessages).values({ threadKind: 'question', threadId: question!.id, authorRole: 'guide', authorUserId: null, body: 'Yes', idempotencyKey: `reply-time-${key}-000001`, createdAt: after(hours) });
    }
    // Median 3.5 h, below the promise's frame: 6 h.
    expect((await withReplyHours([guide], database.db))[0]!.responseHours).toBe(6);
    await request('c-00000001', 30);
    await request('d-00000001', 40);
    // 2, 3.5, 5, 30, 40: median 5 h → 6 h; one more slow answer moves it to 17.5 h → 18 h.
    await request('e-00000001', 30);
    expect((await withReplyHours([guide], database.db))[0]!.responseHours).toBe(18);
  });
});
