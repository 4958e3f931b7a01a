import 'server-only';
import type { Database } from '../db/database';
import { sweepMediaOrphans } from '../db/queries/media-orphans';
import { logJsonLine } from '../mail/worker';
import { scheduleEvery } from '../schedule';
import { mediaStore } from './store';

/** How often the sweep looks for files of deleted photos whose delete failed. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Retries the deletes of deleted photos' files every ten minutes while the server runs (one timer per process). */
export function scheduleMediaOrphanSweep(db: Database): void {
  scheduleEvery('media-orphan-sweep', { everyMs: SWEEP_INTERVAL_MS, firstAfterMs: 30_000 }, async () => {
    const result = await sweepMediaOrphans(mediaStore(), new Date(), db);
    if (result.deleted + result.failed > 0) logJsonLine({ level: result.failed > 0 ? 'warn' : 'info', msg: 'photo files swept', ...result });
  }, 'photo file sweep failed');
}
