import { logger } from './log';
import { processRegistry } from './process-registry';

/**
 * Runs `job` every `everyMs` while the server runs, the first time `firstAfterMs` after start: one
 * timer per name and process (Next.js loads the app's server code more than once), never keeping
 * the process alive. A failed run is logged as `failure` and the next one comes as planned. Work
 * that several instances run is shared by the job itself (FOR UPDATE SKIP LOCKED).
 */
export function scheduleEvery(name: string, { everyMs, firstAfterMs }: { everyMs: number; firstAfterMs: number }, job: () => Promise<void>, failure: string): void {
  const schedules = (processRegistry().schedules ??= new Map());
  if (schedules.has(name)) return;
  const run = async () => {
    try {
      await job();
    } catch (error) {
      logger().error({ job: name, error }, failure);
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  setTimeout(run, firstAfterMs).unref();
  schedules.set(name, timer);
}
