// How many requests Next.js works on at once (docs/decisions/0282): at most as many as the database
// pool has connections, so a render's queries wait their turn in the pool instead of piling up
// behind other renders; the others wait here in arrival order. A request answered overloaded (spec
// §8) is one that found the waiting line full or waited longer than a page may wait for the database:
// it goes on to Next.js marked with OVERLOADED_HEADER, which only this gate writes, and the proxy
// answers it as while the database is down (the page cached whole, else the 503 page with Retry-After).
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The mark of a request the gate found no room for; any copy a client sends is dropped. */
export const OVERLOADED_HEADER = 'x-cordee-overloaded';

/** Requests that never wait: the framework's static files and the health probes. */
const UNGATED = /^\/(?:_next\/static\/|api\/(?:health|ready)(?:[/?]|$))/;

export interface RenderGateLimits {
  /** Requests Next.js works on at once. */
  concurrency: number;
  /** Requests allowed to wait for their turn; past it, a request is answered overloaded at once. */
  queueMax: number;
  /** How long a request may wait for its turn before it is answered overloaded (ms). */
  waitMs: number;
}

interface Waiter {
  proceed: () => void;
  overloaded: () => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface RenderGate {
  /** Runs `proceed` when a turn is free (now, or later in arrival order), else `overloaded`. */
  admit(req: IncomingMessage, res: ServerResponse, proceed: () => void): void;
  /** Requests in Next.js now, and waiting. */
  load(): { running: number; waiting: number };
}

/** Drops a client's copy of OVERLOADED_HEADER (in `headers` and `rawHeaders`), then marks the request if asked. */
function setOverloadMark(req: IncomingMessage, overloaded: boolean): void {
  const raw = req.rawHeaders;
  for (let index = raw.length - 2; index >= 0; index -= 2) if (raw[index]!.toLowerCase() === OVERLOADED_HEADER) raw.splice(index, 2);
  delete req.headers[OVERLOADED_HEADER];
  if (!overloaded) return;
  req.headers[OVERLOADED_HEADER] = '1';
  raw.push(OVERLOADED_HEADER, '1');
}

export function createRenderGate({ concurrency, queueMax, waitMs }: RenderGateLimits): RenderGate {
  let running = 0;
  const waiting: Waiter[] = [];

  const start = (res: ServerResponse, proceed: () => void) => {
    running += 1;
    // 'close' comes once per answer, sent or cut off.
    res.once('close', () => {
      running -= 1;
      const next = waiting.shift();
      if (next === undefined) return;
      clearTimeout(next.timer);
      next.proceed();
    });
    proceed();
  };

  return {
    admit(req, res, proceed) {
      setOverloadMark(req, false);
      const overloaded = () => {
        setOverloadMark(req, true);
        proceed();
      };
      if (UNGATED.test(req.url ?? '/')) return proceed();
      if (running < concurrency && waiting.length === 0) return start(res, proceed);
      if (waiting.length >= queueMax) return overloaded();
      const waiter: Waiter = {
        proceed: () => start(res, proceed),
        overloaded,
        timer: setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index === -1) return;
          waiting.splice(index, 1);
          waiter.overloaded();
        }, waitMs),
      };
      waiting.push(waiter);
      // A client that leaves while waiting gives its place up.
      res.once('close', () => {
        const index = waiting.indexOf(waiter);
        if (index === -1) return;
        waiting.splice(index, 1);
        clearTimeout(waiter.timer);
      });
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}

/**
 * The gate's limits from the environment, validated as lib/env.ts does: as many requests at once as
 * the pool has connections (DATABASE_POOL_MAX), RENDER_QUEUE_MAX waiting, each at most
 * DATABASE_POOL_WAIT_MS.
 */
export function renderGateLimitsFromEnv(env: Record<string, string | undefined>): RenderGateLimits {
  const integer = (name: string, min: number, max: number, fallback: number) => {
    const value = Number(env[name] || fallback);
    return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
  };
  return {
    concurrency: integer('DATABASE_POOL_MAX', 1, 200, 10),
    queueMax: integer('RENDER_QUEUE_MAX', 0, 10_000, 256),
    waitMs: integer('DATABASE_POOL_WAIT_MS', 100, 60_000, 10_000),
  };
}
