import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../locales';
import type { StaticPageKey } from '../../routing/static-pages';
import { getDb } from '../client';
import type { Database } from '../database';
import { staticPageTranslations } from '../schema';

export type StaticPageContent = { title: string; description: string; body: string };

/** A static page's title, meta description and body in a locale, or null when not in the database. */
export async function getStaticPageContent(key: StaticPageKey, locale: Locale, db: Database = getDb()): Promise<StaticPageContent | null> {
  const [row] = await db
    .select({ title: staticPageTranslations.title, description: staticPageTranslations.description, body: staticPageTranslations.body })
    .from(staticPageTranslations)
    .where(and(eq(staticPageTranslations.key, key), eq(staticPageTranslations.locale, locale)))
    .limit(1);
  return row ?? null;
}
