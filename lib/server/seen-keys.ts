import { byteLru, type ByteLru } from '../cache/byte-lru';

/**
 * Keys seen at least once (a search's internal path): the proxy renders a search on request the
 * first time and lets the page store keep it from its second request on, so a crawl of one-off
 * searches stores nothing (docs/decisions/0230). Bounded in bytes, least recently seen out first:
 * a key pushed out is simply new again.
 */
export class SeenKeys {
  readonly #seen: ByteLru<true>;

  constructor(budgetBytes: number) {
    this.#seen = byteLru<true>(budgetBytes, () => 0);
  }

  /** Whether the key was seen before; either way it is now the most recently seen. */
  sight(key: string): boolean {
    if (this.#seen.get(key)) return true;
    this.#seen.set(key, true);
    return false;
  }

  get size(): number {
    return this.#seen.size;
  }

  /** Bytes counted for the keys (with the LRU's per-entry overhead). */
  get bytes(): number {
    return this.#seen.calculatedSize;
  }
}
