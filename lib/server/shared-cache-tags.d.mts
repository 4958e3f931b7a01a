import type { CacheHandler } from 'next/dist/server/lib/cache-handlers/types';

/** The Redis hash and channel of the shared tag expiries. */
export declare const TAGS_KEY: string;
/** Merges expiries (tag → { expired, stale } in ms) into this process's tags manifest, keeping the later times. */
export declare function applyTagExpiries(updates: Record<string, unknown>): void;
declare const handler: CacheHandler;
export default handler;
