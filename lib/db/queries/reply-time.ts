import 'server-only';
import { sql } from 'drizzle-orm';
import { replyHours, type MeasuredReplies } from '../../booking/reply-time';
import { getDb } from '../client';
import type { Database } from '../database';
import { bookingRequestEvents, bookingRequests, guideQuestions, threadMessages, trips } from '../schema';

/** How many of a guide's latest first answers the median reads. */
const RECENT_ANSWERS = 50;

/**
 * The guides' measured first answers (one query): to a booking request, the guide's first step on it
 * (a reply or a proposal, from the time it was sent or reassigned to them); to a question, their first
 * message. The median of each guide's latest ones.
 */
async function measuredReplies(guideIds: readonly number[], db: Database): Promise<Map<number, MeasuredReplies>> {
  const ids = [...new Set(guideIds)];
  const result = new Map<number, MeasuredReplies>();
  if (ids.length === 0) return result;
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const rows = await db.execute<{ guide_id: number; answers: number; median_hours: number }>(sql`
    with answers as (
      select coalesce(${bookingRequests.assignedGuideId}, ${trips.guideId}) as guide_id,
             extract(epoch from (${bookingRequestEvents.createdAt} - coalesce(${bookingRequests.assignedAt}, ${bookingRequests.createdAt}))) / 3600 as hours,
             ${bookingRequestEvents.createdAt} as answered_at
      from ${bookingRequestEvents}
      join ${bookingRequests} on ${bookingRequests.id} = ${bookingRequestEvents.requestId}
      join ${trips} on ${trips.id} = ${bookingRequests.tripId}
      where ${bookingRequestEvents.fromStatus} = 'sent' and ${bookingRequestEvents.actorRole} = 'guide'
        and coalesce(${bookingRequests.assignedGuideId}, ${trips.guideId}) in (${list})
      union all
      select ${guideQuestions.guideId}, extract(epoch from (min(${threadMessages.createdAt}) - ${guideQuestions.createdAt})) / 3600, min(${threadMessages.createdAt})
      from ${guideQuestions}
      join ${threadMessages} on ${threadMessages.threadKind} = 'question' and ${threadMessages.threadId} = ${guideQuestions.id} and ${threadMessages.authorRole} = 'guide'
      where ${guideQuestions.guideId} in (${list})
      group by ${guideQuestions.id}
    ), recent as (
      select guide_id, hours, row_number() over (partition by guide_id order by answered_at desc) as n from answers
    )
    select guide_id, count(*)::int as answers, percentile_cont(0.5) within group (order by hours)::float8 as median_hours
    from recent where n <= ${RECENT_ANSWERS} group by guide_id`);
  for (const row of rows.rows) result.set(Number(row.guide_id), { answers: Number(row.answers), medianHours: Number(row.median_hours) });
  return result;
}

/** Guides with their one reply-time figure (lib/booking/reply-time.ts) in place of the time they stated. */
export async function withReplyHours<T extends { id: number; responseHours: number }>(guides: readonly T[], db: Database = getDb()): Promise<T[]> {
  const measured = await measuredReplies(guides.map((guide) => guide.id), db);
  return guides.map((guide) => ({ ...guide, responseHours: replyHours(measured.get(guide.id) ?? null, guide.responseHours) }));
}
