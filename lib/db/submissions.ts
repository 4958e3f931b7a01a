import 'server-only';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Locale } from '../locales';
import type { OutboxEmailInput } from '../mail/templates';
import { enqueueEmails } from '../mail/outbox';
import { assertSameSubmission, currentSubmissionFingerprint } from '../forms/submission-fingerprint';
import { newReference } from '../booking/reference';
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
export type Stored = { id: number; reference: string; created: boolean };

/** What a submission's e-mails name it by: its id (for support's own use) and its opaque reference. */
export type StoredRow = { id: number; reference: string };

type Emails = (row: StoredRow) => OutboxEmailInput[];

/**
 * What the server checks again inside the storing transaction, under its own locks (the dates
 * and spots a stale page offered): null to store, else the refusal answered instead.
 */
export type Guard<Refusal> = (tx: DatabaseTransaction) => Promise<Refusal | null>;

/** Draws of a new reference before giving up: a collision in 31⁸ is already one in ~10¹¹ per row. */
const REFERENCE_ATTEMPTS = 5;

/**
 * Inserts one row with a fresh reference (lib/booking/reference.ts). The insert skips any unique
 * conflict: when no row holds the idempotency key either, the conflict was the reference, and it
 * is drawn again.
 */
async function storeOnce<Refusal = never>(
  db: Database,
  insert: (tx: DatabaseTransaction, reference: string) => Promise<StoredRow[]>,
  existing: (tx: DatabaseTransaction) => Promise<(StoredRow & { payloadHash: string | null })[]>,
  emails: Emails,
  draw: () => string = newReference,
  guard?: Guard<Refusal>,
): Promise<Stored | { refused: Refusal }> {
  return db.transaction(async (tx) => {
    if (guard) {
      // A retry of what was stored answers as the first time, whatever changed since; anything new is checked first.
      const [first] = await existing(tx);
      if (first) {
        assertSameSubmission(first.payloadHash);
        return { id: first.id, reference: first.reference, created: false };
      }
      const refused = await guard(tx);
      if (refused !== null) return { refused };
    }
    for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt += 1) {
      const [row] = await insert(tx, draw());
      if (row) {
        await enqueueEmails(tx, emails(row));
        return { ...row, created: true };
      }
      const [first] = await existing(tx);
      if (first) {
        assertSameSubmission(first.payloadHash);
        return { id: first.id, reference: first.reference, created: false };
      }
    }
    throw new Error('no free reference after several draws');
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
  type Values = Omit<T['$inferInsert'], 'reference'>;
  function store(values: Values, emails: Emails, db?: Database, draw?: () => string): Promise<Stored>;
  function store<Refusal>(values: Values, emails: Emails, db: Database | undefined, draw: (() => string) | undefined, guard: Guard<Refusal>): Promise<Stored | { refused: Refusal }>;
  function store<Refusal>(values: Values, emails: Emails, db: Database = getDb(), draw?: () => string, guard?: Guard<Refusal>) {
    return storeOnce(
      db,
      (tx, reference) =>
        tx
          .insert(target)
          .values({ ...(values as typeof helpMessages.$inferInsert), reference, payloadHash: currentSubmissionFingerprint() })
          .onConflictDoNothing()
          .returning({ id: target.id, reference: target.reference }),
      (tx) => tx.select({ id: target.id, reference: target.reference, payloadHash: target.payloadHash }).from(target).where(eq(target.idempotencyKey, values.idempotencyKey)),
      emails,
      draw,
      guard,
    );
  }
  return store;
}

/** spec §3 booking request, stored once with its two e-mails, after its guard (dates and spots checked again) lets it. */
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

const joinColumns = { id: openGroupJoins.id, reference: openGroupJoins.reference, waitlist: openGroupJoins.waitlist, payloadHash: openGroupJoins.payloadHash };

export type JoinOutcome = ({ ok: true; waitlist: boolean } & Stored) | { ok: false; openSpots: number };

/**
 * spec §3 open-group join. The spots are taken by one conditional UPDATE in the join's
 * transaction, so two travellers joining at once never get more spots than are open; a full
 * group puts the traveller on its waitlist, and a group with too few spots answers how many are left.
 */
export async function storeOpenGroupJoin(
  values: { idempotencyKey: string; locale: Locale; openGroupId: number; email: string; travellers: number; campaignData: Record<string, unknown> | null },
  emails: (row: StoredRow, waitlist: boolean) => OutboxEmailInput[],
  db: Database = getDb(),
  draw: () => string = newReference,
): Promise<JoinOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [previous] = await tx.select(joinColumns).from(openGroupJoins).where(eq(openGroupJoins.idempotencyKey, values.idempotencyKey));
      if (previous) {
        assertSameSubmission(previous.payloadHash);
        return { ok: true, id: previous.id, reference: previous.reference, waitlist: previous.waitlist, created: false };
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
      for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt += 1) {
        // A reference already taken inserts nothing: another is drawn.
        const [row] = await tx
          .insert(openGroupJoins)
          .values({ ...values, reference: draw(), waitlist, payloadHash: currentSubmissionFingerprint() })
          .onConflictDoNothing({ target: openGroupJoins.reference })
          .returning({ id: openGroupJoins.id, reference: openGroupJoins.reference });
        if (!row) continue;
        await enqueueEmails(tx, emails(row, waitlist));
        return { ok: true, ...row, waitlist, created: true };
      }
      throw new Error('no free reference after several draws');
    });
  } catch (error) {
    // The same submission raced itself (a double click): the other transaction stored it.
    if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
      const [previous] = await db.select(joinColumns).from(openGroupJoins).where(eq(openGroupJoins.idempotencyKey, values.idempotencyKey));
      if (previous) assertSameSubmission(previous.payloadHash);
      if (previous) return { ok: true, id: previous.id, reference: previous.reference, waitlist: previous.waitlist, created: false };
    }
    throw error;
  }
}
