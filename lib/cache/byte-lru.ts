// Least-recently-used maps bounded in bytes: every in-process cache keeps its entries in one, so no
// request pattern can grow memory past the cache's budget. The map is lru-cache's (`maxSize`, each
// entry's size from `sizeCalculation`); this module says how an entry is counted and where budgets
// come from. Node loads it directly too (scripts/serve.ts, the page store): relative imports carry `.ts`.
import { LRUCache } from 'lru-cache';

/** What one entry costs beyond its key and value bytes: the Map slot, the entry record, bookkeeping. */
export const ENTRY_OVERHEAD_BYTES = 160;

/** The budgets' defaults in MB, shared with lib/env.ts (which validates the variables). */
export const CACHE_BUDGET_DEFAULTS_MB = Object.freeze({ PAGE_STORE_BUDGET_MB: 256, SEARCH_PAGE_STORE_BUDGET_MB: 32, DATA_CACHE_BUDGET_MB: 64, FRONT_CACHE_BUDGET_MB: 16, ROUTE_CACHE_BUDGET_MB: 4, SOCIAL_IMAGE_CACHE_BUDGET_MB: 8 } as const);

export type CacheBudgetName = keyof typeof CACHE_BUDGET_DEFAULTS_MB;

/**
 * A budget in bytes from the environment (`name` in MB, a positive number), else its default. lib/env.ts
 * validates the same variables at startup; this reads them where lib/env.ts cannot be imported.
 */
export function budgetBytesFrom(env: Record<string, string | undefined> | undefined, name: CacheBudgetName): number {
  const raw = env?.[name];
  const mb = raw === undefined || String(raw).trim() === '' ? CACHE_BUDGET_DEFAULTS_MB[name] : Number(raw);
  if (!Number.isFinite(mb) || mb <= 0) throw new Error(`${name} must be a positive number of MB`);
  return Math.floor(mb * 1024 * 1024);
}

/** UTF-8 bytes of a string, a Buffer or TypedArray, or a JSON-able value (0 for none). */
export function bytesOf(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value.byteLength;
  if (typeof value === 'number' || typeof value === 'boolean') return 8;
  return Buffer.byteLength(JSON.stringify(value) ?? '');
}

/** A byte-bounded LRU map: what `budgetBytes` holds at most, the entries' own sizes from `sizeOf`. */
export type ByteLru<V extends NonNullable<unknown>> = LRUCache<string, V>;

/**
 * A least-recently-used map of at most `budgetBytes`: an entry counts its key's UTF-8 bytes, its
 * value's (`sizeOf`) and ENTRY_OVERHEAD_BYTES; past the budget the least recently used leave, and an
 * entry larger than the whole budget is not kept. `onRemove` hears every entry that leaves (evicted,
 * deleted, too large to keep), never one replaced under the same key.
 */
export function byteLru<V extends NonNullable<unknown>>(budgetBytes: number, sizeOf: (value: V) => number, { onRemove }: { onRemove?: (key: string, value: V) => void } = {}): ByteLru<V> {
  if (!Number.isFinite(budgetBytes) || budgetBytes <= 0) throw new Error('a cache budget must be a positive number of bytes');
  const cache: ByteLru<V> = new LRUCache<string, V>({
    maxSize: Math.floor(budgetBytes),
    sizeCalculation: (value, key) => Buffer.byteLength(key) + Math.max(0, Math.ceil(sizeOf(value))) + ENTRY_OVERHEAD_BYTES,
    // After the removal: a key still present was replaced, not removed.
    disposeAfter: onRemove && ((value, key) => {
      if (!cache.has(key)) onRemove(key, value);
    }),
  });
  return cache;
}
