/** Next.js's public 'use cache' handler contract (`cacheHandlers` in next.config.ts), as this handler implements it. */
export interface UseCacheEntry {
  value: ReadableStream<Uint8Array>;
  tags: string[];
  stale: number;
  timestamp: number;
  expire: number;
  revalidate: number;
}
export interface UseCacheHandler {
  get(cacheKey: string, softTags: string[]): Promise<undefined | UseCacheEntry>;
  set(cacheKey: string, pendingEntry: Promise<UseCacheEntry>): Promise<void>;
  refreshTags(): Promise<void>;
  getExpiration(tags: string[]): Promise<number>;
  updateTags(tags: string[], durations?: { expire?: number }): Promise<void>;
}

/** The Redis hash and channel of the shared tag expiries. */
export declare const TAGS_KEY: string;
/** Merges expiries (tag → { expired, stale } in ms) into this process's tags manifest, keeping the later times. */
export declare function applyTagExpiries(updates: Record<string, unknown>): void;
declare const handler: UseCacheHandler;
export default handler;
