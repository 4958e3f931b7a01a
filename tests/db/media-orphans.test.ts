import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOrListFiles } from '@/lib/db/media-orphan-rows';
import { deleteOrphanFiles, sweepMediaOrphans } from '@/lib/db/queries/media-orphans';
import { deleteTripPhoto } from '@/lib/db/queries/trip-photos';
import { mediaOrphans, tripPhotos, trips } from '@/lib/db/schema';
import { diskObjectStore, type ObjectStore } from '@/lib/media/object-store';
import { photoDerivativeKeys } from '@/lib/media/photo-keys';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

/** The disk store whose next `failures` deletes fail, as a bucket that is down would. */
function storeFailing(inner: ObjectStore, failures: number): ObjectStore & { deletes: number } {
  const store = {
    deletes: 0,
    put: inner.put,
    get: inner.get,
    async delete(keys: readonly string[]) {
      store.deletes++;
      if (failures-- > 0) throw new Error('store unavailable');
      await inner.delete(keys);
    },
  };
  return store;
}

const filesIn = async (folder: string): Promise<string[]> => (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);

describe.each(testDatabaseServers())('files of deleted photos, on the $name server', (server) => {
  let database: IsolatedDatabase;
  let folder: string;

  beforeAll(async () => {
    database = await isolatedDatabase(server);
    folder = await mkdtemp(path.join(tmpdir(), 'cordee-orphans-'));
  });
  afterAll(async () => {
    await database?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('lists the files of a row that never came to be when the store fails to delete them, and the sweep deletes them', async () => {
    const db = database.db;
    const disk = diskObjectStore(folder);
    const keys = ['reviews/never-saved/480.webp'];
    await disk.put(keys[0]!, new Uint8Array([1, 2, 3]), 'image/webp');
    const now = new Date();
    await deleteOrListFiles(storeFailing(disk, 1), keys, db, now);
    const listed = (await db.select().from(mediaOrphans)).filter((row) => row.objectKeys.includes(keys[0]!));
    expect(listed).toEqual([expect.objectContaining({ attempts: 1, lastError: 'store unavailable' })]);
    expect(await disk.get(keys[0]!)).not.toBeNull();
    await sweepMediaOrphans(disk, new Date(now.getTime() + 2 * 60_000), db);
    expect(await disk.get(keys[0]!)).toBeNull();
    expect((await db.select().from(mediaOrphans)).filter((row) => row.objectKeys.includes(keys[0]!))).toEqual([]);
  });

  it('keeps track of a photo’s files when their delete fails once, and the sweep deletes them later', async () => {
    const db = database.db;
    const disk = diskObjectStore(folder);
    const [trip] = await db.select({ id: trips.id }).from(trips).limit(1);
    const storageKey = 'photos/orphanTest0123456789';
    const keys = photoDerivativeKeys(storageKey, [480]);
    for (const key of keys) await disk.put(key, new Uint8Array([1, 2, 3]), 'image/webp');
    const [photo] = await db.insert(tripPhotos).values({ tripId: trip!.id, storageKey, width: 480, height: 320, widths: [480], placeholder: 'data:,', position: 99 }).returning({ id: tripPhotos.id });

    const store = storeFailing(disk, 1);
    const now = new Date('2026-11-28T10:00:00Z');
    const deleted = await deleteTripPhoto(trip!.id, photo!.id, db);
    expect(deleted).not.toBeNull();
    // The row is gone and its files are listed, in one transaction.
    expect(await db.select().from(tripPhotos).where(eq(tripPhotos.id, photo!.id))).toEqual([]);
    expect((await db.select().from(mediaOrphans).where(eq(mediaOrphans.id, deleted!.orphanId)))[0]).toMatchObject({ objectKeys: keys, attempts: 0 });

    expect(await deleteOrphanFiles(store, deleted!.orphanId, now, db)).toBe(false);
    expect(await filesIn(folder)).toHaveLength(keys.length);
    const [waiting] = await db.select().from(mediaOrphans).where(eq(mediaOrphans.id, deleted!.orphanId));
    expect(waiting).toMatchObject({ attempts: 1, lastError: 'store unavailable' });
    expect(waiting!.retryAt.getTime()).toBeGreaterThan(now.getTime());

    // Not due yet; once due, deleted; swept again, nothing left to do.
    expect(await sweepMediaOrphans(store, now, db)).toEqual({ deleted: 0, failed: 0 });
    expect(await sweepMediaOrphans(store, new Date(now.getTime() + 2 * 60_000), db)).toEqual({ deleted: 1, failed: 0 });
    expect(await filesIn(folder)).toEqual([]);
    expect(await db.select().from(mediaOrphans)).toEqual([]);
    expect(await sweepMediaOrphans(store, new Date(now.getTime() + 60 * 60_000), db)).toEqual({ deleted: 0, failed: 0 });
    expect(store.deletes).toBe(2);
  });

  it('deletes the files at once when the store answers', async () => {
    const db = database.db;
    const disk = diskObjectStore(folder);
    const [trip] = await db.select({ id: trips.id }).from(trips).limit(1);
    const storageKey = 'photos/orphanTestAbcdefghij';
    for (const key of photoDerivativeKeys(storageKey, [480])) await disk.put(key, new Uint8Array([1]), 'image/webp');
    const [photo] = await db.insert(tripPhotos).values({ tripId: trip!.id, storageKey, width: 480, height: 320, widths: [480], placeholder: 'data:,', position: 98 }).returning({ id: tripPhotos.id });
    const deleted = await deleteTripPhoto(trip!.id, photo!.id, db);
    expect(await deleteOrphanFiles(disk, deleted!.orphanId, new Date(), db)).toBe(true);
    expect(await filesIn(folder)).toEqual([]);
    expect(await db.select().from(mediaOrphans)).toEqual([]);
  });
});
