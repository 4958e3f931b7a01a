import 'server-only';
import { and, asc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Locale } from '../locales';
import type { OutboxEmailInput } from '../mail/templates';
import { enqueueEmails } from '../mail/outbox';
import { assertSameSubmission, currentSubmissionFingerprint } from '../forms/submission-fingerprint';
import { holdDeadline, JOIN_LINK_TTL_MS, placeJoin, type JoinStatus } from '../booking/join-holds';
import { newReference } from '../booking/reference';
import { getDb } from './client';
import { insertSignInLink } from './queries/accounts';
import { heldSeats, lockGroup, settleGroup, type JoinEmails } from './queries/join-holds';
import type { Database, DatabaseTransaction } from './database';
import { withReplyHours } from './queries/reply-time';
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
      guide: { columns: { id: true, name: true, email: true, emailLocale: true, responseHours: true, leadDays: true } },
      priceEntries: { orderBy: (entries) => [asc(entries.people)] },
      openGroups: { where: gte(openGroups.startsOn, today), orderBy: (groups) => [asc(groups.startsOn)] },
    },
  });
  if (!trip) return null;
  const [guide] = await withReplyHours([trip.guide], db);
  return { ...trip, guide: guide! };
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
  return guide ? (await withReplyHours([guide], db))[0]! : null;
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
          guide: { columns: { id: true, name: true, email: true, emailLocale: true, responseHours: true, leadDays: true } },
        },
      },
    },
  });
  return group && group.trip.published ? group : null;
}
export type OpenGroupForJoin = NonNullable<Awaited<ReturnType<typeof getOpenGroupForJoin>>>;

const joinColumns = { id: openGroupJoins.id, reference: openGroupJoins.reference, status: openGroupJoins.status, holdUntil: openGroupJoins.holdUntil, travellers: openGroupJoins.travellers, payloadHash: openGroupJoins.payloadHash };

/** A join as it stands: its status and, while unconfirmed, its deadline. */
export type StoredJoin = StoredRow & { status: JoinStatus; holdUntil: Date | null; travellers: number };

export type JoinOutcome =
  | ({ ok: true; created: boolean; existing: boolean } & StoredJoin)
  | { ok: false; reason: 'spotsLeft'; openSpots: number }
  | { ok: false; reason: 'addressLimit'; heldSeats: number }
  | { ok: false; reason: 'clientLimit' }
  | { ok: false; reason: 'gone' };

const answer = (row: StoredJoin, created: boolean, existing = false): JoinOutcome => ({ ok: true, id: row.id, reference: row.reference, status: row.status, holdUntil: row.holdUntil, travellers: row.travellers, created, existing });

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * spec §3 open-group join, whose seats belong to real people (lib/booking/join-holds.ts). Under
 * the address's and the client's locks, then the group's row lock: what lapsed in the group is
 * released first, a second join of the same address answers the first one (`existing`), then the
 * join takes its seats (held until `now + holdMinutes` unless `confirmed`, the signed-in
 * traveller's own address), goes on the waitlist, or is refused with the reason. An unconfirmed
 * join gets a one-time link (lib/db/queries/accounts.ts) whose token its first e-mail carries.
 */
export async function storeOpenGroupJoin(
  values: { idempotencyKey: string; locale: Locale; openGroupId: number; email: string; travellers: number; campaignData: Record<string, unknown> | null; mailbox: string; clientKey: string; confirmed: boolean },
  rules: { now: Date; holdMinutes: number; clientSeatLimit: number; linkNextPath: string },
  emails: JoinEmails & { stored: (join: StoredJoin, confirmToken: string | null) => OutboxEmailInput[] },
  db: Database = getDb(),
  draw: () => string = newReference,
): Promise<JoinOutcome & { spotsChanged: boolean }> {
  const { confirmed, ...columns } = values;
  // Whether the group's open spots changed (lapsed holds released, seats taken): its cached pages expire.
  let spotsChanged = false;
  const { now } = rules;
  const previousOf = async (tx: Database | DatabaseTransaction) => {
    const [previous] = await tx.select(joinColumns).from(openGroupJoins).where(eq(openGroupJoins.idempotencyKey, values.idempotencyKey));
    if (previous) assertSameSubmission(previous.payloadHash);
    return previous;
  };
  const liveJoinOf = async (tx: Database | DatabaseTransaction) => {
    const [live] = await tx
      .select(joinColumns)
      .from(openGroupJoins)
      .where(and(eq(openGroupJoins.openGroupId, values.openGroupId), eq(openGroupJoins.mailbox, values.mailbox), ne(openGroupJoins.status, 'released')));
    return live;
  };
  try {
    const outcome = await db.transaction(async (tx): Promise<JoinOutcome> => {
      const previous = await previousOf(tx);
      if (previous) return answer(previous, false);
      // One address, one client at a time: what they hold is counted before it grows.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`join-mailbox:${values.mailbox}`}, 0)), pg_advisory_xact_lock(hashtextextended(${`join-client:${values.clientKey}`}, 0))`);
      const group = await lockGroup(tx, values.openGroupId);
      if (!group) return { ok: false, reason: 'gone' };
      spotsChanged = (await settleGroup(tx, group, now, emails)).spotsChanged;
      const live = await liveJoinOf(tx);
      if (live) return answer(live, false, true);

      const held = confirmed ? { address: 0, client: 0 } : await heldSeats(tx, { mailbox: values.mailbox, clientKey: values.clientKey });
      const placement = placeJoin({ travellers: values.travellers, confirmed, group, addressHeldSeats: held.address, clientHeldSeats: held.client, clientSeatLimit: rules.clientSeatLimit });
      if (placement.kind === 'spotsLeft') return { ok: false, reason: 'spotsLeft', openSpots: placement.openSpots };
      if (placement.kind === 'addressLimit') return { ok: false, reason: 'addressLimit', heldSeats: placement.heldSeats };
      if (placement.kind === 'clientLimit') return { ok: false, reason: 'clientLimit' };
      const status: JoinStatus = placement.kind === 'waitlist' ? 'waitlisted' : placement.status;
      const holdUntil = confirmed ? null : holdDeadline(now, rules.holdMinutes);
      if (placement.kind === 'seats') spotsChanged = true;
      if (placement.kind === 'seats') await tx.update(openGroups).set({ openSpots: sql`${openGroups.openSpots} - ${values.travellers}`, updatedAt: sql`now()` }).where(eq(openGroups.id, group.id));

      for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt += 1) {
        // A reference already taken inserts nothing: another is drawn.
        const [row] = await tx
          .insert(openGroupJoins)
          .values({ ...columns, reference: draw(), status, holdUntil, confirmedAt: confirmed ? now : null, payloadHash: currentSubmissionFingerprint() })
          .onConflictDoNothing({ target: openGroupJoins.reference })
          .returning({ id: openGroupJoins.id, reference: openGroupJoins.reference });
        if (!row) continue;
        const token = confirmed
          ? null
          : await insertSignInLink(tx, {
              email: values.email,
              locale: values.locale,
              nextPath: rules.linkNextPath,
              idempotencyKey: `join:${row.id}`,
              payloadHash: null,
              expiresAt: new Date(now.getTime() + JOIN_LINK_TTL_MS),
              joinId: row.id,
            });
        const stored = { ...row, status, holdUntil, travellers: values.travellers };
        await enqueueEmails(tx, emails.stored(stored, token));
        return answer(stored, true);
      }
      throw new Error('no free reference after several draws');
    });
    return { ...outcome, spotsChanged };
  } catch (error) {
    // The same submission raced itself (a double click): the other transaction stored it.
    if (isUniqueViolation(error)) {
      const previous = await previousOf(db);
      if (previous) return { ...answer(previous, false), spotsChanged: false };
      const live = await liveJoinOf(db);
      if (live) return { ...answer(live, false, true), spotsChanged: false };
    }
    throw error;
  }
}
