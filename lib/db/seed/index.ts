import { countries as isoCountries } from 'countries-list';
import { addDays, addMonths, formatISO, startOfMonth, subMonths } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { refreshTripSearch, refreshTripSearchText } from '../../search/search-index';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { isLocale, locales, type Locale } from '../../locales';
import { toMinorUnits } from '../../money/currency';
import { parseEcbDailyXml } from '../../money/ecb-rates';
import type { ExchangeRates } from '../../money/rates';
import { staticPageKeys } from '../../routing/static-pages';
import { createDatabase, type Database } from '../database';
import { storeExchangeRates } from '../exchange-rates';
import * as t from '../schema';
import {
  seedAuthor,
  seedBlogPost,
  seedGuide,
  seedLandingPage,
  seedReview,
  seedStaticPage,
  seedTrip,
  type SeedGuide,
  type SeedReview,
  type SeedTrip,
} from './catalogue-schema';
import { loadGazetteer } from './gazetteer';
import type { ObjectStore } from '../../media/object-store';
import { seedTripPhotos } from './photos';

/** Where the hand-written demo catalogue lives (validated JSON files). */
export const seedDataDir = path.join(process.cwd(), 'lib', 'db', 'seed', 'data');

function readArray<T extends z.ZodTypeAny>(schema: T, files: string[]): z.infer<T>[] {
  return files.flatMap((file) => {
    const items: unknown = JSON.parse(readFileSync(path.join(seedDataDir, file), 'utf8'));
    if (!Array.isArray(items)) throw new Error(`${file}: expected a JSON array`);
    return items.map((item, index) => {
      const parsed = schema.safeParse(item);
      if (!parsed.success) throw new Error(`${file}[${index}]: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      return parsed.data;
    });
  });
}

/** Demo guides get a mailbox on the reserved `.example` domain, read in the first site language they speak. */
export function guideMailbox(guide: Pick<SeedGuide, 'slug' | 'languages'>): { email: string; emailLocale: Locale } {
  const emailLocale = guide.languages.find((language): language is Locale => isLocale(language)) ?? 'en';
  return { email: `${guide.slug}@guides.cordee.example`, emailLocale };
}

function dataFiles(pattern: RegExp): string[] {
  if (!existsSync(seedDataDir)) return [];
  return readdirSync(seedDataDir)
    .filter((name) => pattern.test(name))
    .sort();
}

/** The ECB reference-rates snapshot seeded on first start (the file is in the ECB daily XML format). */
export function loadRatesSnapshot(): ExchangeRates | null {
  const file = path.join(seedDataDir, 'ecb-reference-rates.xml');
  return existsSync(file) ? parseEcbDailyXml(readFileSync(file, 'utf8')) : null;
}

/** Every data file, parsed and validated; throws with the file and path of the first problem. */
export function loadDemoCatalogue() {
  return {
    guides: readArray(seedGuide, dataFiles(/^guides-.*\.json$/)),
    trips: readArray(seedTrip, dataFiles(/^trips-.*\.json$/)),
    reviews: readArray(seedReview, dataFiles(/^reviews\.json$/)),
    landingPages: readArray(seedLandingPage, dataFiles(/^landing-pages\.json$/)),
    authors: readArray(seedAuthor, dataFiles(/^authors\.json$/)),
    blogPosts: readArray(seedBlogPost, dataFiles(/^blog-posts\.json$/)),
    staticPages: readArray(seedStaticPage, dataFiles(/^static-pages\.json$/)),
    exchangeRates: loadRatesSnapshot(),
  };
}
export type DemoCatalogue = ReturnType<typeof loadDemoCatalogue>;

const activityFamily: Record<SeedTrip['activities'][number], SeedReview['family']> = {
  trekking: 'trekking',
  hiking: 'trekking',
  snowshoeing: 'trekking',
  'rock-climbing': 'climbing',
  'ice-climbing': 'climbing',
  'via-ferrata': 'climbing',
  'ski-touring': 'ski',
  freeride: 'ski',
  'heli-skiing': 'ski',
  mountaineering: 'mountaineering',
};

const isoDate = (date: Date) => formatISO(date, { representation: 'date' });
const pick = <T>(text: Record<Locale, T>, locale: Locale): T => text[locale];

/**
 * Writes the demo catalogue, relative to `today` (open groups over the next 12 months, reviews
 * in the past), then the gazetteer of towns and cities. Idempotent: every row is upserted by its
 * stable key and the gazetteer loaded only when missing or outdated, so a second run changes nothing.
 */
export async function seedDemoCatalogue(db: Database, catalogue: DemoCatalogue, today: Date, log: (line: string) => void = () => undefined): Promise<void> {
  const displayNames = Object.fromEntries(locales.map((locale) => [locale, new Intl.DisplayNames([locale], { type: 'region' })]));

  await db.transaction(async (tx) => {
    // spec §3 country–currency table: every ISO 3166 country, names in each locale.
    const countryRows = Object.entries(isoCountries).map(([code, country]) => ({
      code,
      name: Object.fromEntries(locales.map((locale) => [locale, displayNames[locale]!.of(code) ?? country.name])) as t.LocalizedText,
      currencyCode: country.currency[0] ?? 'USD',
      continent: country.continent,
    }));
    await tx
      .insert(t.countries)
      .values(countryRows)
      .onConflictDoUpdate({ target: t.countries.code, set: { name: sql`excluded.name`, currencyCode: sql`excluded.currency_code`, continent: sql`excluded.continent` } });

    const guideIds = new Map<string, number>();
    for (const guide of catalogue.guides) {
      const { key, bio, ...catalogueFields } = guide;
      const fields = { ...catalogueFields, ...guideMailbox(guide) };
      const [row] = await tx
        .insert(t.guides)
        .values({ key, ...fields })
        .onConflictDoUpdate({ target: t.guides.key, set: { ...fields, updatedAt: sql`now()` } })
        .returning({ id: t.guides.id });
      guideIds.set(key, row!.id);
      await tx
        .insert(t.guideTranslations)
        .values(locales.map((locale) => ({ guideId: row!.id, locale, bio: pick(bio, locale) })))
        .onConflictDoUpdate({ target: [t.guideTranslations.guideId, t.guideTranslations.locale], set: { bio: sql`excluded.bio` } });
    }

    const tripsByFamily = new Map<SeedReview['family'], number[]>();
    const sortedTrips = [...catalogue.trips].sort((a, b) => a.key.localeCompare(b.key));
    for (const [index, trip] of sortedTrips.entries()) {
      const guideId = guideIds.get(trip.guideKey);
      if (guideId === undefined) throw new Error(`trip ${trip.key}: unknown guide ${trip.guideKey}`);
      const fields = {
        guideId,
        countryCode: trip.countryCode,
        location: trip.location,
        latitude: trip.latitude,
        longitude: trip.longitude,
        activities: trip.activities,
        tripType: trip.tripType,
        languages: trip.languages,
        skillLevel: trip.skillLevel,
        fitnessLevel: trip.fitnessLevel,
        tripLevel: trip.tripLevel,
        durationDays: trip.durationDays,
        minDays: trip.minDays,
        maxGroupSize: trip.maxGroupSize,
        pricingMode: trip.pricing.mode,
        currency: trip.pricing.currency,
        customerFee: trip.pricing.customerFee,
        discountPercent: trip.pricing.discountPercent ?? 0,
        included: trip.included as t.Trip['included'],
        notIncluded: trip.notIncluded as t.Trip['notIncluded'],
        seasons: trip.seasons,
        monthlyCapacity: trip.monthlyCapacity,
        // scripts/generate-images.ts draws five photos per trip.
        photoCount: 5,
      };
      const [row] = await tx
        .insert(t.trips)
        .values({ key: trip.key, ...fields })
        .onConflictDoUpdate({ target: t.trips.key, set: { ...fields, updatedAt: sql`now()` } })
        .returning({ id: t.trips.id });
      const tripId = row!.id;
      const family = activityFamily[trip.activities[0]!];
      tripsByFamily.set(family, [...(tripsByFamily.get(family) ?? []), tripId]);

      await tx
        .insert(t.tripTranslations)
        .values(
          locales.map((locale) => ({
            tripId,
            locale,
            slug: trip.slugs[locale],
            title: trip.title[locale],
            summary: trip.summary[locale],
            description: trip.description[locale],
            region: trip.region[locale],
            itinerary: trip.itinerary.map((day) => ({ title: day.title[locale], text: day.text[locale] })),
            faq: trip.faq.map((entry) => ({ question: entry.question[locale], answer: entry.answer[locale] })),
            why: trip.why[locale],
            information: trip.information[locale],
            assistance: trip.assistance[locale],
          })),
        )
        .onConflictDoUpdate({
          target: [t.tripTranslations.tripId, t.tripTranslations.locale],
          set: {
            slug: sql`excluded.slug`,
            title: sql`excluded.title`,
            summary: sql`excluded.summary`,
            description: sql`excluded.description`,
            region: sql`excluded.region`,
            itinerary: sql`excluded.itinerary`,
            faq: sql`excluded.faq`,
            why: sql`excluded.why`,
            information: sql`excluded.information`,
            assistance: sql`excluded.assistance`,
          },
        });

      // Children without outside references are replaced wholesale.
      await tx.delete(t.priceEntries).where(sql`${t.priceEntries.tripId} = ${tripId}`);
      await tx.insert(t.priceEntries).values(
        trip.pricing.entries.map((entry) => ({ tripId, people: entry.people, amountMinor: toMinorUnits(entry.amount, trip.pricing.currency) })),
      );
      await tx.delete(t.hotels).where(sql`${t.hotels.tripId} = ${tripId}`);
      if (trip.hotels.length > 0) {
        await tx.insert(t.hotels).values(trip.hotels.map((hotel) => ({ tripId, name: hotel.name, stars: hotel.stars, description: hotel.description })));
      }
      await tx.delete(t.unavailableRanges).where(sql`${t.unavailableRanges.tripId} = ${tripId}`);
      if (index % 4 === 1) {
        // Some guides are away for ten days two months from now (calendar state 'guide unavailable').
        const start = addDays(startOfMonth(addMonths(today, 2)), 9);
        await tx.insert(t.unavailableRanges).values({ tripId, startsOn: isoDate(start), endsOn: isoDate(addDays(start, 9)) });
      }

      // Open groups are upserted by key: travellers' joins reference them.
      for (const [groupIndex, group] of trip.openGroups.entries()) {
        let startsOn = addDays(startOfMonth(addMonths(today, group.monthsAhead)), group.day - 1);
        if (startsOn <= today) startsOn = addMonths(startsOn, 1);
        const values = {
          tripId,
          startsOn: isoDate(startsOn),
          durationDays: trip.durationDays,
          totalSpots: group.totalSpots,
          openSpots: group.openSpots,
          pricePerPersonMinor: toMinorUnits(group.pricePerPerson, trip.pricing.currency),
          currency: trip.pricing.currency,
          confirmed: group.confirmed,
        };
        await tx
          .insert(t.openGroups)
          .values({ key: `${trip.key}-${groupIndex + 1}`, ...values })
          .onConflictDoUpdate({ target: t.openGroups.key, set: { ...values, updatedAt: sql`now()` } });
      }
    }

    // Reviews from the pool go to trips of their activity family, round robin, deterministically.
    const familyCursor = new Map<SeedReview['family'], number>();
    for (const [index, review] of catalogue.reviews.entries()) {
      const candidates = tripsByFamily.get(review.family) ?? [...tripsByFamily.values()].flat();
      if (candidates.length === 0) break;
      const cursor = familyCursor.get(review.family) ?? 0;
      familyCursor.set(review.family, cursor + 1);
      const values = {
        tripId: candidates[cursor % candidates.length]!,
        rating: review.rating,
        comment: review.comment?.text ?? null,
        commentLanguage: review.comment?.language ?? null,
        firstName: review.firstName,
        countryCode: review.countryCode,
        tripDate: isoDate(subMonths(today, review.monthsAgo)),
        guideReply: review.comment ? review.guideReply : null,
        createdAt: addDays(subMonths(today, review.monthsAgo), 12),
      };
      await tx
        .insert(t.reviews)
        .values({ key: `review-${index + 1}`, ...values })
        .onConflictDoUpdate({ target: t.reviews.key, set: values });
    }

    for (const page of catalogue.landingPages) {
      const fields = { activity: page.activity, countryCode: page.countryCode };
      const [row] = await tx
        .insert(t.landingPages)
        .values({ key: page.key, ...fields })
        .onConflictDoUpdate({ target: t.landingPages.key, set: { ...fields, updatedAt: sql`now()` } })
        .returning({ id: t.landingPages.id });
      await tx
        .insert(t.landingPageTranslations)
        .values(
          locales.map((locale) => ({
            landingPageId: row!.id,
            locale,
            slug: page.slugs[locale],
            title: page.title[locale],
            intro: page.intro[locale],
            body: page.body[locale],
          })),
        )
        .onConflictDoUpdate({
          target: [t.landingPageTranslations.landingPageId, t.landingPageTranslations.locale],
          set: { slug: sql`excluded.slug`, title: sql`excluded.title`, intro: sql`excluded.intro`, body: sql`excluded.body` },
        });
    }

    const knownStaticKeys = new Set<string>(staticPageKeys);
    for (const page of catalogue.staticPages) {
      if (!knownStaticKeys.has(page.key)) throw new Error(`static page ${page.key} is not in the slug registry`);
      await tx.insert(t.staticPages).values({ key: page.key }).onConflictDoUpdate({ target: t.staticPages.key, set: { updatedAt: sql`now()` } });
      await tx
        .insert(t.staticPageTranslations)
        .values(locales.map((locale) => ({ key: page.key, locale, title: page.title[locale], description: page.description[locale], body: page.body[locale] })))
        .onConflictDoUpdate({
          target: [t.staticPageTranslations.key, t.staticPageTranslations.locale],
          set: { title: sql`excluded.title`, description: sql`excluded.description`, body: sql`excluded.body` },
        });
    }

    const authorIds = new Map<string, number>();
    for (const author of catalogue.authors) {
      const [row] = await tx
        .insert(t.authors)
        .values(author)
        .onConflictDoUpdate({ target: t.authors.key, set: { name: author.name, bio: author.bio } })
        .returning({ id: t.authors.id });
      authorIds.set(author.key, row!.id);
    }
    for (const post of catalogue.blogPosts) {
      const authorId = authorIds.get(post.authorKey);
      if (authorId === undefined) throw new Error(`blog post ${post.key}: unknown author ${post.authorKey}`);
      const fields = { authorId, publishedAt: subDaysAtNoon(today, post.publishedDaysAgo), activities: post.activities, countryCodes: post.countryCodes };
      const [row] = await tx
        .insert(t.blogPosts)
        .values({ key: post.key, ...fields })
        .onConflictDoUpdate({ target: t.blogPosts.key, set: { ...fields, updatedAt: sql`now()` } })
        .returning({ id: t.blogPosts.id });
      await tx
        .insert(t.blogPostTranslations)
        .values(
          locales.map((locale) => ({ postId: row!.id, locale, slug: post.slugs[locale], title: post.title[locale], excerpt: post.excerpt[locale], body: post.body[locale] })),
        )
        .onConflictDoUpdate({
          target: [t.blogPostTranslations.postId, t.blogPostTranslations.locale],
          set: { slug: sql`excluded.slug`, title: sql`excluded.title`, excerpt: sql`excluded.excerpt`, body: sql`excluded.body` },
        });
    }

    // The ECB reference-rates snapshot; rates refreshed since are newer and stay.
    if (catalogue.exchangeRates) await storeExchangeRates(tx, catalogue.exchangeRates);
    // What the search matches, from the texts just written.
    await refreshTripSearchText(tx);
    await refreshTripSearch(tx);
  });
  await loadGazetteerLogged(db, log);
}

function subDaysAtNoon(today: Date, days: number): Date {
  const date = addDays(today, -days);
  date.setUTCHours(12, 0, 0, 0);
  return date;
}

/** The gazetteer (loaded with the catalogue, and on its own into databases seeded before it existed), timed in the log. */
async function loadGazetteerLogged(db: Database, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const loaded = await loadGazetteer(db);
  if (loaded) log(`Loaded the gazetteer: ${loaded} towns and cities in ${Math.round(performance.now() - started)} ms.`);
}

async function hasReadyTripPhotos(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: t.tripPhotos.id }).from(t.tripPhotos).where(eq(t.tripPhotos.ready, true)).limit(1);
  return row !== undefined;
}

/**
 * At start: seeds the demo catalogue when the database has no trip yet (first start), or every
 * time with 'always' (the idempotent upsert refreshes it; the e2e suite uses this).
 */
export async function seedOnStart(databaseUrl: string, mode: 'if-empty' | 'always', log: (line: string) => void = () => undefined, photoStore?: ObjectStore): Promise<boolean> {
  const { db, pool } = createDatabase(databaseUrl, { max: 2 });
  try {
    const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(t.trips);
    if (count > 0 && mode === 'if-empty') {
      // Databases seeded before rates existed get the snapshot; newer refreshed rates are kept.
      const snapshot = loadRatesSnapshot();
      if (snapshot) await storeExchangeRates(db, snapshot);
      await loadGazetteerLogged(db, log);
      // A database seeded without the photo pipeline (the bench's, grown by bench:search) gets the demo photos once.
      if (photoStore && !(await hasReadyTripPhotos(db))) await seedTripPhotos(db, photoStore, log);
      return false;
    }
    const catalogue = loadDemoCatalogue();
    log(`Seeding the demo catalogue: ${catalogue.trips.length} trips, ${catalogue.guides.length} guides, ${catalogue.reviews.length} reviews…`);
    await seedDemoCatalogue(db, catalogue, new Date(), log);
    // A few demo trips get photographs through the upload pipeline, so every fresh start runs it.
    if (photoStore) await seedTripPhotos(db, photoStore, log);
    return true;
  } finally {
    await pool.end();
  }
}
