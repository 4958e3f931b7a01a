import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSessionUser, signInWithLink } from '@/lib/db/queries/accounts';
import { createGuideApplication, decideGuide, findBasePlace, getGuideDocument, guideMayPublish, listGuideVerifications, updateGuideProfile } from '@/lib/db/queries/guide-applications';
import { getGuidePageData } from '@/lib/db/queries/guides';
import { listSitemapEntries } from '@/lib/db/queries/sitemap';
import { guideApplicationSchema, guideProfileSchema } from '@/lib/forms/guide-application-schemas';
import { guideApplications, guideDocuments, guides, guideTranslations, outboxEmails, signInLinks, trips, users } from '@/lib/db/schema';
import type { OutboxEmailInput } from '@/lib/mail/templates';
import { normalizePlaceText } from '@/lib/search/place-text';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const SUPPORT = ['support@cordee.example'];
const PDF = Buffer.from('%PDF-1.4\n% a certificate\n');
const mail = (dedupeKey: string, recipient: string): OutboxEmailInput => ({ dedupeKey, kind: 'test', recipient, locale: 'fr', subject: 'Test', text: 'Test', html: '<p>Test</p>' });

/** A valid application as the form sends it, for `email`, with its idempotency key. */
function application(email: string, idempotencyKey: string) {
  const parsed = guideApplicationSchema.parse({
    idempotencyKey,
    locale: 'fr',
    name: 'Élise Martin',
    email,
    companyType: 'mountain_guide',
    baseTown: 'Testville-les-Alpes',
    baseCountry: 'FR',
    languages: ['fr', 'en'],
    certificationName: 'IFMGA/UIAGM',
    certificationNumber: 'F-1234',
    certificationIssuer: 'ENSA',
    insurer: 'Assurance Montagne',
    policyNumber: 'P-99',
    insuranceExpiresOn: '2099-12-31',
    webAddress: 'guide.example',
    bio: 'Guide de haute montagne à Chamonix depuis quinze ans.',
    acceptTerms: 'on',
  });
  return parsed;
}

describe.each(testDatabaseServers())('guide applications and their verification, on the $name server', (server) => {
  let database: IsolatedDatabase;
  let supportA: number;
  let supportB: number;

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const db = database.db;
    await db.execute(sql`INSERT INTO gazetteer_places (id, name, exonyms, country_code, admin_code, population, latitude, longitude)
      VALUES (990000001, 'Testville-les-Alpes', NULL, 'FR', '84', 12000, 45.9237, 6.8694), (990000002, 'Testville-les-Alpes', NULL, 'CH', 'VS', 500, 46.1, 7.1)
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO gazetteer_names (place_id, folded) VALUES (990000001, ${normalizePlaceText('Testville-les-Alpes')}), (990000002, ${normalizePlaceText('Testville-les-Alpes')}) ON CONFLICT DO NOTHING`);
    const made = await db
      .insert(users)
      .values([
        { email: 'support-a@cordee.example', role: 'support', locale: 'en' },
        { email: 'support-b@cordee.example', role: 'support', locale: 'en' },
      ])
      .returning({ id: users.id });
    [supportA, supportB] = [made[0]!.id, made[1]!.id];
  });
  afterAll(async () => database?.close());

  async function apply(email: string, key: string) {
    const place = await findBasePlace('testville les alpes', 'FR', database.db);
    if (!place) throw new Error('the test town is in the gazetteer');
    let token = '';
    const outcome = await createGuideApplication(
      { ...application(email, key), place, document: { bytes: PDF, mediaType: 'application/pdf', fileName: 'diplome.pdf' }, nextPath: '/account/guide?lan=fr' },
      (link) => ((token = link.token), mail(`guide-application:${key}`, email)),
      new Date(),
      database.db,
    );
    return { outcome, token };
  }

  it('finds the base town in the country named, with its coordinates', async () => {
    expect(await findBasePlace('TESTVILLE-LES-ALPES', 'FR', database.db)).toMatchObject({ id: 990000001, countryCode: 'FR', latitude: 45.9237, longitude: 6.8694 });
    expect(await findBasePlace('Testville-les-Alpes', 'CH', database.db)).toMatchObject({ id: 990000002 });
    expect(await findBasePlace('Testville-les-Alpes', 'IT', database.db)).toBeNull();
  });

  it('reads a name a longer town name begins with as that town', async () => {
    // 'Testville' is the first word of Testville-les-Alpes, as 'Chamonix' is of Chamonix-Mont-Blanc.
    expect(await findBasePlace('Testville', 'FR', database.db)).toMatchObject({ id: 990000001 });
    // Part of a word is not a name.
    expect(await findBasePlace('Testvil', 'FR', database.db)).toBeNull();
  });

  it('stores an application once under a double submit: one guide, one account, one link, one e-mail', async () => {
    const [first, second] = await Promise.all([apply('Double@Example.com', 'apply-double-00001'), apply('double@example.com', 'apply-double-00001')]);
    expect(first.outcome.ok && second.outcome.ok).toBe(true);
    expect([first.outcome, second.outcome].filter((outcome) => outcome.ok && outcome.created)).toHaveLength(1);
    const rows = await database.db.select().from(guides).where(eq(guides.email, 'double@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'applied', companyType: 'mountain_guide', countryCode: 'FR', basePlaceId: 990000001, baseLatitude: 45.9237, website: 'https://guide.example', emailLocale: 'fr' });
    const guideId = rows[0]!.id;
    expect(await database.db.select().from(guideApplications).where(eq(guideApplications.guideId, guideId))).toHaveLength(1);
    expect(await database.db.select({ id: guideDocuments.id }).from(guideDocuments).where(eq(guideDocuments.guideId, guideId))).toHaveLength(1);
    expect(await database.db.select().from(guideTranslations).where(eq(guideTranslations.guideId, guideId))).toEqual([{ guideId, locale: 'fr', bio: 'Guide de haute montagne à Chamonix depuis quinze ans.' }]);
    expect(await database.db.select().from(users).where(eq(users.email, 'double@example.com'))).toMatchObject([{ role: 'guide', guideId }]);
    expect(await database.db.select().from(signInLinks).where(eq(signInLinks.idempotencyKey, 'guide-application:apply-double-00001'))).toHaveLength(1);
    expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, 'guide-application:apply-double-00001'))).toHaveLength(1);
  });

  it('refuses a second application for an address that already belongs to a guide', async () => {
    await apply('twice@example.com', 'apply-twice-000001');
    const again = await apply('Twice@Example.com', 'apply-twice-000002');
    expect(again.outcome).toEqual({ ok: false, reason: 'alreadyGuide' });
  });

  it('keeps an applied guide private: no page, no sitemap entry, no published trip', async () => {
    const { outcome, token } = await apply('private@example.com', 'apply-private-0001');
    if (!outcome.ok) throw new Error('applied');
    const [guide] = await database.db.select().from(guides).where(eq(guides.id, outcome.guideId));
    expect(await getGuidePageData(guide!.slug, 'fr', database.db)).toBeNull();
    expect((await listSitemapEntries(database.db)).guides.map((row) => row.slug)).not.toContain(guide!.slug);
    expect(await guideMayPublish(outcome.guideId, database.db)).toBe(false);
    const [someTrip] = await database.db.select().from(trips).limit(1);
    await expect(database.db.update(trips).set({ guideId: outcome.guideId }).where(eq(trips.id, someTrip!.id))).rejects.toMatchObject({ cause: { code: '23514', message: expect.stringMatching(/not approved/) } });
    // The link confirms the address and signs in as the guide's member.
    const signedIn = await signInWithLink(token, { supportEmails: SUPPORT }, database.db);
    if (!signedIn.ok) throw new Error('signed in');
    expect(await getSessionUser(signedIn.sessionToken, { supportEmails: SUPPORT }, database.db)).toMatchObject({ role: 'guide', guideId: outcome.guideId });
  });

  it('lets one of two support members deciding at once win; the other is told, and one e-mail goes', async () => {
    const { outcome } = await apply('race@example.com', 'apply-race-0000001');
    if (!outcome.ok) throw new Error('applied');
    const email = (key: string) => (guide: { email: string }) => mail(key, guide.email);
    const [approve, decline] = await Promise.all([
      decideGuide({ guideId: outcome.guideId, subject: 'application', decision: 'approve', reason: '', deciderId: supportA, dedupeKey: 'decision-race-a' }, email('decision-race-a'), new Date(), database.db),
      decideGuide({ guideId: outcome.guideId, subject: 'application', decision: 'decline', reason: 'Certificate unreadable', deciderId: supportB, dedupeKey: 'decision-race-b' }, email('decision-race-b'), new Date(), database.db),
    ]);
    const outcomes = [approve, decline];
    expect(outcomes.filter((decided) => decided.ok && decided.changed)).toHaveLength(1);
    expect(outcomes.filter((decided) => !decided.ok)).toEqual([{ ok: false, reason: 'alreadyDecided' }]);
    const winner = approve.ok ? 'approved' : 'declined';
    const [guide] = await database.db.select({ status: guides.status }).from(guides).where(eq(guides.id, outcome.guideId));
    expect(guide!.status).toBe(winner);
    const [decision] = await database.db.select().from(guideApplications).where(eq(guideApplications.guideId, outcome.guideId));
    expect(decision!.decidedBy).toBe(approve.ok ? supportA : supportB);
    const sent = await database.db.select({ key: outboxEmails.dedupeKey }).from(outboxEmails).where(sql`${outboxEmails.dedupeKey} LIKE 'decision-race-%'`);
    expect(sent).toHaveLength(1);
    // The winner's form sent again answers as it did, without a second e-mail.
    const retried = await decideGuide(
      { guideId: outcome.guideId, subject: 'application', decision: approve.ok ? 'approve' : 'decline', reason: 'Certificate unreadable', deciderId: approve.ok ? supportA : supportB, dedupeKey: approve.ok ? 'decision-race-a' : 'decision-race-b' },
      email('unused'),
      new Date(),
      database.db,
    );
    expect(retried).toMatchObject({ ok: true, changed: false });
  });

  it('publishes an approved guide, and sends a certification change back to support while the page keeps the verified ones', async () => {
    const { outcome } = await apply('approved@example.com', 'apply-approved-001');
    if (!outcome.ok) throw new Error('applied');
    expect((await listGuideVerifications(500, database.db)).find((waiting) => waiting.guideId === outcome.guideId)).toMatchObject({ status: 'applied', documents: [{ fileName: 'diplome.pdf', mediaType: 'application/pdf', bytes: PDF.length }] });
    const [document] = await database.db.select({ id: guideDocuments.id }).from(guideDocuments).where(eq(guideDocuments.guideId, outcome.guideId));
    expect(Buffer.compare((await getGuideDocument(document!.id, database.db))!.content, PDF)).toBe(0);
    await decideGuide({ guideId: outcome.guideId, subject: 'application', decision: 'approve', reason: '', deciderId: supportA, dedupeKey: 'decision-approved' }, (guide) => mail('decision-approved', guide.email), new Date(), database.db);
    expect(await guideMayPublish(outcome.guideId, database.db)).toBe(true);
    const [guide] = await database.db.select().from(guides).where(eq(guides.id, outcome.guideId));

    const profile = guideProfileSchema.parse({
      idempotencyKey: 'profile-approved-01',
      locale: 'en',
      bioEn: 'High mountain guide in Chamonix.',
      bioFr: '',
      bioEs: '',
      languages: ['fr', 'en', 'it'],
      certifications: 'IFMGA/UIAGM\nWilderness First Responder',
      responseHours: '12',
      webAddress: '',
    });
    expect(await updateGuideProfile(outcome.guideId, profile, new Date(), database.db)).toEqual({ certificationsPending: true });
    // Saved twice: the same state.
    expect(await updateGuideProfile(outcome.guideId, profile, new Date(), database.db)).toEqual({ certificationsPending: true });
    const [edited] = await database.db.select().from(guides).where(eq(guides.id, outcome.guideId));
    expect(edited).toMatchObject({ certifications: ['IFMGA/UIAGM'], pendingCertifications: ['IFMGA/UIAGM', 'Wilderness First Responder'], responseHours: 12, languages: ['fr', 'en', 'it'], website: null });

    // The page is public now; French left empty shows the original (French was cleared, so English).
    const page = await getGuidePageData(guide!.slug, 'es', database.db);
    expect(page?.bio).toEqual({ text: 'High mountain guide in Chamonix.', locale: 'en' });
    expect(page?.guide.certifications).toEqual(['IFMGA/UIAGM']);
    expect((await listGuideVerifications(500, database.db)).find((waiting) => waiting.guideId === outcome.guideId)).toMatchObject({ status: 'approved', pendingCertifications: ['IFMGA/UIAGM', 'Wilderness First Responder'] });

    const accepted = await decideGuide({ guideId: outcome.guideId, subject: 'certifications', decision: 'approve', reason: '', deciderId: supportB, dedupeKey: 'certifications-ok' }, (to) => mail('certifications-ok', to.email), new Date(), database.db);
    expect(accepted).toMatchObject({ ok: true, changed: true });
    const [verified] = await database.db.select().from(guides).where(eq(guides.id, outcome.guideId));
    expect(verified).toMatchObject({ certifications: ['IFMGA/UIAGM', 'Wilderness First Responder'], pendingCertifications: null, status: 'approved' });
  });

  it('refuses a profile edit from a guide that is not approved', async () => {
    const { outcome } = await apply('waiting@example.com', 'apply-waiting-0001');
    if (!outcome.ok) throw new Error('applied');
    const profile = guideProfileSchema.parse({ idempotencyKey: 'profile-waiting-01', locale: 'en', bioEn: 'Bio', bioFr: '', bioEs: '', languages: ['en'], certifications: 'IFMGA/UIAGM', responseHours: '24', webAddress: '' });
    expect(await updateGuideProfile(outcome.guideId, profile, new Date(), database.db)).toBeNull();
  });
});
