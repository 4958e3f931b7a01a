import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { ObjectStore } from '../../media/object-store';
import { getDb } from '../client';
import type { Database } from '../database';
import { orphanError, orphanRetryDelayMs } from '../media-orphan-rows';
import { mediaOrphans } from '../schema';

/** A claimed sweep leaves a row alone this long, so another instance does not delete the same files at once. */
const CLAIM_MS = 5 * 60_000;

type Orphan = { id: number; objectKeys: string[]; attempts: number };

/** Deletes one orphan's files: its row goes with them, or it waits for its next attempt with the error. */
async function settle(store: ObjectStore, orphan: Orphan, now: Date, db: Database): Promise<boolean> {
  try {
    await store.delete(orphan.objectKeys);
  } catch (error) {
    const attempts = orphan.attempts + 1;
    await db
      .update(mediaOrphans)
      .set({ attempts, retryAt: new Date(now.getTime() + orphanRetryDelayMs(attempts)), lastError: orphanError(error) })
      .where(eq(mediaOrphans.id, orphan.id));
    return false;
  }
  await db.delete(mediaOrphans).where(eq(mediaOrphans.id, orphan.id));
  return true;
}

/** Right after a photo's row was deleted: its files now; on a store error they stay listed for the sweep. */
export async function deleteOrphanFiles(store: ObjectStore, orphanId: number, now: Date = new Date(), db: Database = getDb()): Promise<boolean> {
  const [orphan] = await db.select({ id: mediaOrphans.id, objectKeys: mediaOrphans.objectKeys, attempts: mediaOrphans.attempts }).from(mediaOrphans).where(eq(mediaOrphans.id, orphanId));
  return orphan ? settle(store, orphan, now, db) : true;
}

/**
 * The sweep: files of deleted photos whose delete failed before, due now, at most `limit`; claimed
 * with FOR UPDATE SKIP LOCKED so instances share the work. Counts what was deleted and what waits.
 */
export async function sweepMediaOrphans(store: ObjectStore, now: Date = new Date(), db: Database = getDb(), limit = 50): Promise<{ deleted: number; failed: number }> {
  const claimed = await db.execute<{ id: number; object_keys: string[]; attempts: number }>(sql`
    UPDATE media_orphans SET retry_at = ${new Date(now.getTime() + CLAIM_MS)}
    WHERE id IN (SELECT id FROM media_orphans WHERE retry_at <= ${now} ORDER BY retry_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, object_keys, attempts`);
  let deleted = 0;
  for (const row of claimed.rows) {
    if (await settle(store, { id: Number(row.id), objectKeys: row.object_keys, attempts: Number(row.attempts) }, now, db)) deleted++;
  }
  return { deleted, failed: claimed.rows.length - deleted };
}
