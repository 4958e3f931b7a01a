import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../locales';
import { getDb } from '../client';
import type { Database } from '../database';
import { blogPosts, blogPostTranslations, guides, landingPages, landingPageTranslations, trips, tripTranslations } from '../schema';
import { landingHasTrips } from './landing-pages';

export type LocalizedSlugs = { slugs: Partial<Record<Locale, string>>; updatedAt: Date };

function groupByEntity(rows: { id: number; locale: Locale; slug: string; updatedAt: Date }[]): LocalizedSlugs[] {
  const byId = new Map<number, LocalizedSlugs>();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? { slugs: {}, updatedAt: row.updatedAt };
    entry.slugs[row.locale] = row.slug;
    byId.set(row.id, entry);
  }
  return [...byId.values()];
}

/** Every indexable database-backed page: trips, guides, landing pages and blog posts, with their slugs per locale. */
export async function listSitemapEntries(db: Database = getDb()) {
  const [tripRows, guideRows, landingRows, postRows] = await Promise.all([
    db
      .select({ id: trips.id, locale: tripTranslations.locale, slug: tripTranslations.slug, updatedAt: trips.updatedAt })
      .from(trips)
      .innerJoin(tripTranslations, eq(tripTranslations.tripId, trips.id))
      .where(eq(trips.published, true))
      .orderBy(asc(trips.id)),
    db.select({ slug: guides.slug, updatedAt: guides.updatedAt }).from(guides).where(eq(guides.status, 'approved')).orderBy(asc(guides.id)),
    db
      .select({ id: landingPages.id, locale: landingPageTranslations.locale, slug: landingPageTranslations.slug, updatedAt: landingPages.updatedAt })
      .from(landingPages)
      .innerJoin(landingPageTranslations, eq(landingPageTranslations.landingPageId, landingPages.id))
      .where(landingHasTrips())
      .orderBy(asc(landingPages.id)),
    db
      .select({ id: blogPosts.id, locale: blogPostTranslations.locale, slug: blogPostTranslations.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .innerJoin(blogPostTranslations, eq(blogPostTranslations.postId, blogPosts.id))
      .where(sql`${blogPosts.publishedAt} <= now()`)
      .orderBy(asc(blogPosts.id)),
  ]);
  return {
    trips: groupByEntity(tripRows),
    guides: guideRows,
    landingPages: groupByEntity(landingRows),
    blogPosts: groupByEntity(postRows),
  };
}
