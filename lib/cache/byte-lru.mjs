// A least-recently-used map bounded in bytes: every in-process cache of the server keeps its
// entries here, so no request pattern can grow memory past the cache's budget. Plain ESM: the
// front (scripts/serve.mjs) and Next.js's page store load it outside the app's bundles.

/** What one entry costs beyond its key and value bytes: the Map slot, the entry record, bookkeeping. */
export const ENTRY_OVERHEAD_BYTES = 160;

/** The budgets' defaults in MB, shared with lib/env.ts (which validates the variables). */
export const CACHE_BUDGET_DEFAULTS_MB = Object.freeze({ PAGE_STORE_BUDGET_MB: 256, SEARCH_PAGE_STORE_BUDGET_MB: 32, DATA_CACHE_BUDGET_MB: 64, FRONT_CACHE_BUDGET_MB: 16, ROUTE_CACHE_BUDGET_MB: 4, SOCIAL_IMAGE_CACHE_BUDGET_MB: 8 });

/**
 * A budget in bytes from the environment (`name` in MB, a positive number), else its default. lib/env.ts
 * validates the same variables at startup; this reads them where lib/env.ts cannot be imported.
 */
export function budgetBytesFrom(env, name) {
  const raw = env?.[name];
  const mb = raw === undefined || String(raw).trim() === '' ? CACHE_BUDGET_DEFAULTS_MB[name] : Number(raw);
  if (!Number.isFinite(mb) || mb <= 0) throw new Error(`${name} must be a positive number of MB`);
  return Math.floor(mb * 1024 * 1024);
}

/** UTF-8 bytes of a string, a Buffer or TypedArray, or a JSON-able value (0 for none). */
export function bytesOf(value) {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value.byteLength;
  if (typeof value === 'number' || typeof value === 'boolean') return 8;
  return Buffer.byteLength(JSON.stringify(value) ?? '');
}

export class ByteLru {
  /** @type {Map<string, { value: unknown; bytes: number }>} */
  #entries = new Map();
  #bytes = 0;
  #budget;
  #onRemove;

  /**
   * @param {number} budgetBytes
   * @param {{ onRemove?: (key: string, value: unknown) => void }} [options] called for every entry that leaves (evicted, deleted or replaced)
   */
  constructor(budgetBytes, { onRemove } = {}) {
    if (!Number.isFinite(budgetBytes) || budgetBytes <= 0) throw new Error('a cache budget must be a positive number of bytes');
    this.#budget = budgetBytes;
    this.#onRemove = onRemove;
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key) {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** The value without touching its recency. */
  peek(key) {
    return this.#entries.get(key)?.value;
  }

  has(key) {
    return this.#entries.has(key);
  }

  /**
   * Stores a value whose own size is `valueBytes` (the key's bytes and the overhead are added), then
   * evicts the least recently used entries past the budget. An entry larger than the whole budget is
   * not stored (false).
   */
  set(key, value, valueBytes) {
    this.delete(key);
    const bytes = Buffer.byteLength(key) + Math.max(0, valueBytes) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.#budget) return false;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    this.#evict();
    return true;
  }

  /** Counts more (or fewer) bytes for an entry that grew (a page's gzip made later); false if it no longer fits. */
  resize(key, valueBytes) {
    const entry = this.#entries.get(key);
    if (!entry) return false;
    const bytes = Buffer.byteLength(key) + Math.max(0, valueBytes) + ENTRY_OVERHEAD_BYTES;
    this.#bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    if (bytes > this.#budget) {
      this.delete(key);
      return false;
    }
    this.#evict();
    return this.#entries.has(key);
  }

  delete(key) {
    const entry = this.#entries.get(key);
    if (!entry) return false;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    this.#onRemove?.(key, entry.value);
    return true;
  }

  clear() {
    for (const key of [...this.#entries.keys()]) this.delete(key);
  }

  #evict() {
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.#budget) break;
      this.delete(oldest);
    }
  }

  /** Keys from the least to the most recently used. */
  keys() {
    return this.#entries.keys();
  }

  get size() {
    return this.#entries.size;
  }

  /** Bytes counted for every entry (keys, values and overhead). */
  get bytes() {
    return this.#bytes;
  }

  get budget() {
    return this.#budget;
  }
}
