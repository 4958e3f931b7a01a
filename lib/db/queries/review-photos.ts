import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PhotoView } from '../../media/photo-urls';
import { getDb } from '../client';
import type { Database } from '../database';
import { reviewPhotos, reviews } from '../schema';

/** A review's photos in their order, as pages draw them (SQL, for a review list's select): `[]` without any. */
export const reviewPhotosColumn = (reviewId: typeof reviews.id): SQL<PhotoView[]> =>
  sql<PhotoView[]>`coalesce((SELECT json_agg(json_build_object('storageKey', p.storage_key, 'width', p.width, 'height', p.height, 'widths', p.widths, 'placeholder', p.placeholder, 'alt', p.alt) ORDER BY p.position) FROM review_photos p WHERE p.review_id = ${reviewId}), '[]'::json)`;

/** A stored review photo's widths and whether its review is hidden, for the media route; null for no such photo. */
export async function reviewPhotoForServing(storageKey: string, db: Database = getDb()): Promise<{ widths: number[]; hidden: boolean } | null> {
  const [row] = await db
    .select({ widths: reviewPhotos.widths, hidden: sql<boolean>`${reviews.hiddenAt} IS NOT NULL` })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(eq(reviewPhotos.storageKey, storageKey));
  return row ?? null;
}
