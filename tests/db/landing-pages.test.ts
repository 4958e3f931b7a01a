import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExchangeRates } from '@/lib/db/queries/exchange-rates';
import { getLandingPage, listLandingPageLinks } from '@/lib/db/queries/landing-pages';
import { searchTrips } from '@/lib/db/queries/search';
import { listSitemapEntries } from '@/lib/db/queries/sitemap';
import type { Activity } from '@/lib/catalogue/vocabulary';
import { isoDayOf } from '@/lib/iso-day';
import { activities } from '@/lib/catalogue/vocabulary';
import { defaultSearchState, parseSearchState, type SearchState } from '@/lib/search/search-state';
import { refreshTripSearch } from '@/lib/search/search-index';
import { isolatedDatabase, SEED_DATE, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

type Landing = { key: string; activity: Activity | null; country_code: string | null; en: string };

describe.each(testDatabaseServers())('landing pages and their trips on the $name server', (server) => {
  let database: IsolatedDatabase;
  let landings: Landing[];
  const today = isoDayOf(SEED_DATE);

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    landings = (
      await database.db.execute<Landing>(sql`
        SELECT lp.key, lp.activity, lp.country_code, lt.slug AS en FROM landing_pages lp
        JOIN landing_page_translations lt ON lt.landing_page_id = lp.id AND lt.locale = 'en' ORDER BY lp.key`)
    ).rows;
  });
  afterAll(async () => database?.close());

  const search = async (state: SearchState) => {
    const conversion = { rates: (await getExchangeRates(database.db))!, target: 'EUR', crossCurrencyFactor: '1.02' };
    return searchTrips(state, { locale: 'en', conversion, today }, database.db);
  };
  const landingTotal = (landing: Landing) => {
    const state = defaultSearchState();
    if (landing.activity) state.filters.activity = [landing.activity];
    state.filters.country = landing.country_code;
    return search(state).then((outcome) => outcome.total);
  };

  it('serves, links and lists in the sitemap exactly the landing pages whose search has trips', async () => {
    const sitemap = new Set((await listSitemapEntries(database.db)).landingPages.map((page) => page.slugs.en));
    const links = new Set((await listLandingPageLinks('en', null, 100, database.db)).map((link) => link.slug));
    let empty = 0;
    for (const landing of landings) {
      const hasTrips = (await landingTotal(landing)) > 0;
      if (!hasTrips) empty++;
      expect(sitemap.has(landing.en), landing.key).toBe(hasTrips);
      expect(links.has(landing.en), landing.key).toBe(hasTrips);
      expect((await getLandingPage('en', landing.en, database.db)) !== null, landing.key).toBe(hasTrips);
    }
    expect(empty).toBeLessThan(landings.length);
  });

  it('has trips for every activity, heli-skiing in Canada included, and finds them by a word', async () => {
    for (const activity of activities) expect(await landingTotal({ key: activity, activity, country_code: null, en: '' }), activity).toBeGreaterThan(0);
    const heli = landings.find((landing) => landing.key === 'heli-skiing-canada')!;
    expect(await landingTotal(heli)).toBeGreaterThanOrEqual(2);
    const outcome = await search(parseSearchState(new URLSearchParams('query=heli')));
    expect(outcome.queryActivities).toEqual(['heli-skiing']);
    expect(outcome.total).toBeGreaterThanOrEqual(2);
  });

  it('drops a landing page once its last trip is unpublished', async () => {
    const heli = landings.find((landing) => landing.key === 'heli-skiing-canada')!;
    await database.db.execute(sql`UPDATE trips SET published = FALSE WHERE 'heli-skiing' = ANY(activities) AND country_code = 'CA'`);
    await refreshTripSearch(database.db);
    expect(await getLandingPage('en', heli.en, database.db)).toBeNull();
    expect((await listSitemapEntries(database.db)).landingPages.map((page) => page.slugs.en)).not.toContain(heli.en);
  });
});
