import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Activity } from '../../catalogue/vocabulary';
import type { Locale } from '../../locales';
import { getDb } from '../client';
import type { Database } from '../database';
import { landingPages, landingPageTranslations } from '../schema';
import { landingHasTripsSql } from './search';

/** The landing page lists trips (see {@link landingHasTripsSql}). */
export const landingHasTrips = () => landingHasTripsSql(sql`${landingPages.activity}`, sql`${landingPages.countryCode}`);

/** A landing page in a locale (by that locale's slug) with its slugs in every locale, or null (also while it has no trip). */
export async function getLandingPage(locale: Locale, slug: string, db: Database = getDb()) {
  const rows = await db
    .select({
      id: landingPages.id,
      key: landingPages.key,
      activity: landingPages.activity,
      countryCode: landingPages.countryCode,
      updatedAt: landingPages.updatedAt,
      locale: landingPageTranslations.locale,
      slug: landingPageTranslations.slug,
      title: landingPageTranslations.title,
      intro: landingPageTranslations.intro,
      body: landingPageTranslations.body,
    })
    .from(landingPages)
    .innerJoin(landingPageTranslations, eq(landingPageTranslations.landingPageId, landingPages.id))
    .where(and(sql`${landingPages.id} = (SELECT landing_page_id FROM landing_page_translations WHERE locale = ${locale} AND slug = ${slug})`, landingHasTrips()));
  const own = rows.find((row) => row.locale === locale);
  if (!own) return null;
  const slugs = Object.fromEntries(rows.map((row) => [row.locale, row.slug])) as Partial<Record<Locale, string>>;
  return { id: own.id, key: own.key, activity: own.activity as Activity | null, countryCode: own.countryCode, title: own.title, intro: own.intro, body: own.body, slugs };
}
export type LandingPage = NonNullable<Awaited<ReturnType<typeof getLandingPage>>>;

/** Landing pages to suggest (those with trips): those of an activity first, then the others, by title. */
export async function listLandingPageLinks(locale: Locale, activity: string | null, limit = 6, db: Database = getDb()) {
  return db
    .select({ key: landingPages.key, slug: landingPageTranslations.slug, title: landingPageTranslations.title, activity: landingPages.activity, countryCode: landingPages.countryCode })
    .from(landingPages)
    .innerJoin(landingPageTranslations, and(eq(landingPageTranslations.landingPageId, landingPages.id), eq(landingPageTranslations.locale, locale)))
    .where(landingHasTrips())
    .orderBy(sql`(${landingPages.activity} IS NOT DISTINCT FROM ${activity}) DESC`, asc(landingPageTranslations.title))
    .limit(limit);
}
