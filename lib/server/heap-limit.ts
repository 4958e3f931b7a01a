// The app server's V8 old-space limit, sized from the in-process caches' byte budgets. Node's
// default on a large machine (about 4 GB) lets V8 grow the heap up to four times what it keeps alive
// before a full collection; a limit near what the server needs brings that factor down to about 1.5
// (docs/decisions/0240). The scripts that start scripts/serve.ts pass it to Node.
import { CACHE_BUDGET_DEFAULTS_MB, budgetBytesFrom, type CacheBudgetName } from '../cache/byte-lru.ts';

/** What the server keeps on the heap beyond its caches: Next.js, the app's modules, the requests in flight. */
export const APP_HEAP_MB = 512;

/** The old-space limit in MB: every cache's budget, as if all of it were on the heap, + APP_HEAP_MB. */
export function heapLimitMb(env: Record<string, string | undefined>): number {
  const budgets = (Object.keys(CACHE_BUDGET_DEFAULTS_MB) as CacheBudgetName[]).reduce((sum, name) => sum + budgetBytesFrom(env, name), 0);
  return Math.ceil(budgets / 1048576) + APP_HEAP_MB;
}

/** Node's arguments before scripts/serve.ts: the heap limit, unless NODE_OPTIONS already sets one. */
export function serverNodeArgs(env: Record<string, string | undefined>): string[] {
  if (/--max[-_]old[-_]space[-_]size\b/.test(env.NODE_OPTIONS ?? '')) return [];
  return [`--max-old-space-size=${heapLimitMb(env)}`];
}
