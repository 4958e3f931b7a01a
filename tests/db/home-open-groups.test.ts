import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upcomingMonths } from '@/lib/booking/open-group-filters';
import { listLatestBlogPosts, listRecentReviews, listTopDestinations, listUpcomingOpenGroups } from '@/lib/db/queries/home';
import { getOpenGroupFacets, listOpenGroupDepartures } from '@/lib/db/queries/open-groups';
import { isoDayOf } from '@/lib/iso-day';
import { isolatedDatabase, SEED_DATE, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const today = isoDayOf(SEED_DATE);
const dayBefore = (isoDay: string) => isoDayOf(new Date(Date.parse(`${isoDay}T12:00:00Z`) - 86_400_000));

describe.each(testDatabaseServers())('home and open-groups queries on the $name server', (server) => {
  let database: IsolatedDatabase;
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await database.db.execute<T>(query)).rows;
  /** Runs `check` after `change`, then undoes the change, so tests share one seeded database. */
  const withChange = async (change: ReturnType<typeof sql>, undo: ReturnType<typeof sql>, check: () => Promise<void>) => {
    await database.db.execute(change);
    try {
      await check();
    } finally {
      await database.db.execute(undo);
    }
  };

  beforeAll(async () => {
    database = await isolatedDatabase(server);
  });
  afterAll(async () => database?.close());

  describe('listTopDestinations', () => {
    it('lists the countries with the most published trips, counted, named in the locale, in one query', async () => {
      const before = database.queryCount();
      const destinations = await listTopDestinations('fr', 8, database.db);
      expect(database.queryCount() - before).toBe(1);
      expect(destinations).toHaveLength(8);
      const counts = await rows<{ code: string; n: number }>(sql`SELECT country_code AS code, count(*)::int AS n FROM trips WHERE published GROUP BY 1`);
      const expected = new Map(counts.map((row) => [row.code, row.n]));
      for (const destination of destinations) expect(destination.tripCount).toBe(expected.get(destination.countryCode));
      const sorted = [...destinations].sort((a, b) => b.tripCount - a.tripCount);
      expect(destinations.map((d) => d.tripCount)).toEqual(sorted.map((d) => d.tripCount));
      expect(destinations[0]!.tripCount).toBe(Math.max(...expected.values()));
      const nepal = destinations.find((d) => d.countryCode === 'NP');
      expect(nepal?.name).toBe('Népal');
      expect(nepal?.coverTripKey).toMatch(/^[a-z0-9-]+$/);
    });

    it('links a country to its own landing page (one without an activity), else to the search of its trips', async () => {
      const bySlug = async (locale: 'en' | 'fr') => new Map((await listTopDestinations(locale, 20, database.db)).map((d) => [d.countryCode, d.landingSlug]));
      let slugs = await bySlug('fr');
      // Morocco's page is about the whole country; Nepal's is about trekking, which not all its trips are.
      expect(slugs.get('MA')).toBe('guides-de-montagne-au-maroc');
      expect(slugs.get('NP')).toBeNull();
      expect(slugs.get('AT')).toBeNull();
      const [other] = await rows<{ id: number }>(sql`INSERT INTO landing_pages (key, activity, country_code) VALUES ('test-np-mountaineering', 'mountaineering', 'NP') RETURNING id`);
      await database.db.execute(sql`INSERT INTO landing_page_translations (landing_page_id, locale, slug, title, intro, body) VALUES (${other!.id}, 'en', 'test-np-mountaineering', 'T', 'I', 'B')`);
      try {
        expect((await bySlug('en')).get('NP')).toBeNull();
        // A page for the whole country is the destination's page.
        await database.db.execute(sql`UPDATE landing_pages SET activity = NULL WHERE id = ${other!.id}`);
        slugs = await bySlug('en');
        expect(slugs.get('NP')).toBe('test-np-mountaineering');
      } finally {
        await database.db.execute(sql`DELETE FROM landing_page_translations WHERE landing_page_id = ${other!.id}`);
        await database.db.execute(sql`DELETE FROM landing_pages WHERE id = ${other!.id}`);
      }
    });

    it('counts published trips only', async () => {
      const [first] = await listTopDestinations('en', 1, database.db);
      // The counts come from the search's materialized view, refreshed as a guide's edit refreshes it.
      await database.db.execute(sql`UPDATE trips SET published = false WHERE country_code = ${first!.countryCode}`);
      await database.db.execute(sql`REFRESH MATERIALIZED VIEW trip_search`);
      try {
        const destinations = await listTopDestinations('en', 30, database.db);
        expect(destinations.some((d) => d.countryCode === first!.countryCode)).toBe(false);
      } finally {
        await database.db.execute(sql`UPDATE trips SET published = true WHERE country_code = ${first!.countryCode}`);
        await database.db.execute(sql`REFRESH MATERIALIZED VIEW trip_search`);
      }
    });
  });

  describe('listUpcomingOpenGroups', () => {
    it('lists the next departures with open spots of published trips, soonest first', async () => {
      const groups = await listUpcomingOpenGroups('es', today, 6, database.db);
      expect(groups).toHaveLength(6);
      expect(groups.map((g) => g.startsOn)).toEqual([...groups.map((g) => g.startsOn)].sort());
      for (const group of groups) {
        expect(group.startsOn >= today).toBe(true);
        expect(group.openSpots).toBeGreaterThan(0);
        expect(group.slug).toMatch(/^[a-z0-9-]+$/);
        expect(group.countryName.length).toBeGreaterThan(1);
      }
      const [soonest] = await rows<{ starts_on: string }>(sql`
        SELECT min(g.starts_on)::text AS starts_on FROM open_groups g JOIN trips t ON t.id = g.trip_id
        WHERE t.published AND g.open_spots > 0 AND g.starts_on >= ${today}::date`);
      expect(groups[0]!.startsOn).toBe(soonest!.starts_on);
    });

    it('includes a departure leaving today, not one that left yesterday, nor a full one or an unpublished trip’s', async () => {
      const [group] = await rows<{ id: number; starts_on: string; trip_id: number }>(sql`SELECT id, starts_on::text, trip_id FROM open_groups WHERE open_spots > 0 ORDER BY id LIMIT 1`);
      const restore = sql`UPDATE open_groups SET starts_on = ${group!.starts_on}::date WHERE id = ${group!.id}`;
      await withChange(sql`UPDATE open_groups SET starts_on = ${today}::date WHERE id = ${group!.id}`, restore, async () => {
        expect((await listUpcomingOpenGroups('en', today, 3, database.db))[0]!.id).toBe(group!.id);
        await database.db.execute(sql`UPDATE open_groups SET starts_on = ${dayBefore(today)}::date WHERE id = ${group!.id}`);
        expect((await listUpcomingOpenGroups('en', today, 500, database.db)).some((g) => g.id === group!.id)).toBe(false);
        await database.db.execute(sql`UPDATE open_groups SET starts_on = ${today}::date WHERE id = ${group!.id}`);
        await withChange(sql`UPDATE trips SET published = false WHERE id = ${group!.trip_id}`, sql`UPDATE trips SET published = true WHERE id = ${group!.trip_id}`, async () => {
          expect((await listUpcomingOpenGroups('en', today, 500, database.db)).some((g) => g.tripId === group!.trip_id)).toBe(false);
        });
      });
      const full = await rows<{ id: number }>(sql`SELECT id FROM open_groups WHERE open_spots = 0`);
      expect(full.length).toBeGreaterThan(0);
      const listed = new Set((await listUpcomingOpenGroups('en', today, 500, database.db)).map((g) => g.id));
      expect(full.some((row) => listed.has(row.id))).toBe(false);
    });
  });

  describe('listRecentReviews', () => {
    it('lists the latest commented reviews, one per trip, the page language first among a day’s', async () => {
      const reviews = await listRecentReviews('fr', 6, database.db);
      expect(reviews).toHaveLength(6);
      expect(new Set(reviews.map((r) => r.tripSlug)).size).toBe(6);
      for (const review of reviews) {
        expect(review.comment.trim().length).toBeGreaterThan(0);
        expect(review.rating).toBeGreaterThanOrEqual(1);
        expect(review.tripTitle.length).toBeGreaterThan(0);
      }
      const dates = await rows<{ id: number; created_at: string }>(sql`SELECT id, created_at::text FROM reviews`);
      const createdAt = new Map(dates.map((row) => [row.id, row.created_at]));
      const order = reviews.map((r) => createdAt.get(r.id)!);
      expect(order).toEqual([...order].sort().reverse());
      const [latest] = await rows<{ created_at: string }>(sql`SELECT max(created_at)::text AS created_at FROM reviews WHERE comment IS NOT NULL`);
      expect(order[0]).toBe(latest!.created_at);
      const frenchThatDay = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM reviews WHERE created_at = ${latest!.created_at}::timestamptz AND comment_language = 'fr'`);
      if (frenchThatDay[0]!.n > 0) expect(reviews[0]!.commentLanguage).toBe('fr');
    });

    it('leaves out reviews without a comment and reviews of unpublished trips', async () => {
      const [review] = await listRecentReviews('en', 1, database.db);
      const [trip] = await rows<{ trip_id: number }>(sql`SELECT trip_id FROM reviews WHERE id = ${review!.id}`);
      await withChange(sql`UPDATE reviews SET comment = '  ' WHERE id = ${review!.id}`, sql`UPDATE reviews SET comment = ${review!.comment} WHERE id = ${review!.id}`, async () => {
        expect((await listRecentReviews('en', 20, database.db)).some((r) => r.id === review!.id)).toBe(false);
      });
      await withChange(sql`UPDATE trips SET published = false WHERE id = ${trip!.trip_id}`, sql`UPDATE trips SET published = true WHERE id = ${trip!.trip_id}`, async () => {
        expect((await listRecentReviews('en', 20, database.db)).some((r) => r.id === review!.id)).toBe(false);
      });
    });
  });

  describe('listLatestBlogPosts', () => {
    it('lists the three latest posts published by now, in the locale', async () => {
      const posts = await listLatestBlogPosts('es', 3, database.db);
      expect(posts).toHaveLength(3);
      const times = posts.map((post) => post.publishedAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const [slug] = await rows<{ slug: string }>(sql`SELECT slug FROM blog_post_translations WHERE post_id = ${posts[0]!.id} AND locale = 'es'`);
      expect(posts[0]!.slug).toBe(slug!.slug);
      expect(posts[0]!.authorName.length).toBeGreaterThan(0);
      // A post scheduled for tomorrow is not shown yet.
      const [latest] = await rows<{ published_at: string }>(sql`SELECT published_at::text FROM blog_posts WHERE id = ${posts[0]!.id}`);
      await withChange(
        sql`UPDATE blog_posts SET published_at = now() + interval '1 day' WHERE id = ${posts[0]!.id}`,
        sql`UPDATE blog_posts SET published_at = ${latest!.published_at}::timestamptz WHERE id = ${posts[0]!.id}`,
        async () => {
          const later = await listLatestBlogPosts('es', 3, database.db);
          expect(later.map((post) => post.id)).not.toContain(posts[0]!.id);
          expect(later[0]!.id).toBe(posts[1]!.id);
        },
      );
    });
  });

  describe('listOpenGroupDepartures', () => {
    const all = async () =>
      rows<{ id: number; starts_on: string; activities: string[]; country_code: string; open_spots: number }>(sql`
        SELECT g.id, g.starts_on::text, t.activities, t.country_code, g.open_spots FROM open_groups g JOIN trips t ON t.id = g.trip_id
        WHERE t.published AND g.starts_on >= ${today}::date ORDER BY g.starts_on, g.id`);

    it('lists every upcoming departure, full ones included, by date, 20 a page, with the total, in one query', async () => {
      const expected = await all();
      const before = database.queryCount();
      const first = await listOpenGroupDepartures({}, 'fr', { today }, database.db);
      expect(database.queryCount() - before).toBe(1);
      expect(first.total).toBe(expected.length);
      expect(first.pageCount).toBe(Math.ceil(expected.length / 20));
      expect(first.departures.map((d) => d.id)).toEqual(expected.slice(0, 20).map((row) => row.id));
      expect(first.departures[0]!.startsOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(expected.some((row) => row.open_spots === 0)).toBe(true);
      const second = await listOpenGroupDepartures({}, 'fr', { today, page: 2 }, database.db);
      expect(second.page).toBe(2);
      expect(second.departures.map((d) => d.id)).toEqual(expected.slice(20, 40).map((row) => row.id));
      // A page past the last answers the last.
      const past = await listOpenGroupDepartures({}, 'fr', { today, page: 999 }, database.db);
      expect(past.page).toBe(first.pageCount);
      expect(past.departures.map((d) => d.id)).toEqual(expected.slice((first.pageCount - 1) * 20).map((row) => row.id));
      const departure = first.departures[0]!;
      expect(departure.title.length).toBeGreaterThan(0);
      expect(departure.countryName.length).toBeGreaterThan(0);
      expect(Array.isArray(departure.activities)).toBe(true);
    });

    it('filters by activity, month and country, alone and together', async () => {
      const expected = await all();
      const [month] = upcomingMonths(today).slice(1);
      const cases = [
        { filters: { activity: 'ski-touring' as const }, keep: (row: (typeof expected)[number]) => row.activities.includes('ski-touring') },
        { filters: { month }, keep: (row: (typeof expected)[number]) => row.starts_on.startsWith(month!) },
        { filters: { countryCode: 'FR' }, keep: (row: (typeof expected)[number]) => row.country_code === 'FR' },
        {
          filters: { activity: 'trekking' as const, countryCode: 'NP' },
          keep: (row: (typeof expected)[number]) => row.activities.includes('trekking') && row.country_code === 'NP',
        },
      ];
      for (const { filters, keep } of cases) {
        const matching = expected.filter(keep);
        expect(matching.length, JSON.stringify(filters)).toBeGreaterThan(0);
        const page = await listOpenGroupDepartures(filters, 'en', { today, pageSize: 500 }, database.db);
        expect(page.departures.map((d) => d.id), JSON.stringify(filters)).toEqual(matching.map((row) => row.id));
        expect(page.total).toBe(matching.length);
      }
      const none = await listOpenGroupDepartures({ countryCode: 'AQ' }, 'en', { today }, database.db);
      expect(none).toEqual({ departures: [], total: 0, page: 1, pageCount: 1 });
    });

    it('starts today: a departure leaving today is listed, one that left yesterday is not', async () => {
      const [group] = await rows<{ id: number; starts_on: string }>(sql`SELECT id, starts_on::text FROM open_groups ORDER BY id LIMIT 1`);
      const restore = sql`UPDATE open_groups SET starts_on = ${group!.starts_on}::date WHERE id = ${group!.id}`;
      await withChange(sql`UPDATE open_groups SET starts_on = ${today}::date WHERE id = ${group!.id}`, restore, async () => {
        const page = await listOpenGroupDepartures({ month: today.slice(0, 7) }, 'en', { today }, database.db);
        expect(page.departures[0]!.id).toBe(group!.id);
        await database.db.execute(sql`UPDATE open_groups SET starts_on = ${dayBefore(today)}::date WHERE id = ${group!.id}`);
        const after = await listOpenGroupDepartures({}, 'en', { today, pageSize: 1000 }, database.db);
        expect(after.departures.some((d) => d.id === group!.id)).toBe(false);
      });
    });
  });

  describe('getOpenGroupFacets', () => {
    it('offers the countries and activities that have upcoming departures, names in the locale, sorted', async () => {
      const facets = await getOpenGroupFacets('es', today, database.db);
      const expected = await rows<{ code: string }>(sql`
        SELECT DISTINCT t.country_code AS code FROM open_groups g JOIN trips t ON t.id = g.trip_id WHERE t.published AND g.starts_on >= ${today}::date`);
      expect(facets.countries.map((c) => c.code).sort()).toEqual(expected.map((row) => row.code).sort());
      const names = facets.countries.map((c) => c.name);
      expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));
      expect(facets.countries.find((c) => c.code === 'CH')?.name).toBe('Suiza');
      expect(facets.activities.length).toBeGreaterThan(2);
      expect(facets.activities).toContain('trekking');
      // A country whose only departures are past is not offered.
      const [country] = await rows<{ code: string }>(sql`SELECT country_code AS code FROM trips WHERE key = 'alps-tour-du-mont-blanc'`);
      const dated = await rows<{ id: number; starts_on: string }>(sql`
        SELECT g.id, g.starts_on::text FROM open_groups g JOIN trips t ON t.id = g.trip_id WHERE t.country_code = ${country!.code}`);
      await withChange(
        sql`UPDATE open_groups g SET starts_on = ${dayBefore(today)}::date FROM trips t WHERE t.id = g.trip_id AND t.country_code = ${country!.code}`,
        sql`UPDATE open_groups g SET starts_on = v.starts_on::date FROM (SELECT * FROM json_to_recordset(${JSON.stringify(dated)}::json) AS x(id int, starts_on text)) v WHERE g.id = v.id`,
        async () => {
          const later = await getOpenGroupFacets('en', today, database.db);
          expect(later.countries.some((c) => c.code === country!.code)).toBe(false);
        },
      );
    });
  });
});
