import 'server-only';
import { inArray } from 'drizzle-orm';
import type { Locale } from '../../locales';
import type { Database, DatabaseTransaction } from '../database';
import { tripTranslations } from '../schema';

/** A trip's title and slug in each locale it is written in, for e-mails in any recipient's language. */
export type TripTexts = {
  titles: Partial<Record<Locale, string>>;
  slugs: Partial<Record<Locale, string>>;
};

const NO_TEXTS: TripTexts = { titles: {}, slugs: {} };

/** The titles and slugs of these trips, in one query (none for an empty list). */
export async function tripTextsByTrip(db: Database | DatabaseTransaction, tripIds: Iterable<number>): Promise<(tripId: number | null) => TripTexts> {
  const ids = [...new Set(tripIds)];
  const rows = ids.length === 0
    ? []
    : await db
        .select({ tripId: tripTranslations.tripId, locale: tripTranslations.locale, title: tripTranslations.title, slug: tripTranslations.slug })
        .from(tripTranslations)
        .where(inArray(tripTranslations.tripId, ids));
  const byTrip = new Map<number, TripTexts>();
  for (const row of rows) {
    const texts = byTrip.get(row.tripId) ?? { titles: {}, slugs: {} };
    texts.titles[row.locale] = row.title;
    texts.slugs[row.locale] = row.slug;
    byTrip.set(row.tripId, texts);
  }
  return (tripId) => (tripId === null ? NO_TEXTS : byTrip.get(tripId) ?? NO_TEXTS);
}
