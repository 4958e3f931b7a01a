import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteTripPhoto, editableTrip, listEditorPhotos, listGalleryPhotos, photoForServing, reorderTripPhotos, setCoverPhoto, setPhotoAlt } from '@/lib/db/queries/trip-photos';
import { seedOnStart } from '@/lib/db/seed';
import { seedTripPhotos, PHOTO_DEMO_TRIPS, PHOTOS_PER_DEMO_TRIP } from '@/lib/db/seed/photos';
import { guides, trips, tripPhotos, users } from '@/lib/db/schema';
import { diskObjectStore, s3ObjectStore, type ObjectStore } from '@/lib/media/object-store';
import { photoDerivativeKeys } from '@/lib/media/photo-keys';
import { PHOTOS_PER_TRIP } from '@/lib/media/pipeline-shape';
import { uploadTripPhotos } from '@/lib/media/uploads';
import { jpegWithGps, pngPhoto } from '../support/test-images';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const ALT = { en: 'A ridge at dawn', fr: 'Une arête à l’aube', es: 'Una arista al amanecer' };

describe.each(testDatabaseServers())('trip photos, on the $name server', { timeout: 120_000 }, (server) => {
  let database: IsolatedDatabase;
  let folder: string;
  let store: ObjectStore;
  let tripOfA: number;
  let tripOfB: number;
  let guideA: { id: number; role: 'guide'; guideId: number };
  let guideB: { id: number; role: 'guide'; guideId: number };

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    folder = await mkdtemp(path.join(tmpdir(), 'cordee-media-'));
    store = diskObjectStore(folder);
    const db = database.db;
    const [a, b] = await db.select({ id: guides.id }).from(guides).orderBy(guides.id).limit(2);
    tripOfA = (await db.select({ id: trips.id }).from(trips).where(eq(trips.guideId, a!.id)).limit(1))[0]!.id;
    tripOfB = (await db.select({ id: trips.id }).from(trips).where(eq(trips.guideId, b!.id)).limit(1))[0]!.id;
    const [userA, userB] = await db
      .insert(users)
      .values([
        { email: 'photo-guide-a@example.com', role: 'guide', guideId: a!.id, locale: 'en' },
        { email: 'photo-guide-b@example.com', role: 'guide', guideId: b!.id, locale: 'en' },
      ])
      .returning({ id: users.id });
    guideA = { id: userA!.id, role: 'guide', guideId: a!.id };
    guideB = { id: userB!.id, role: 'guide', guideId: b!.id };
  });
  afterAll(async () => {
    await database?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('lets only the trip’s guide and support edit its photos', async () => {
    const db = database.db;
    expect(await editableTrip(guideA, tripOfA, db)).toMatchObject({ id: tripOfA });
    expect(await editableTrip(guideB, tripOfA, db)).toBeNull();
    expect(await editableTrip({ id: 1, role: 'support', guideId: null }, tripOfA, db)).toMatchObject({ id: tripOfA });
    expect(await editableTrip({ id: 1, role: 'traveller', guideId: null }, tripOfA, db)).toBeNull();
    expect(await editableTrip(null, tripOfA, db)).toBeNull();
    expect(await editableTrip(guideA, 999_999, db)).toBeNull();
  });

  it('stores three uploads under random keys, the first as cover, shown once their alt texts are written', async () => {
    const db = database.db;
    const photo = await jpegWithGps(1200, 800);
    const outcome = await uploadTripPhotos({ db, store, tripId: tripOfA, userId: guideA.id, files: [photo, photo, await pngPhoto(900, 600)] });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const keys = outcome.photos.map((row) => row.storageKey);
    // The same bytes twice: two keys, neither derived from a name or the content a guide chose.
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^photos\/[A-Za-z0-9_-]{22}$/);
    expect(outcome.photos.map((row) => row.isCover)).toEqual([true, false, false]);
    expect(outcome.photos[2]!.widths).toEqual([480, 640, 900]);
    for (const row of outcome.photos) {
      for (const key of photoDerivativeKeys(row.storageKey, row.widths)) {
        const stored = await store.get(key);
        expect(stored, key).not.toBeNull();
        expect((await sharp(stored!.bytes).metadata()).exif).toBeUndefined();
      }
    }
    expect(await listGalleryPhotos(tripOfA, 'fr', db)).toEqual([]);
    expect(await photoForServing(keys[0]!, db)).toMatchObject({ tripId: tripOfA, ready: false, published: true });
    for (const row of outcome.photos) expect(await setPhotoAlt(tripOfA, row.id, ALT, db)).toBe(true);
    const gallery = await listGalleryPhotos(tripOfA, 'fr', db);
    expect(gallery.map((entry) => entry.alt)).toEqual([ALT.fr, ALT.fr, ALT.fr]);
    expect(gallery[0]!.storageKey).toBe(keys[0]);
  });

  it('reorders, moves the cover and deletes, and never across trips', async () => {
    const db = database.db;
    const ids = (await listEditorPhotos(tripOfA, db)).map((row) => row.id);
    expect(await reorderTripPhotos(tripOfA, [...ids].reverse(), db)).toBe(true);
    expect((await listEditorPhotos(tripOfA, db)).map((row) => row.id)).toEqual([...ids].reverse());
    // A list that misses one, or names another trip's photo: refused, nothing moves.
    expect(await reorderTripPhotos(tripOfA, ids.slice(1), db)).toBe(false);
    expect(await reorderTripPhotos(tripOfB, ids, db)).toBe(false);
    expect(await setCoverPhoto(tripOfB, ids[1]!, db)).toBe(false);
    expect(await setPhotoAlt(tripOfB, ids[1]!, ALT, db)).toBe(false);
    expect(await deleteTripPhoto(tripOfB, ids[1]!, db)).toBeNull();

    expect(await setCoverPhoto(tripOfA, ids[1]!, db)).toBe(true);
    const rows = await listEditorPhotos(tripOfA, db);
    expect(rows.filter((row) => row.isCover).map((row) => row.id)).toEqual([ids[1]]);
    expect((await listGalleryPhotos(tripOfA, 'en', db))[0]!.storageKey).toBe(rows.find((row) => row.id === ids[1])!.storageKey);

    const deleted = await deleteTripPhoto(tripOfA, ids[1]!, db);
    expect(deleted).not.toBeNull();
    const left = await listEditorPhotos(tripOfA, db);
    expect(left).toHaveLength(2);
    // The cover went with it: the first photo left is the cover now.
    expect(left[0]!.isCover).toBe(true);
  });

  it('keeps the per-trip bound and leaves no file behind when it refuses', async () => {
    const db = database.db;
    const existing = (await listEditorPhotos(tripOfA, db)).length;
    const filler = Array.from({ length: PHOTOS_PER_TRIP - existing }, (_, index) => ({ tripId: tripOfA, storageKey: `photos/filler${String(index).padStart(10, '0')}`, width: 480, height: 320, widths: [480], placeholder: 'data:,', position: 100 + index }));
    await db.insert(tripPhotos).values(filler);
    const before = await listDisk(folder);
    const outcome = await uploadTripPhotos({ db, store, tripId: tripOfA, userId: guideA.id, files: [await pngPhoto(800, 600)] });
    expect(outcome).toEqual({ ok: false, reason: 'tooManyPhotos' });
    expect(await listDisk(folder)).toEqual(before);
  });

  it('stores and reads derivatives in an S3-compatible bucket (s3rver on 127.0.0.1)', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'cordee-s3rver-'));
    const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'cordee-media' }] });
    const address = (await s3rver.run()) as AddressInfo;
    try {
      const bucket = s3ObjectStore({ bucket: 'cordee-media', region: 'us-east-1', endpoint: `http://127.0.0.1:${address.port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
      const outcome = await uploadTripPhotos({ db: database.db, store: bucket, tripId: tripOfB, userId: guideB.id, files: [await jpegWithGps(1000, 700)] });
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const row = outcome.photos[0]!;
      const stored = await bucket.get(`${row.storageKey}/480.avif`);
      expect(stored?.contentType).toBe('image/avif');
      expect((await sharp(stored!.bytes).metadata()).width).toBe(480);
      expect(await bucket.get(`${row.storageKey}/1600.avif`)).toBeNull();
      await bucket.delete(photoDerivativeKeys(row.storageKey, row.widths));
      expect(await bucket.get(`${row.storageKey}/480.avif`)).toBeNull();
    } finally {
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('seeds the demo trips’ photographs through the pipeline, every one ready', async () => {
    const started = performance.now();
    const made = await seedTripPhotos(database.db, store);
    console.info(`demo photos seeded in ${Math.round(performance.now() - started)} ms`);
    expect(made).toBe(PHOTO_DEMO_TRIPS.length * PHOTOS_PER_DEMO_TRIP);
    const [demo] = await database.db.select({ id: trips.id }).from(trips).where(eq(trips.key, PHOTO_DEMO_TRIPS[0]!.key));
    const gallery = await listGalleryPhotos(demo!.id, 'es', database.db);
    expect(gallery).toHaveLength(PHOTOS_PER_DEMO_TRIP);
    expect(gallery[0]!.alt).toMatch(/vista de la montaña 1$/);
    const bytes = (await store.get(`${gallery[0]!.storageKey}/480.webp`))!.bytes;
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });

  it('gives a database seeded without photos (the bench’s) the demo photographs at start, once', async () => {
    await database.db.delete(tripPhotos);
    const lines: string[] = [];
    expect(await seedOnStart(database.url, 'if-empty', (line) => lines.push(line), store)).toBe(false);
    const count = async () => (await database.db.select({ id: tripPhotos.id }).from(tripPhotos).where(eq(tripPhotos.ready, true))).length;
    expect(await count()).toBe(PHOTO_DEMO_TRIPS.length * PHOTOS_PER_DEMO_TRIP);
    expect(lines.some((line) => line.startsWith('Demo photos:'))).toBe(true);
    // A start with photos in place keeps them as they are.
    const photoIds = async () => (await database.db.select({ id: tripPhotos.id }).from(tripPhotos)).map((row) => row.id).sort((a, b) => a - b);
    const before = await photoIds();
    await seedOnStart(database.url, 'if-empty', () => undefined, store);
    expect(await photoIds()).toEqual(before);
  });
});

async function listDisk(root: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  return (await readdir(root, { recursive: true })).map(String).filter((entry) => /\.(avif|webp)$/.test(entry)).sort();
}
