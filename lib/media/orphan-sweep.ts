import 'server-only';
import type { Database } from '../db/database';
import { sweepMediaOrphans } from '../db/queries/media-orphans';
import { logJsonLine } from '../mail/worker';
import { mediaStore } from './store';

/** How often the sweep looks for files of deleted photos whose delete failed. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

const globalForSweep = globalThis as unknown as { cordeeMediaSweep?: NodeJS.Timeout };

/** Retries the deletes of deleted photos' files every ten minutes while the server runs (one timer per process). */
export function scheduleMediaOrphanSweep(db: Database): void {
  if (globalForSweep.cordeeMediaSweep) return;
  const run = async () => {
    try {
      const result = await sweepMediaOrphans(mediaStore(), new Date(), db);
      if (result.deleted + result.failed > 0) logJsonLine({ level: result.failed > 0 ? 'warn' : 'info', msg: 'photo files swept', ...result });
    } catch (error) {
      logJsonLine({ level: 'error', msg: 'photo file sweep failed', error: error instanceof Error ? error.message : String(error) });
    }
  };
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  setTimeout(run, 30_000).unref();
  globalForSweep.cordeeMediaSweep = timer;
}
