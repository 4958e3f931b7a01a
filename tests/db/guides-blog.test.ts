import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE, getBlogPostPageData, listBlogPostTrips, listBlogPosts } from '@/lib/db/queries/blog';
import { getGuidePageData, GUIDE_PAGE_REVIEWS } from '@/lib/db/queries/guides';
import { isolatedDatabase, SEED_DATE, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const GUIDE = 'chamonix-alpine-guides';

describe.each(testDatabaseServers())('guide page and blog queries on the $name server', (server) => {
  let database: IsolatedDatabase;
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await database.db.execute<T>(query)).rows;
  beforeAll(async () => {
    database = await isolatedDatabase(server);
  });
  afterAll(async () => database?.close());

  describe('getGuidePageData', () => {
    it('loads the guide, its bio in the page language, its trips, the reviews of its trips and its reply time in four queries', async () => {
      const before = database.queryCount();
      const data = await getGuidePageData(GUIDE, 'fr', database.db);
      expect(database.queryCount() - before).toBeLessThanOrEqual(4);
      expect(data).not.toBeNull();
      const { guide, bio, trips, reviews } = data!;
      expect(guide.slug).toBe(GUIDE);
      expect(guide.companyType).toBe('guiding_agency');
      expect(guide.languages).toContain('fr');
      expect(guide.certifications.length).toBeGreaterThan(0);
      expect(guide.responseHours).toBeGreaterThanOrEqual(1);
      // The mailbox stays on the server side of the question action.
      expect(guide).not.toHaveProperty('email');
      expect(bio?.locale).toBe('fr');
      const [frenchBio] = await rows<{ bio: string }>(sql`SELECT bio FROM guide_translations WHERE guide_id = ${guide.id} AND locale = 'fr'`);
      expect(bio?.text).toBe(frenchBio!.bio);

      const published = await rows<{ id: number; slug: string }>(sql`
        SELECT t.id, tt.slug FROM trips t JOIN trip_translations tt ON tt.trip_id = t.id AND tt.locale = 'fr'
        WHERE t.guide_id = ${guide.id} AND t.published`);
      expect(trips.map((trip) => trip.id).sort()).toEqual(published.map((trip) => trip.id).sort());
      for (const trip of trips) expect(trip.slug).toBe(published.find((row) => row.id === trip.id)!.slug);

      const [stats] = await rows<{ n: number; average: string }>(sql`
        SELECT count(*)::int AS n, avg(r.rating)::text AS average FROM reviews r JOIN trips t ON t.id = r.trip_id
        WHERE t.guide_id = ${guide.id} AND t.published`);
      expect(stats!.n).toBeGreaterThan(0);
      expect(data!.reviewCount).toBe(stats!.n);
      expect(data!.averageRating).toBe(Math.round(Number(stats!.average) * 10) / 10);
      expect(reviews.length).toBe(Math.min(stats!.n, GUIDE_PAGE_REVIEWS));
      // Most recent first, each with the trip it is about in the page's language.
      const dates = reviews.map((review) => review.tripDate);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const review of reviews) expect(published.map((trip) => trip.slug)).toContain(review.tripSlug);
    });

    it('leaves out unpublished trips and their reviews', async () => {
      const before = (await getGuidePageData(GUIDE, 'en', database.db))!;
      const hidden = before.trips[0]!;
      const [hiddenReviews] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM reviews WHERE trip_id = ${hidden.id}`);
      await database.db.execute(sql`UPDATE trips SET published = false WHERE id = ${hidden.id}`);
      try {
        const after = (await getGuidePageData(GUIDE, 'en', database.db))!;
        expect(after.trips.map((trip) => trip.id)).not.toContain(hidden.id);
        expect(after.trips).toHaveLength(before.trips.length - 1);
        expect(after.reviewCount).toBe(before.reviewCount - hiddenReviews!.n);
        expect(after.reviews.map((review) => review.tripSlug)).not.toContain(hidden.slug);
      } finally {
        await database.db.execute(sql`UPDATE trips SET published = true WHERE id = ${hidden.id}`);
      }
    });

    it('falls back to the English bio, and shows a guide without trips or reviews', async () => {
      await database.db.execute(sql`
        WITH guide AS (
          INSERT INTO guides (key, slug, name, company_type, country_code, base_location, languages, certifications, response_hours, years_experience, has_avatar)
          VALUES ('test-new-guide', 'test-new-guide', 'Nouvelle Cordée', 'mountain_guide', 'FR', 'Briançon', ARRAY['fr'], ARRAY[]::text[], 10, 3, false)
          RETURNING id)
        INSERT INTO guide_translations (guide_id, locale, bio) SELECT id, 'en', 'A new guide in the Écrins.' FROM guide`);
      const data = (await getGuidePageData('test-new-guide', 'es', database.db))!;
      expect(data.bio).toEqual({ text: 'A new guide in the Écrins.', locale: 'en' });
      expect(data.guide.hasAvatar).toBe(false);
      expect(data.trips).toEqual([]);
      expect(data.reviews).toEqual([]);
      expect(data.reviewCount).toBe(0);
      expect(data.averageRating).toBeNull();
    });

    it('is null for an unknown slug', async () => {
      expect(await getGuidePageData('no-such-guide', 'en', database.db)).toBeNull();
    });
  });

  describe('listBlogPosts', () => {
    it('pages the published posts of a locale, newest first, six a page', async () => {
      const [{ n: total }] = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM blog_posts WHERE published_at <= ${SEED_DATE.toISOString()}`)) as [{ n: number }];
      expect(total).toBeGreaterThan(BLOG_PAGE_SIZE);
      const first = await listBlogPosts('en', 1, database.db, SEED_DATE);
      expect(first.total).toBe(total);
      expect(first.pageCount).toBe(Math.ceil(total / BLOG_PAGE_SIZE));
      expect(first.posts).toHaveLength(BLOG_PAGE_SIZE);
      const second = await listBlogPosts('en', 2, database.db, SEED_DATE);
      expect(second.posts).toHaveLength(total - BLOG_PAGE_SIZE);
      const all = [...first.posts, ...second.posts];
      const times = all.map((post) => post.publishedAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(new Set(all.map((post) => post.id)).size).toBe(total);
      for (const post of all) {
        expect(post.author.name.length).toBeGreaterThan(0);
        expect(post.excerpt.length).toBeGreaterThan(0);
      }
      const past = await listBlogPosts('en', first.pageCount + 1, database.db, SEED_DATE);
      expect(past.posts).toEqual([]);
      expect(past.total).toBe(total);
      await expect(listBlogPosts('en', 0, database.db, SEED_DATE)).rejects.toThrow(RangeError);
    });

    it('gives each locale its own slugs and titles', async () => {
      const en = await listBlogPosts('en', 1, database.db, SEED_DATE);
      const fr = await listBlogPosts('fr', 1, database.db, SEED_DATE);
      expect(fr.posts.map((post) => post.id)).toEqual(en.posts.map((post) => post.id));
      const [frenchSlug] = await rows<{ slug: string; title: string }>(sql`SELECT slug, title FROM blog_post_translations WHERE post_id = ${fr.posts[0]!.id} AND locale = 'fr'`);
      expect(fr.posts[0]!.slug).toBe(frenchSlug!.slug);
      expect(fr.posts[0]!.title).toBe(frenchSlug!.title);
      expect(fr.posts[0]!.title).not.toBe(en.posts[0]!.title);
    });

    it('illustrates a post with the cover of a published trip of its activities, in its countries first', async () => {
      const { posts } = await listBlogPosts('en', 1, database.db, SEED_DATE);
      const second = await listBlogPosts('en', 2, database.db, SEED_DATE);
      for (const post of [...posts, ...second.posts]) {
        expect(post.coverTripKey).not.toBeNull();
        const [trip] = await rows<{ activities: string[]; country_code: string; published: boolean; has_cover: boolean }>(
          sql`SELECT activities, country_code, published, has_cover FROM trips WHERE key = ${post.coverTripKey}`,
        );
        expect(trip!.published && trip!.has_cover).toBe(true);
        expect(trip!.activities.some((activity) => post.activities.includes(activity as never))).toBe(true);
      }
      const kilimanjaro = [...posts, ...second.posts].find((post) => post.key === 'kilimanjaro-routes-compared')!;
      const [cover] = await rows<{ country_code: string }>(sql`SELECT country_code FROM trips WHERE key = ${kilimanjaro.coverTripKey}`);
      expect(cover!.country_code).toBe('TZ');
    });

    it('leaves out posts not yet published and posts without a text in the locale', async () => {
      const before = await listBlogPosts('es', 1, database.db, SEED_DATE);
      await database.db.execute(sql`
        WITH post AS (
          INSERT INTO blog_posts (key, author_id, published_at, activities, country_codes)
          SELECT 'test-future-post', id, ${new Date(SEED_DATE.getTime() + 86_400_000).toISOString()}, ARRAY['trekking'], ARRAY[]::text[] FROM authors ORDER BY id LIMIT 1
          RETURNING id)
        INSERT INTO blog_post_translations (post_id, locale, slug, title, excerpt, body)
        SELECT id, 'es', 'articulo-futuro', 'Futuro', 'Pronto', 'Texto' FROM post`);
      const newest = before.posts[0]!;
      await database.db.execute(sql`DELETE FROM blog_post_translations WHERE post_id = ${newest.id} AND locale = 'es'`);
      const after = await listBlogPosts('es', 1, database.db, SEED_DATE);
      expect(after.total).toBe(before.total - 1);
      expect(after.posts.map((post) => post.id)).not.toContain(newest.id);
      expect(after.posts.map((post) => post.slug)).not.toContain('articulo-futuro');
      // Once its time has come, the post is listed first.
      const later = await listBlogPosts('es', 1, database.db, new Date(SEED_DATE.getTime() + 2 * 86_400_000));
      expect(later.posts[0]!.slug).toBe('articulo-futuro');
      expect(await getBlogPostPageData('es', 'articulo-futuro', database.db, SEED_DATE)).toBeNull();
    });
  });

  describe('getBlogPostPageData and listBlogPostTrips', () => {
    it('loads a post in its locale with its slugs, author bio and other posts in three queries', async () => {
      const [row] = await rows<{ slug: string; post_id: number }>(sql`
        SELECT t.slug, t.post_id FROM blog_post_translations t JOIN blog_posts p ON p.id = t.post_id
        WHERE t.locale = 'fr' AND p.key = 'tour-du-mont-blanc-direction-and-season'`);
      const before = database.queryCount();
      const data = await getBlogPostPageData('fr', row!.slug, database.db, SEED_DATE);
      expect(database.queryCount() - before).toBeLessThanOrEqual(3);
      expect(data).not.toBeNull();
      expect(data!.post.id).toBe(row!.post_id);
      expect(data!.translation.slug).toBe(row!.slug);
      expect(data!.translation.body.length).toBeGreaterThan(500);
      expect(Object.keys(data!.slugs).sort()).toEqual(['en', 'es', 'fr']);
      const [author] = await rows<{ name: string; bio: Record<string, string> }>(sql`SELECT a.name, a.bio FROM authors a JOIN blog_posts p ON p.author_id = a.id WHERE p.id = ${row!.post_id}`);
      expect(data!.author.name).toBe(author!.name);
      expect(data!.author.bio).toBe(author!.bio.fr);
      expect(data!.coverTripKey).not.toBeNull();

      expect(data!.otherPosts).toHaveLength(3);
      expect(data!.otherPosts.map((post) => post.id)).not.toContain(row!.post_id);
      // Posts sharing an activity come first.
      const shares = data!.otherPosts.map((post) => post.activities.some((activity) => data!.post.activities.includes(activity)));
      expect(shares).toEqual([...shares].sort((a, b) => Number(b) - Number(a)));
      expect(shares[0]).toBe(true);
    });

    it('is null for an unknown slug or another locale’s slug', async () => {
      expect(await getBlogPostPageData('en', 'no-such-post', database.db, SEED_DATE)).toBeNull();
      const [row] = await rows<{ fr: string; en: string }>(sql`
        SELECT fr.slug AS fr, en.slug AS en FROM blog_post_translations fr JOIN blog_post_translations en ON en.post_id = fr.post_id AND en.locale = 'en'
        WHERE fr.locale = 'fr' AND fr.slug <> en.slug LIMIT 1`);
      expect(await getBlogPostPageData('en', row!.fr, database.db, SEED_DATE)).toBeNull();
      expect(await getBlogPostPageData('en', row!.en, database.db, SEED_DATE)).not.toBeNull();
    });

    it('recommends trips of the post’s activities in its countries, else of its activities anywhere', async () => {
      const [tmb] = await rows<{ activities: string[]; country_codes: string[] }>(
        sql`SELECT activities, country_codes FROM blog_posts WHERE key = 'tour-du-mont-blanc-direction-and-season'`,
      );
      const post = { activities: tmb!.activities as never[], countryCodes: tmb!.country_codes };
      const trips = await listBlogPostTrips(post, 'es', 4, database.db);
      expect(trips.length).toBeGreaterThan(0);
      expect(trips.length).toBeLessThanOrEqual(4);
      for (const trip of trips) {
        expect(post.countryCodes).toContain(trip.countryCode);
        expect(trip.activities.some((activity) => (post.activities as string[]).includes(activity))).toBe(true);
      }

      const nowhere = await listBlogPostTrips({ activities: post.activities, countryCodes: ['AQ'] }, 'es', 4, database.db);
      expect(nowhere).toHaveLength(4);
      for (const trip of nowhere) expect(trip.activities.some((activity) => (post.activities as string[]).includes(activity))).toBe(true);
    });
  });
});
