import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveVerifiedReview, type ReviewedTrip, type ReviewInput } from '@/lib/db/queries/request-endings';
import { hideReview, listReviewsForSupport } from '@/lib/db/queries/reviews';
import { getTripPageData } from '@/lib/db/queries/trips';
import { bookingRequests, reviewPhotos, reviews, trips, tripTranslations, users } from '@/lib/db/schema';
import type { ReviewPhotoUpload } from '@/lib/forms/review-photos';
import type { OutboxEmailInput } from '@/lib/mail/templates';
import { diskObjectStore, type ObjectStore } from '@/lib/media/object-store';
import { photoDerivativeKeys } from '@/lib/media/photo-keys';
import { REVIEW_PHOTO_CACHE, reviewPhotoResponse } from '@/lib/media/review-photo-serving';
import { saveReviewWithPhotos } from '@/lib/media/review-uploads';
import { jpegWithGps, pngPhoto } from '../support/test-images';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const guideMail = (review: ReviewedTrip): OutboxEmailInput => ({ dedupeKey: `review:${review.reviewId}:guide`, kind: 'test', recipient: 'guide@example.com', locale: 'en', subject: 'Test', text: 'Test', html: '<p>Test</p>' });
const today = '2031-07-01';
const stars = { rating: 5, guideRating: 5, organisationRating: 4, valueRating: 4 };

/** The disk store, with every key it was asked to store (to look for them after a deletion). */
function recordingStore(store: ObjectStore) {
  const put: string[] = [];
  return { put, store: { ...store, put: (key: string, bytes: Uint8Array, type: string) => (put.push(key), store.put(key, bytes, type)) } satisfies ObjectStore };
}

describe.each(testDatabaseServers())('review photos (stored with the review, deleted when it loses, hidden with it), on the $name server', { timeout: 120_000 }, (server) => {
  let database: IsolatedDatabase;
  let folder: string;
  let disk: ObjectStore;
  let trip: { id: number };
  let slug: string;
  const ids: Record<string, number> = {};
  let photo: Buffer;

  const review = (name: string, values: Partial<ReviewInput> = {}): ReviewInput => ({ requestId: ids[name]!, ...stars, comment: 'Superbe course.', locale: 'fr', ...values });
  const save = (store: ObjectStore, name: string, uploads: ReviewPhotoUpload[], values: Partial<ReviewInput> = {}) =>
    saveReviewWithPhotos(store, uploads, (photos) => saveVerifiedReview(`${name}@example.com`, { ...review(name, values), photos }, today, guideMail, database.db), database.db);

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    folder = await mkdtemp(path.join(tmpdir(), 'cordee-review-media-'));
    disk = diskObjectStore(folder);
    photo = await jpegWithGps(1000, 700);
    const db = database.db;
    [trip] = (await db.select({ id: trips.id }).from(trips).where(eq(trips.published, true)).orderBy(trips.id).limit(1)) as [typeof trip];
    [{ slug }] = (await db.select({ slug: tripTranslations.slug }).from(tripTranslations).where(and(eq(tripTranslations.tripId, trip.id), eq(tripTranslations.locale, 'fr')))) as [{ slug: string }];
    for (const name of ['photos', 'refused', 'plain']) {
      const [row] = await db
        .insert(bookingRequests)
        .values({ idempotencyKey: `review-photos-${name}-0000`, locale: 'fr', tripId: trip.id, firstName: 'Inès', lastName: 'Martin', email: `${name}@example.com`, phone: '+33612345678', travellers: 2, days: 5, comment: 'Nous aimerions partir en juin.', currency: 'EUR', geo: 'FR', startsOn: '2031-06-20', endsOn: '2031-06-24', status: 'confirmed' })
        .returning({ id: bookingRequests.id });
      ids[name] = row!.id;
    }
  });
  afterAll(async () => {
    await database?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('stores the review with its photos: files first (no EXIF), then the rows in order with their alt texts, shown on the trip page', async () => {
    const { put, store } = recordingStore(disk);
    const outcome = await save(store, 'photos', [
      { slot: 0, bytes: photo, alt: ' Le refuge au matin ' },
      { slot: 2, bytes: await pngPhoto(800, 600), alt: 'La crête' },
    ]);
    expect(outcome).toMatchObject({ ok: true, tripId: trip.id });
    const rows = await database.db.select().from(reviewPhotos).orderBy(asc(reviewPhotos.position));
    expect(rows.map((row) => [row.position, row.alt, row.widths])).toEqual([
      [1, 'Le refuge au matin', [480, 640, 960, 1000]],
      [2, 'La crête', [480, 640, 800]],
    ]);
    for (const row of rows) {
      expect(row.storageKey).toMatch(/^reviews\/[A-Za-z0-9_-]{22}$/);
      for (const key of photoDerivativeKeys(row.storageKey, row.widths)) {
        const stored = await disk.get(key);
        expect(stored, key).not.toBeNull();
        expect((await sharp(stored!.bytes).metadata()).exif).toBeUndefined();
      }
    }
    expect(put.sort()).toEqual(rows.flatMap((row) => photoDerivativeKeys(row.storageKey, row.widths)).sort());
    const page = (await getTripPageData('fr', slug, database.db))!;
    const shown = page.reviews.find((item) => item.photos.length > 0)!;
    expect(shown.photos.map(({ alt, width, height }) => ({ alt, width, height }))).toEqual([
      { alt: 'Le refuge au matin', width: 1000, height: 700 },
      { alt: 'La crête', width: 800, height: 600 },
    ]);
  });

  it('deletes the files of a second review of the same booking, which loses (alreadyReviewed) and stores no row', async () => {
    const before = await database.db.select({ id: reviewPhotos.id }).from(reviewPhotos);
    const { put, store } = recordingStore(disk);
    expect(await save(store, 'photos', [{ slot: 0, bytes: photo, alt: 'Encore' }], { rating: 1 })).toEqual({ ok: false, reason: 'alreadyReviewed' });
    // Its four widths (480, 640, 960 and its own 1000 px) in both formats.
    expect(put.length).toBe(8);
    for (const key of put) expect(await disk.get(key), key).toBeNull();
    expect(await database.db.select({ id: reviewPhotos.id }).from(reviewPhotos)).toHaveLength(before.length);
  });

  it('stores nothing when the pipeline refuses a photo, naming its slot', async () => {
    const { put, store } = recordingStore(disk);
    expect(await save(store, 'refused', [{ slot: 0, bytes: photo, alt: 'Bien' }, { slot: 3, bytes: await pngPhoto(200, 150), alt: 'Trop petite' }])).toEqual({ ok: false, reason: 'photo', refusal: 'tooSmall', slot: 3 });
    expect(put).toEqual([]);
    expect(await database.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingRequestId, ids.refused!))).toEqual([]);
  });

  it('lists a review with photos but no comment for support, with its photos', async () => {
    const { store } = recordingStore(disk);
    expect(await save(store, 'plain', [{ slot: 1, bytes: photo, alt: 'Sans commentaire' }], { comment: '' })).toMatchObject({ ok: true });
    const listed = (await listReviewsForSupport(30, database.db)).find((item) => item.comment === null && item.photos.length === 1);
    expect(listed?.photos[0]).toMatchObject({ alt: 'Sans commentaire' });
  });

  it('serves a visible review’s photo to anyone (cached an hour, 304 on its ETag); once hidden, 404 except to support, never cached', async () => {
    const [row] = await database.db
      .select({ storageKey: reviewPhotos.storageKey, key: reviews.key })
      .from(reviewPhotos)
      .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
      .where(eq(reviews.bookingRequestId, ids.photos!))
      .orderBy(asc(reviewPhotos.position))
      .limit(1);
    const token = row!.storageKey.split('/')[1]!;
    const url = `http://localhost/media/reviews/${token}/480.avif`;
    const visitor = { store: disk, db: database.db, isSupport: async () => false };
    const support = { ...visitor, isSupport: async () => true };
    const shown = await reviewPhotoResponse(new Request(url), token, '480.avif', visitor);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe(REVIEW_PHOTO_CACHE);
    expect(shown.headers.get('content-type')).toBe('image/avif');
    const etag = shown.headers.get('etag')!;
    expect((await reviewPhotoResponse(new Request(url, { headers: { 'if-none-match': etag } }), token, '480.avif', visitor)).status).toBe(304);
    expect((await reviewPhotoResponse(new Request(url), token, '481.avif', visitor)).status).toBe(404);
    expect((await reviewPhotoResponse(new Request(url), 'AAAAAAAAAAAAAAAAAAAAAA', '480.avif', visitor)).status).toBe(404);

    const [supportUser] = await database.db.insert(users).values({ email: 'support-review-photos@example.com', role: 'support', locale: 'en' }).returning({ id: users.id });
    expect(await hideReview(row!.key!, 'Photo d’une autre personne', supportUser!.id, database.db)).toMatchObject({ tripId: trip.id });
    const hidden = await reviewPhotoResponse(new Request(url), token, '480.avif', visitor);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('cache-control')).toBe('no-store');
    expect((await reviewPhotoResponse(new Request(url, { headers: { 'if-none-match': etag } }), token, '480.avif', visitor)).status).toBe(404);
    const forSupport = await reviewPhotoResponse(new Request(url), token, '480.avif', support);
    expect(forSupport.status).toBe(200);
    expect(forSupport.headers.get('cache-control')).toBe('private, no-store');
    const page = (await getTripPageData('fr', slug, database.db))!;
    expect(page.reviews.flatMap((item) => item.photos).map((item) => item.storageKey)).not.toContain(row!.storageKey);
  });
});
