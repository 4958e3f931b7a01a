import type { ObjectStore } from '../media/object-store';
import type { Database } from './database';
import { mediaOrphans } from './schema';

/** After a failed delete: 1, 2, 4 … minutes, at most six hours. Never dropped: the files are not lost track of. */
export const orphanRetryDelayMs = (attempts: number): number => Math.min(2 ** Math.max(attempts - 1, 0) * 60_000, 6 * 3_600_000);

/** A store error's text as kept on an orphan row. */
export const orphanError = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Files stored for a row that never came to be (a save that lost or failed): deleted now; on a store
 * error they are listed for the sweep, as a deleted photo's are, instead of being lost track of
 * (the database is only asked then). Outside `queries/` because the seed stores photos too.
 */
export async function deleteOrListFiles(store: ObjectStore, objectKeys: string[], db: Database, now: Date = new Date()): Promise<void> {
  try {
    await store.delete(objectKeys);
  } catch (error) {
    await db.insert(mediaOrphans).values({ objectKeys, attempts: 1, retryAt: new Date(now.getTime() + orphanRetryDelayMs(1)), lastError: orphanError(error) });
  }
}
