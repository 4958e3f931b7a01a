import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { nextMonthStart, OPEN_GROUPS_PAGE_SIZE, type OpenGroupFilters } from '../../booking/open-group-filters';
import { activities, type Activity } from '../../catalogue/vocabulary';
import type { Locale } from '../../locales';
import { getDb } from '../client';
import type { Database } from '../database';
import { countryName } from './country-names';
import { collator } from '@/lib/text/intl-cache';

export type OpenGroupDeparture = {
  id: number;
  startsOn: string;
  durationDays: number;
  openSpots: number;
  totalSpots: number;
  pricePerPersonMinor: number;
  currency: string;
  confirmed: boolean;
  tripId: number;
  slug: string;
  title: string;
  region: string;
  countryCode: string;
  countryName: string;
  activities: Activity[];
  customerFee: boolean;
  discountPercent: number;
};

export type OpenGroupPage = { departures: OpenGroupDeparture[]; total: number; page: number; pageCount: number };

/** The WHERE clause of upcoming departures of published trips (aliases g: open_groups, t: trips). */
function upcomingWhere(today: string, filters: OpenGroupFilters): SQL {
  const conditions = [sql`t.published`, sql`g.starts_on >= ${today}::date`];
  if (filters.activity) conditions.push(sql`${filters.activity} = ANY (t.activities)`);
  if (filters.month) conditions.push(sql`g.starts_on >= ${`${filters.month}-01`}::date AND g.starts_on < ${nextMonthStart(filters.month)}::date`);
  if (filters.countryCode) conditions.push(sql`t.country_code = ${filters.countryCode}`);
  return sql.join(conditions, sql` AND `);
}

/**
 * The open-groups page: upcoming departures (from `today`, an ISO day, inclusive) of
 * published trips matching the filters, full ones included, soonest first, one page at a time,
 * with the number of matches, in one query. A page past the last one answers the last one.
 */
export async function listOpenGroupDepartures(
  filters: OpenGroupFilters,
  locale: Locale,
  options: { today: string; page?: number; pageSize?: number },
  db: Database = getDb(),
): Promise<OpenGroupPage> {
  const pageSize = options.pageSize ?? OPEN_GROUPS_PAGE_SIZE;
  const requested = Math.max(1, Math.floor(options.page ?? 1));
  const result = await db.execute<OpenGroupDeparture & { total: number; page: number }>(sql`
    WITH matches AS (
      SELECT g.id, g.trip_id, g.starts_on, g.duration_days, g.open_spots, g.total_spots, g.price_per_person_minor, g.currency, g.confirmed,
        t.country_code, t.activities, t.customer_fee, t.discount_percent
      FROM open_groups g
      JOIN trips t ON t.id = g.trip_id
      WHERE ${upcomingWhere(options.today, filters)}
    ),
    counted AS (
      SELECT count(*)::int AS total, least(${requested}::int, greatest(1, ceil(count(*) / ${pageSize}::numeric)::int)) AS page FROM matches
    )
    SELECT
      m.id, m.starts_on::text AS "startsOn", m.duration_days AS "durationDays", m.open_spots AS "openSpots", m.total_spots AS "totalSpots",
      m.price_per_person_minor AS "pricePerPersonMinor", m.currency, m.confirmed,
      m.trip_id AS "tripId", tt.slug, tt.title, tt.region, m.country_code AS "countryCode",
      ${countryName(sql`m.country_code`, locale)} AS "countryName",
      m.activities, m.customer_fee AS "customerFee", m.discount_percent AS "discountPercent",
      counted.total, counted.page
    FROM matches m
    JOIN trip_translations tt ON tt.trip_id = m.trip_id AND tt.locale = ${locale}
    CROSS JOIN counted
    ORDER BY m.starts_on, m.id
    LIMIT ${pageSize}
    OFFSET (SELECT (page - 1) * ${pageSize}::int FROM counted)
  `);
  const first = result.rows[0];
  const total = first?.total ?? 0;
  return {
    departures: result.rows.map((row) => {
      const departure: OpenGroupDeparture & { total?: number; page?: number } = { ...row };
      delete departure.total;
      delete departure.page;
      return departure;
    }),
    total,
    page: first?.page ?? 1,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export type OpenGroupFacets = { countries: { code: string; name: string }[]; activities: Activity[] };

/**
 * The choices of the open-groups filters: the countries (names in the page's language, sorted in
 * its order) and the activities that have upcoming departures of published trips, in one query.
 */
export async function getOpenGroupFacets(locale: Locale, today: string, db: Database = getDb()): Promise<OpenGroupFacets> {
  const result = await db.execute<{ countries: { code: string; name: string }[]; activities: Activity[] }>(sql`
    WITH upcoming AS (
      SELECT DISTINCT t.country_code, t.activities
      FROM open_groups g
      JOIN trips t ON t.id = g.trip_id
      WHERE ${upcomingWhere(today, {})}
    )
    SELECT
      (SELECT coalesce(json_agg(json_build_object('code', u.code, 'name', ${countryName(sql`u.code`, locale)})), '[]'::json)
        FROM (SELECT DISTINCT country_code AS code FROM upcoming) u) AS countries,
      (SELECT coalesce(array_agg(DISTINCT activity), '{}') FROM upcoming, unnest(activities) AS activity) AS activities
  `);
  const row = result.rows[0] ?? { countries: [], activities: [] };
  return {
    countries: [...row.countries].sort((a, b) => collator(locale).compare(a.name, b.name)),
    activities: activities.filter((activity) => row.activities.includes(activity)),
  };
}
