import 'server-only';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Locale } from '../locales';
import type { OutboxEmailInput } from '../mail/templates';
import { enqueueEmails } from '../mail/outbox';
import { assertSameSubmission, currentSubmissionFingerprint } from '../forms/submission-fingerprint';
import { getDb } from './client';
import type { Database, DatabaseTransaction } from './database';
import { bookingRequests, conciergeRequests, contactMessages, giftCardRequests, guideQuestions, guides, helpMessages, openGroupJoins, openGroups, trips } from './schema';

/**
 * What travellers send, stored once (spec: nothing sent is lost, retries are idempotent): each
 * submission is inserted with its idempotency key and its e-mails are put in the outbox in the
 * same transaction; a second submission with the same key and the same content (fingerprint of
 * lib/forms/submission-fingerprint.ts) stores nothing and answers the first one's id; with other
 * content it throws IdempotencyConflict.
 */
export type Stored = { id: number; created: boolean };

type Emails = (id: number) => OutboxEmailInput[];

async function storeOnce(
  db: Database,
  insert: (tx: DatabaseTransaction) => Promise<{ id: number }[]>,
  existing: (tx: DatabaseTransaction) => Promise<{ id: number; payloadHash: string | null }[]>,
  emails: Emails,
): Promise<Stored> {
  return db.transaction(async (tx) => {
    const [row] = await insert(tx);
    if (!row) {
      const [first] = await existing(tx);
      if (!first) throw new Error('submission conflict without a stored row');
      assertSameSubmission(first.payloadHash);
      return { id: first.id, created: false };
    }
    await enqueueEmails(tx, emails(row.id));
    return { id: row.id, created: true };
  });
}

/** A trip as a request needs it: limits, prices, titles and slugs in every locale, its guide and upcoming open groups. */
export async function getTripForRequest(tripId: number, today: string, db: Database = getDb()) {
  const trip = await db.query.trips.findFirst({
    where: and(eq(trips.id, tripId), eq(trips.published, true)),
    with: {
      translations: { columns: { locale: true, slug: true, title: true } },
      guide: { columns: { id: true, name: true, email: true, emailLocale: true, responseHours: true } },
      priceEntries: { orderBy: (entries) => [asc(entries.people)] },
      openGroups: { where: gte(openGroups.startsOn, today), orderBy: (groups) => [asc(groups.startsOn)] },
    },
  });
  return trip ?? null;
}
export type TripForRequest = NonNullable<Awaited<ReturnType<typeof getTripForRequest>>>;

type SubmissionTable = typeof bookingRequests | typeof guideQuestions | typeof helpMessages | typeof contactMessages | typeof giftCardRequests | typeof conciergeRequests;

/** The store function of one submission table: its row, inserted once by idempotency key, with its e-mails. */
function submissionStore<T extends SubmissionTable>(table: T) {
  // One shape for every table: drizzle cannot infer an insert over a union of tables.
  const target = table as typeof helpMessages;
  return (values: T['$inferInsert'], emails: Emails, db: Database = getDb()): Promise<Stored> =>
    storeOnce(
      db,
      (tx) =>
        tx
          .insert(target)
          .values({ ...(values as typeof helpMessages.$inferInsert), payloadHash: currentSubmissionFingerprint() })
          .onConflictDoNothing({ target: target.idempotencyKey })
          .returning({ id: target.id }),
      (tx) => tx.select({ id: target.id, payloadHash: target.payloadHash }).from(target).where(eq(target.idempotencyKey, values.idempotencyKey)),
      emails,
    );
}

/** spec §3 booking request, stored once with its two e-mails. */
export const storeBookingRequest = submissionStore(bookingRequests);

/** spec §4 more-information form: a question to a guide, stored once with its two e-mails. */
export const storeGuideQuestion = submissionStore(guideQuestions);

/** spec §3 need-help form, stored once with its two e-mails. */
export const storeHelpMessage = submissionStore(helpMessages);

/** spec §3 contact form (need-help page, with the sender's audience), stored once with its two e-mails. */
export const storeContactMessage = submissionStore(contactMessages);

/** A gift card request, stored once with its two e-mails. */
export const storeGiftCardRequest = submissionStore(giftCardRequests);

/** A concierge (tailor-made trip) request, stored once with its two e-mails. */
export const storeConciergeRequest = submissionStore(conciergeRequests);

/** A guide as a question needs it. */
export async function getGuideForQuestion(guideId: number, db: Database = getDb()) {
  const [guide] = await db
    .select({ id: guides.id, name: guides.name, email: guides.email, emailLocale: guides.emailLocale, responseHours: guides.responseHours })
    .from(guides)
    .where(eq(guides.id, guideId));
  return guide ?? null;
}

/** An upcoming open group with its trip, as a join needs it. */
export async function getOpenGroupForJoin(openGroupId: number, today: string, db: Database = getDb()) {
  const group = await db.query.openGroups.findFirst({
    where: and(eq(openGroups.id, openGroupId), gte(openGroups.startsOn, today)),
    with: {
      trip: {
        columns: { id: true, published: true, customerFee: true, discountPercent: true, currency: true },
        with: {
          translations: { columns: { locale: true, slug: true, title: true } },
          guide: { columns: { id: true, name: true, email: true, emailLocale: true, responseHours: true } },
        },
      },
    },
  });
  return group && group.trip.published ? group : null;
}
export type OpenGroupForJoin = NonNullable<Awaited<ReturnType<typeof getOpenGroupForJoin>>>;

export type JoinOutcome = ({ ok: true; waitlist: boolean } & Stored) | { ok: false; openSpots: number };

/**
 * spec §3 open-group join. The spots are taken by one conditional UPDATE in the join's
 * transaction, so two travellers joining at once never get more spots than are open; a full
 * group puts the traveller on its waitlist, and a group with too few spots answers how many are left.
 */
export async function storeOpenGroupJoin(
  values: { idempotencyKey: string; locale: Locale; openGroupId: number; email: string; travellers: number; campaignData: Record<string, unknown> | null },
  emails: (id: number, waitlist: boolean) => OutboxEmailInput[],
  db: Database = getDb(),
): Promise<JoinOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [previous] = await tx.select({ id: openGroupJoins.id, waitlist: openGroupJoins.waitlist, payloadHash: openGroupJoins.payloadHash }).from(openGroupJoins).where(eq(openGroupJoins.idempotencyKey, values.idempotencyKey));
      if (previous) {
        assertSameSubmission(previous.payloadHash);
        return { ok: true, id: previous.id, waitlist: previous.waitlist, created: false };
      }

      const [taken] = await tx
        .update(openGroups)
        .set({ openSpots: sql`${openGroups.openSpots} - ${values.travellers}`, updatedAt: sql`now()` })
        .where(and(eq(openGroups.id, values.openGroupId), gte(openGroups.openSpots, values.travellers)))
        .returning({ openSpots: openGroups.openSpots });
      let waitlist = false;
      if (!taken) {
        const [group] = await tx.select({ openSpots: openGroups.openSpots }).from(openGroups).where(eq(openGroups.id, values.openGroupId)).for('update');
        if (group && group.openSpots > 0) return { ok: false, openSpots: group.openSpots };
        waitlist = true;
      }
      const [row] = await tx.insert(openGroupJoins).values({ ...values, waitlist, payloadHash: currentSubmissionFingerprint() }).returning({ id: openGroupJoins.id });
      await enqueueEmails(tx, emails(row!.id, waitlist));
      return { ok: true, id: row!.id, waitlist, created: true };
    });
  } catch (error) {
    // The same submission raced itself (a double click): the other transaction stored it.
    if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
      const [previous] = await db.select({ id: openGroupJoins.id, waitlist: openGroupJoins.waitlist, payloadHash: openGroupJoins.payloadHash }).from(openGroupJoins).where(eq(openGroupJoins.idempotencyKey, values.idempotencyKey));
      if (previous) assertSameSubmission(previous.payloadHash);
      if (previous) return { ok: true, id: previous.id, waitlist: previous.waitlist, created: false };
    }
    throw error;
  }
}
