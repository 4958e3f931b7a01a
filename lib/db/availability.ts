import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from './database';

export type DatabaseAvailability = {
  /** Whether the database answered its last probe; probes at most once per `intervalMs`. */
  isUp: () => Promise<boolean>;
};

/**
 * Whether the database answers, known without a query per request: a `select 1` at most once per
 * `intervalMs` (concurrent callers share it), which gives up after `timeoutMs`. Recovery needs
 * nothing more: the pool opens new connections once the server is back, and the next probe says so.
 */
export function databaseAvailability(db: () => Pick<Database, 'execute'>, options: { intervalMs?: number; timeoutMs?: number } = {}): DatabaseAvailability {
  const intervalMs = options.intervalMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 1500;
  let up = true;
  let checkedAt = -Infinity;
  let probe: Promise<boolean> | null = null;

  const run = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([
        db()
          .execute(sql`select 1`)
          .then(() => true)
          .catch(() => false),
        timeout,
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    isUp: async () => {
      if (performance.now() - checkedAt < intervalMs) return up;
      probe ??= run().then((answer) => {
        up = answer;
        checkedAt = performance.now();
        probe = null;
        return answer;
      });
      // The request that finds the answer stale waits for the probe (a millisecond while the
      // database is up), so the first request after an outage already gets the 503.
      return probe;
    },
  };
}

/**
 * The availability of the database at `url`, probed through a connection of its own: under load
 * the pages' pool may be busy, and a probe waiting behind them would read as an outage.
 */
export function databaseAvailabilityOf(url: string): DatabaseAvailability {
  let probeDb: Database | null = null;
  return databaseAvailability(() => (probeDb ??= createDatabase(url, { max: 1 }).db));
}
