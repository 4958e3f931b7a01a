import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { normalizeEmail, SIGN_IN_LINK_TTL_MS } from '../../auth/tokens';
import { assertSameSubmission, currentSubmissionFingerprint } from '../../forms/submission-fingerprint';
import { bioFields, type GuideApplication, type GuideProfile } from '../../forms/guide-application-schemas';
import type { DocumentMediaType } from '../../forms/guide-document';
import { locales, type Locale } from '../../locales';
import { enqueueEmails } from '../../mail/outbox';
import type { OutboxEmailInput } from '../../mail/templates';
import { getDb } from '../client';
import type { Database } from '../database';
import { insertSignInLink } from './accounts';
import { findNamedPlace, type NamedPlace } from './gazetteer';
import { guideApplications, guideDocuments, guides, guideTranslations, outboxEmails, users, type GuideStatus } from '../schema';

/** A town of the gazetteer a guide is based in, with its coordinates. */
export type BasePlace = NamedPlace;

/** The gazetteer town a guide names as their base in a country (`findNamedPlace`); null when the country has none near. */
export function findBasePlace(town: string, countryCode: string, db: Database = getDb()): Promise<BasePlace | null> {
  return findNamedPlace(town, 'en', { countryCode }, db);
}

/** A guide page's address from the guide's name: plain letters and dashes, with a random tail (two guides may share a name). */
export function guideSlugOf(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'guide'}-${randomBytes(3).toString('hex')}`;
}

export type ApplicationDocument = { bytes: Buffer; mediaType: DocumentMediaType; fileName: string };
export type ApplicationOutcome = { ok: true; created: boolean; guideId: number } | { ok: false; reason: 'alreadyGuide' };

/**
 * Stores a guide's application in one transaction: the guide (status `applied`, not public), its bio
 * in the form's language, the submitted details, the certification's document, the account (role
 * guide, as its address makes it) and a one-time sign-in link with its e-mail, which confirms the
 * address. The same submission again (idempotency key) stores nothing more; two submissions for one
 * address wait for each other, and the second is told the address already belongs to a guide.
 */
export async function createGuideApplication(
  values: GuideApplication & { place: BasePlace; document: ApplicationDocument; nextPath: string },
  email: (link: { token: string; guideId: number }) => OutboxEmailInput,
  now: Date = new Date(),
  db: Database = getDb(),
): Promise<ApplicationOutcome> {
  const address = normalizeEmail(values.email);
  return db.transaction(async (tx) => {
    // One application per address at a time: a double submit or a second tab waits here.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`guide-application:${address}`}, 0))`);
    const [sent] = await tx
      .select({ guideId: guideApplications.guideId, payloadHash: guideApplications.payloadHash })
      .from(guideApplications)
      .where(eq(guideApplications.idempotencyKey, values.idempotencyKey));
    if (sent) {
      assertSameSubmission(sent.payloadHash);
      return { ok: true, created: false, guideId: sent.guideId };
    }
    const [existing] = await tx.select({ id: guides.id }).from(guides).where(sql`lower(${guides.email}) = ${address}`).limit(1);
    if (existing) return { ok: false, reason: 'alreadyGuide' };

    const [guide] = await tx
      .insert(guides)
      .values({
        key: `applicant-${randomBytes(8).toString('hex')}`,
        slug: guideSlugOf(values.name),
        name: values.name,
        companyType: values.companyType,
        countryCode: values.place.countryCode,
        baseLocation: values.place.name,
        languages: values.languages,
        certifications: [values.certificationName],
        responseHours: 24,
        yearsExperience: 0,
        hasAvatar: false,
        email: address,
        emailLocale: values.locale,
        status: 'applied',
        basePlaceId: values.place.id,
        baseLatitude: values.place.latitude,
        baseLongitude: values.place.longitude,
        website: values.webAddress,
      })
      .returning({ id: guides.id });
    const guideId = guide!.id;
    await tx.insert(guideTranslations).values({ guideId, locale: values.locale, bio: values.bio });
    await tx.insert(guideApplications).values({
      guideId,
      idempotencyKey: values.idempotencyKey,
      payloadHash: currentSubmissionFingerprint(),
      email: address,
      locale: values.locale,
      certification: { name: values.certificationName, number: values.certificationNumber, issuer: values.certificationIssuer },
      insurer: values.insurer,
      policyNumber: values.policyNumber,
      insuranceExpiresOn: values.insuranceExpiresOn,
      bio: values.bio,
    });
    await tx.insert(guideDocuments).values({ guideId, mediaType: values.document.mediaType, fileName: values.document.fileName, content: values.document.bytes });
    // The account exists from now, as a member of its guide; the link confirms the address.
    await tx
      .insert(users)
      .values({ email: address, role: 'guide', guideId, locale: values.locale })
      .onConflictDoUpdate({ target: users.email, set: { role: 'guide', guideId } });
    const token = await insertSignInLink(tx, {
      email: address,
      locale: values.locale,
      nextPath: values.nextPath,
      idempotencyKey: `guide-application:${values.idempotencyKey}`,
      payloadHash: currentSubmissionFingerprint(),
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
    });
    if (token) await enqueueEmails(tx, [email({ token, guideId })]);
    return { ok: true, created: true, guideId };
  });
}

/** A guide support has to look at: a new application, or an approved guide's changed certifications. */
export type GuideVerification = {
  guideId: number;
  name: string;
  email: string | null;
  emailLocale: Locale;
  status: GuideStatus;
  companyType: string;
  baseLocation: string;
  countryCode: string;
  languages: string[];
  website: string | null;
  certifications: string[];
  pendingCertifications: string[] | null;
  application: typeof guideApplications.$inferSelect | null;
  documents: Array<{ id: number; fileName: string; mediaType: string; bytes: number; createdAt: Date }>;
};

/** Support's verification list: applications waiting for a decision and certification changes, oldest first (at most `limit`). */
export async function listGuideVerifications(limit = 50, db: Database = getDb()): Promise<GuideVerification[]> {
  const rows = await db
    .select({ guide: guides, application: guideApplications })
    .from(guides)
    .leftJoin(guideApplications, eq(guideApplications.guideId, guides.id))
    .where(or(eq(guides.status, 'applied'), isNotNull(guides.pendingCertifications)))
    .orderBy(asc(guides.updatedAt), asc(guides.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const documents = await db
    .select({ id: guideDocuments.id, guideId: guideDocuments.guideId, fileName: guideDocuments.fileName, mediaType: guideDocuments.mediaType, bytes: sql<number>`octet_length(${guideDocuments.content})`.mapWith(Number), createdAt: guideDocuments.createdAt })
    .from(guideDocuments)
    .where(sql`${guideDocuments.guideId} = ANY(${sql.param(rows.map((row) => row.guide.id))}::int[])`)
    .orderBy(asc(guideDocuments.id));
  return rows.map(({ guide, application }) => ({
    guideId: guide.id,
    name: guide.name,
    email: guide.email,
    emailLocale: guide.emailLocale,
    status: guide.status,
    companyType: guide.companyType,
    baseLocation: guide.baseLocation,
    countryCode: guide.countryCode,
    languages: guide.languages,
    website: guide.website,
    certifications: guide.certifications,
    pendingCertifications: guide.pendingCertifications,
    application,
    documents: documents.filter((document) => document.guideId === guide.id).map(({ id, fileName, mediaType, bytes, createdAt }) => ({ id, fileName, mediaType, bytes, createdAt })),
  }));
}

/** A guide's document as stored (support only: the route that serves it checks the role). */
export async function getGuideDocument(id: number, db: Database = getDb()) {
  const [row] = await db.select().from(guideDocuments).where(eq(guideDocuments.id, id));
  return row ?? null;
}

export type GuideDecision = {
  guideId: number;
  subject: 'application' | 'certifications';
  decision: 'approve' | 'decline';
  reason: string;
  deciderId: number;
  /** The deciding form's key: the e-mail's dedupe key records that this submission decided. */
  dedupeKey: string;
};
export type DecisionOutcome =
  | { ok: true; changed: boolean; guide: { id: number; name: string; email: string | null; emailLocale: Locale } }
  | { ok: false; reason: 'notFound' | 'alreadyDecided' };

/**
 * Support's decision, taken once: the guide's row changes only from the state the decision is about
 * (`applied`, or certifications waiting), so of two support members deciding at once one wins and
 * the other is told it was decided. The decision is recorded on the application and its e-mail
 * stored in the same transaction; the same form sent again (its key) answers as it did.
 */
export async function decideGuide(input: GuideDecision, email: (guide: { id: number; name: string; email: string; emailLocale: Locale }) => OutboxEmailInput, now: Date = new Date(), db: Database = getDb()): Promise<DecisionOutcome> {
  return db.transaction(async (tx) => {
    const columns = { id: guides.id, name: guides.name, email: guides.email, emailLocale: guides.emailLocale };
    const [changed] =
      input.subject === 'application'
        ? await tx
            .update(guides)
            .set({ status: input.decision === 'approve' ? 'approved' : 'declined', updatedAt: now })
            .where(and(eq(guides.id, input.guideId), eq(guides.status, 'applied')))
            .returning(columns)
        : await tx
            .update(guides)
            .set({
              certifications: input.decision === 'approve' ? sql`${guides.pendingCertifications}` : sql`${guides.certifications}`,
              pendingCertifications: null,
              updatedAt: now,
            })
            .where(and(eq(guides.id, input.guideId), isNotNull(guides.pendingCertifications)))
            .returning(columns);
    if (!changed) {
      const [guide] = await tx.select(columns).from(guides).where(eq(guides.id, input.guideId));
      if (!guide) return { ok: false, reason: 'notFound' };
      const [mine] = await tx.select({ id: outboxEmails.id }).from(outboxEmails).where(eq(outboxEmails.dedupeKey, input.dedupeKey));
      return mine ? { ok: true, changed: false, guide } : { ok: false, reason: 'alreadyDecided' };
    }
    if (input.subject === 'application') {
      await tx
        .update(guideApplications)
        .set({ decisionReason: input.reason || null, decidedBy: input.deciderId, decidedAt: now })
        .where(eq(guideApplications.guideId, input.guideId));
    }
    if (changed.email) await enqueueEmails(tx, [email({ ...changed, email: changed.email })]);
    return { ok: true, changed: true, guide: changed };
  });
}

/** What the guide area's profile form shows: the public page's editable parts, bios per language. */
export async function getGuideProfile(guideId: number, db: Database = getDb()) {
  const guide = await db.query.guides.findFirst({
    where: eq(guides.id, guideId),
    columns: { id: true, name: true, slug: true, status: true, languages: true, certifications: true, pendingCertifications: true, responseHours: true, website: true, emailLocale: true },
    with: { translations: { columns: { locale: true, bio: true } } },
  });
  if (!guide) return null;
  const bios = Object.fromEntries(locales.map((locale) => [locale, guide.translations.find((entry) => entry.locale === locale)?.bio ?? ''])) as Record<Locale, string>;
  const [application] = await db.select({ decisionReason: guideApplications.decisionReason }).from(guideApplications).where(eq(guideApplications.guideId, guideId));
  return { ...guide, bios, decisionReason: application?.decisionReason ?? null };
}
export type GuideProfileData = NonNullable<Awaited<ReturnType<typeof getGuideProfile>>>;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * An approved guide's edit of their page: bios (a language left empty has none: the page shows the
 * original's), languages, the reply time they promise, website; changed certifications wait for
 * support (`pendingCertifications`) while the page keeps the verified ones. Saving the same again
 * changes nothing. Null when the guide is not approved.
 */
export async function updateGuideProfile(guideId: number, profile: GuideProfile, now: Date = new Date(), db: Database = getDb()): Promise<{ certificationsPending: boolean } | null> {
  return db.transaction(async (tx) => {
    const [guide] = await tx.select({ status: guides.status, certifications: guides.certifications }).from(guides).where(eq(guides.id, guideId)).for('update');
    if (!guide || guide.status !== 'approved') return null;
    const pending = sameList(guide.certifications, profile.certifications) ? null : profile.certifications;
    await tx
      .update(guides)
      .set({ languages: profile.languages, responseHours: profile.responseHours, website: profile.webAddress, pendingCertifications: pending, updatedAt: now })
      .where(eq(guides.id, guideId));
    for (const locale of locales) {
      const bio = profile[bioFields[locale]];
      if (bio) {
        await tx.insert(guideTranslations).values({ guideId, locale, bio }).onConflictDoUpdate({ target: [guideTranslations.guideId, guideTranslations.locale], set: { bio } });
      } else {
        await tx.delete(guideTranslations).where(and(eq(guideTranslations.guideId, guideId), eq(guideTranslations.locale, locale)));
      }
    }
    return { certificationsPending: pending !== null };
  });
}

/** Whether a guide may publish trips and be shown: approved by support (declined and waiting guides are not). */
export async function guideMayPublish(guideId: number, db: Database = getDb()): Promise<boolean> {
  const [guide] = await db.select({ status: guides.status }).from(guides).where(eq(guides.id, guideId));
  return guide?.status === 'approved';
}

