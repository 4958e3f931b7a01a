import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExchangeRates } from '@/lib/db/queries/exchange-rates';
import { replacePriceEntries, saveOpenGroups } from '@/lib/db/queries/guide-trips';
import { searchTrips } from '@/lib/db/queries/search';
import { listSitemapEntries } from '@/lib/db/queries/sitemap';
import {
  approveTrip,
  returnTripToDraft,
  saveTripFacts,
  type DecidedTrip,
  createDraftTrip,
  duplicateTrip,
  listSubmittedTrips,
  saveTripTexts,
  submitTrip,
  unpublishTrip,
  type TripFacts,
  type TripTexts,
} from '@/lib/db/queries/trip-authoring';
import { guides, openGroups, outboxEmails, priceEntries, trips, tripTranslations } from '@/lib/db/schema';
import { restateAmount } from '@/lib/money/currency-change';
import { tripLinks } from '@/lib/booking/trip-links';
import { tripDecisionEmail } from '@/lib/mail/templates';
import { isoDayOf } from '@/lib/iso-day';
import { locales, type Locale } from '@/lib/locales';
import { parseSearchState } from '@/lib/search/search-state';
import { isolatedDatabase, SEED_DATE, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const facts: TripFacts = {
  activities: ['trekking'],
  tripType: 'private_and_group',
  languages: ['en', 'fr'],
  skillLevel: 'intermediate',
  fitnessLevel: 'high',
  tripLevel: 'intermediate',
  durationDays: 3,
  minDays: 3,
  maxGroupSize: 8,
  pricingMode: 'per_trip',
  currency: 'EUR',
  discountPercent: 0,
  included: ['guiding_fee'],
  notIncluded: ['visa_fee'],
  place: { name: 'Chamonix', countryCode: 'FR', latitude: 45.92, longitude: 6.87 },
};

const SITE = 'https://cordee.test';
/** The action's e-mail, as `trip-actions.ts` writes it. */
const decisionMail = (decision: 'approved' | 'returned', reason = '') => (trip: DecidedTrip) =>
  tripDecisionEmail(
    { tripId: trip.tripId, guide: trip.guide, trip: tripLinks(trip.translations, SITE), decision, reason, editorUrl: `${SITE}/account/trip?lan=${trip.guide.emailLocale}&id=${trip.tripId}`, submittedAt: trip.submittedAt },
    { supportEmail: 'support@cordee.test' },
  );

const textsIn = (locale: Locale, word: string): TripTexts => ({
  locale,
  title: `${word} traverse ${locale}`,
  slug: `${word}-traverse-${locale}`,
  summary: 'Three days above the valley.',
  description: 'A traverse from hut to hut.',
  region: 'Mont Blanc',
  itinerary: [{ title: 'Day 1', text: 'Up to the hut.' }],
  faq: [{ question: 'Water?', answer: 'At the huts.' }],
  why: 'Views.',
  information: 'Meet at the station.',
  assistance: 'Call us.',
});

describe.each(testDatabaseServers())('trips guides write, on the $name server', (server) => {
  let database: IsolatedDatabase;
  let guideId: number;
  let otherGuideId: number;
  const today = isoDayOf(SEED_DATE);

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const rows = await database.db.execute<{ id: number }>(sql`SELECT id FROM guides ORDER BY id LIMIT 2`);
    guideId = Number(rows.rows[0]!.id);
    otherGuideId = Number(rows.rows[1]!.id);
  });
  afterAll(async () => database?.close());

  /** A complete draft of `guide`: texts in every language and one price. */
  const completeDraft = async (word: string, guide = guideId) => {
    const created = await createDraftTrip(guide, `${word}-key`, facts, textsIn('en', word), database.db);
    if (!created.ok) throw new Error('slug taken');
    for (const locale of locales) expect(await saveTripTexts(guide, created.id, textsIn(locale, word), database.db)).toBe('saved');
    await replacePriceEntries(created.id, [{ people: 1, amountMinor: 90000 }], database.db);
    return created.id;
  };
  const searchIds = async (query: string, locale: Locale = 'en') => {
    const conversion = { rates: (await getExchangeRates(database.db))!, target: 'EUR', crossCurrencyFactor: '1.02' };
    const outcome = await searchTrips(parseSearchState(new URLSearchParams({ query })), { locale, conversion, today, pageSize: 100 }, database.db);
    return outcome.trips.map((trip) => trip.id);
  };
  const sitemapSlugs = async () => (await listSitemapEntries(database.db)).trips.map((trip) => trip.slugs.en);

  it('keeps a draft private; support approves the first trip, which is then in the search and the sitemap; unpublishing removes it', async () => {
    const id = await completeDraft('quillwort');
    expect(await searchIds('quillwort')).not.toContain(id);
    expect(await sitemapSlugs()).not.toContain('quillwort-traverse-en');

    expect(await submitTrip(guideId, id, database.db)).toEqual({ ok: true, outcome: 'submitted' });
    expect((await listSubmittedTrips('en', database.db)).map((trip) => trip.id)).toContain(id);
    expect(await searchIds('quillwort')).not.toContain(id);

    expect(await approveTrip(id, decisionMail('approved'), database.db)).toBe(true);
    expect(await searchIds('quillwort')).toContain(id);
    expect(await searchIds('quillwort', 'fr')).toContain(id);
    expect(await sitemapSlugs()).toContain('quillwort-traverse-en');

    expect(await unpublishTrip(guideId, id, database.db)).toBe(true);
    expect(await searchIds('quillwort')).not.toContain(id);
    expect(await sitemapSlugs()).not.toContain('quillwort-traverse-en');

    // Approved once: submitted again, it goes live without the queue, and so does the guide's next trip.
    expect(await submitTrip(guideId, id, database.db)).toEqual({ ok: true, outcome: 'live' });
    const next = await completeDraft('bellflower');
    expect(await submitTrip(guideId, next, database.db)).toEqual({ ok: true, outcome: 'live' });
    expect(await searchIds('bellflower')).toContain(next);
  });

  it('refuses an incomplete trip, another guide\'s trip, and a trip already submitted', async () => {
    const created = await createDraftTrip(otherGuideId, 'sparse-key', facts, textsIn('en', 'sparse'), database.db);
    if (!created.ok) throw new Error('slug taken');
    expect(await submitTrip(otherGuideId, created.id, database.db)).toEqual({ ok: false, reason: 'incomplete', missing: ['texts', 'prices'] });
    expect(await submitTrip(guideId, created.id, database.db)).toEqual({ ok: false, reason: 'notYours' });
    const id = await completeDraft('foxglove', otherGuideId);
    expect((await submitTrip(otherGuideId, id, database.db)).ok).toBe(true);
    expect(await submitTrip(otherGuideId, id, database.db)).toEqual({ ok: false, reason: 'notSubmittable', status: 'submitted' });
  });

  it('keeps slugs unique per language, the same slug free in another language', async () => {
    const first = await createDraftTrip(guideId, 'slug-a', facts, { locale: 'fr', title: 'Arête', slug: 'arete-du-cosmique' }, database.db);
    expect(first.ok).toBe(true);
    expect(await createDraftTrip(guideId, 'slug-b', facts, { locale: 'fr', title: 'Arête', slug: 'arete-du-cosmique' }, database.db)).toEqual({ ok: false, slugTaken: true });
    const second = await createDraftTrip(guideId, 'slug-c', facts, { locale: 'en', title: 'Arete', slug: 'arete-du-cosmique' }, database.db);
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    expect(await saveTripTexts(guideId, second.id, { ...textsIn('fr', 'x'), slug: 'arete-du-cosmique' }, database.db)).toBe('slugTaken');
  });

  it('answers the same trip when a creation or a duplication is sent again', async () => {
    const a = await createDraftTrip(guideId, 'retried-key', facts, textsIn('en', 'retried'), database.db);
    const b = await createDraftTrip(guideId, 'retried-key', facts, textsIn('en', 'retried'), database.db);
    expect(a).toEqual(b);
    if (!a.ok) return;
    await replacePriceEntries(a.id, [{ people: 2, amountMinor: 50000 }], database.db);
    const [one, two] = await Promise.all([duplicateTrip(guideId, a.id, 'dup-key', database.db), duplicateTrip(guideId, a.id, 'dup-key', database.db)]);
    expect(one).not.toBeNull();
    expect(two).toBe(one);
    const [copy] = await database.db.select({ status: trips.status, published: trips.published }).from(trips).where(eq(trips.id, one!));
    expect(copy).toEqual({ status: 'draft', published: false });
    const copyTexts = await database.db.select({ slug: tripTranslations.slug }).from(tripTranslations).where(eq(tripTranslations.tripId, one!));
    expect(copyTexts).toEqual([{ slug: `retried-traverse-en-${one}` }]);
    expect(await duplicateTrip(otherGuideId, a.id, 'dup-other', database.db)).toBeNull();
  });

  it('decides two submissions at once, and two approvals at once, once', async () => {
    const pairGuide = Number((await database.db.execute<{ id: number }>(sql`SELECT id FROM guides ORDER BY id OFFSET 2 LIMIT 1`)).rows[0]!.id);
    const id = await completeDraft('meadowsweet', pairGuide);
    const submissions = await Promise.all([submitTrip(pairGuide, id, database.db), submitTrip(pairGuide, id, database.db)]);
    expect(submissions.filter((result) => result.ok)).toEqual([{ ok: true, outcome: 'submitted' }]);
    expect(submissions.filter((result) => !result.ok)).toEqual([{ ok: false, reason: 'notSubmittable', status: 'submitted' }]);
    const approvals = await Promise.all([approveTrip(id, decisionMail('approved'), database.db), approveTrip(id, decisionMail('approved'), database.db)]);
    expect(approvals.sort()).toEqual([false, true]);
    const [row] = await database.db.select({ status: trips.status, published: trips.published }).from(trips).where(eq(trips.id, id));
    expect(row).toEqual({ status: 'live', published: true });
  });

  const mailsOf = async (tripId: number) =>
    (await database.db.select().from(outboxEmails).where(sql`${outboxEmails.dedupeKey} LIKE ${`trip:${tripId}:%`}`).orderBy(outboxEmails.id)).map((mail) => ({ ...mail, body: mail.text }));

  it('tells the guide, in their language and with the decision, that support approved their trip: its public page', async () => {
    const mailGuide = Number((await database.db.execute<{ id: number }>(sql`SELECT id FROM guides ORDER BY id OFFSET 3 LIMIT 1`)).rows[0]!.id);
    await database.db.update(guides).set({ email: 'mail-guide@example.com', emailLocale: 'es' }).where(eq(guides.id, mailGuide));
    const id = await completeDraft('edelweiss', mailGuide);
    expect(await submitTrip(mailGuide, id, database.db)).toEqual({ ok: true, outcome: 'submitted' });
    expect(await approveTrip(id, decisionMail('approved'), database.db)).toBe(true);
    expect(await approveTrip(id, decisionMail('approved'), database.db)).toBe(false);
    const mails = await mailsOf(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'trip-approved', recipient: 'mail-guide@example.com', locale: 'es', subject: 'Tu viaje edelweiss traverse es está publicado' });
    expect(mails[0]!.body).toContain(`${SITE}/es/trip/edelweiss-traverse-es`);
    expect(mails[0]!.dedupeKey).toMatch(new RegExp(`^trip:${id}:approved:\\d{4}-`));
  });

  it('tells the guide why support sent their trip back, with the editor; a second decision stores nothing; a later submission is a new e-mail', async () => {
    const mailGuide = Number((await database.db.execute<{ id: number }>(sql`SELECT id FROM guides ORDER BY id OFFSET 4 LIMIT 1`)).rows[0]!.id);
    await database.db.update(guides).set({ email: 'returned-guide@example.com', emailLocale: 'fr' }).where(eq(guides.id, mailGuide));
    const reason = 'Les photos manquent et le prix semble trop bas.';
    const next = await completeDraft('saxifrage', mailGuide);
    await submitTrip(mailGuide, next, database.db);
    expect(await returnTripToDraft(next, decisionMail('returned', reason), database.db)).toBe(true);
    expect(await returnTripToDraft(next, decisionMail('returned', reason), database.db)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await submitTrip(mailGuide, next, database.db);
    expect(await returnTripToDraft(next, decisionMail('returned', 'Encore une fois.'), database.db)).toBe(true);
    const returned = await mailsOf(next);
    expect(returned.map((mail) => mail.kind)).toEqual(['trip-returned', 'trip-returned']);
    expect(returned[0]).toMatchObject({ recipient: 'returned-guide@example.com', locale: 'fr', subject: 'Votre voyage saxifrage traverse fr demande des modifications' });
    expect(returned[0]!.body).toContain(reason);
    expect(returned[0]!.body).toContain(`${SITE}/account/trip?lan=fr&id=${next}`);
    expect(returned[1]!.body).toContain('Encore une fois.');
    expect(new Set(returned.map((mail) => mail.dedupeKey)).size).toBe(2);
    // Support's return and another support member's approval at once: one decision, one e-mail (last: an approval makes the guide's next trips go live).
    const id = await completeDraft('gentian', mailGuide);
    await submitTrip(mailGuide, id, database.db);
    const [first, second] = await Promise.all([returnTripToDraft(id, decisionMail('returned', reason), database.db), approveTrip(id, decisionMail('approved'), database.db)]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const decided = await mailsOf(id);
    expect(decided).toHaveLength(1);
    // Whichever decision won, its e-mail is the only one, and the trip stands as it decided.
    if (first) {
      expect(decided[0]).toMatchObject({ kind: 'trip-returned', recipient: 'returned-guide@example.com', locale: 'fr', subject: 'Votre voyage gentian traverse fr demande des modifications' });
      expect(decided[0]!.body).toContain(reason);
      expect(decided[0]!.body).toContain(`${SITE}/account/trip?lan=fr&id=${id}`);
      const [row] = await database.db.select({ status: trips.status, published: trips.published }).from(trips).where(eq(trips.id, id));
      expect(row).toEqual({ status: 'draft', published: false });
    }
  });

  it('refuses a new currency on a trip with prices until the guide chooses, then keeps the numbers or converts them', async () => {
    const id = await completeDraft('cinquefoil');
    await saveOpenGroups(id, [{ id: null, startsOn: '2099-07-01', totalSpots: 6, openSpots: 6, pricePerPersonMinor: 50_050, confirmed: false }], { currency: 'EUR', durationDays: 3 }, today, database.db);
    const amounts = async () => ({
      currency: (await database.db.select({ currency: trips.currency }).from(trips).where(eq(trips.id, id)))[0]!.currency,
      prices: (await database.db.select({ amountMinor: priceEntries.amountMinor }).from(priceEntries).where(eq(priceEntries.tripId, id))).map((row) => row.amountMinor),
      groups: await database.db.select({ price: openGroups.pricePerPersonMinor, currency: openGroups.currency }).from(openGroups).where(eq(openGroups.tripId, id)),
    });
    const change = (currency: string, currencyChange?: 'convert' | 'keep') => saveTripFacts(guideId, id, { ...facts, currency }, { currencyChange, today }, database.db);

    expect(await change('JPY')).toBe('currencyChoice');
    expect(await amounts()).toEqual({ currency: 'EUR', prices: [90_000], groups: [{ price: 50_050, currency: 'EUR' }] });
    expect(await saveTripFacts(otherGuideId, id, { ...facts, currency: 'JPY' }, { currencyChange: 'keep', today }, database.db)).toBe('notYours');

    // 900 € → 900 ¥ (JPY has no minor unit); 500.50 € → 501 ¥.
    expect(await change('JPY', 'keep')).toBe('saved');
    expect(await amounts()).toEqual({ currency: 'JPY', prices: [900], groups: [{ price: 501, currency: 'JPY' }] });

    const rates = (await getExchangeRates(database.db))!;
    expect(await change('CHF', 'convert')).toBe('saved');
    expect(await amounts()).toEqual({ currency: 'CHF', prices: [restateAmount(900, 'JPY', 'CHF', 'convert', rates)], groups: [{ price: restateAmount(501, 'JPY', 'CHF', 'convert', rates), currency: 'CHF' }] });
    // The same currency again, or other facts: nothing to choose.
    expect(await change('CHF')).toBe('saved');

    const bare = await createDraftTrip(guideId, 'bare-key', facts, textsIn('en', 'bare'), database.db);
    if (!bare.ok) throw new Error('slug taken');
    expect(await saveTripFacts(guideId, bare.id, { ...facts, currency: 'USD' }, { today }, database.db)).toBe('saved');
  });
});
