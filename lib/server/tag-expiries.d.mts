export type TagExpiry = { expired?: number; stale?: number };
export declare const now: () => number;
export declare function tagExpiry(tag: string): TagExpiry | undefined;
export declare function expireTags(tags: string[], durations?: { expire?: number }, at?: number): void;
export declare function mergeTagExpiries(updates: Record<string, unknown>): void;
export declare function areTagsExpired(tags: string[], timestamp: number, at?: number): boolean;
export declare function areTagsStale(tags: string[], timestamp: number): boolean;
export declare function latestExpiry(tags: string[]): number;
