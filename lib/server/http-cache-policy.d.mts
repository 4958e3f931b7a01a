import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const EDGE_CURRENCY_HEADER: string;
export declare const CACHE_TAG_HEADER: string;
export declare const TARGETED_HEADERS: readonly string[];
export declare const SHARED_MAX_AGE_S: number;
export declare const STALE_WHILE_REVALIDATE_S: number;
export declare const SHARED_CACHE_CONTROL: string;
export declare const BROWSER_PAGE_CACHE_CONTROL: string;
export declare const PRIVATE_NO_STORE: string;
export declare const SESSION_COOKIE: string;
export declare function hasSession(cookieHeader: string | undefined | null): boolean;
export declare function entityTags(tags: string[]): string | null;
export type CachePolicy = { cacheControl?: string; shared?: { control: string; tags: string } };
export declare function cachePolicy(answer: {
  method: string;
  /** The request URL as received (path and query): only the canonical one is shared. */
  url?: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  status: number;
  responseHeaders: Record<string, unknown>;
  pageTags: (internalPath: string) => string[] | null;
}): CachePolicy;
export declare function applyCachePolicy(req: IncomingMessage, res: ServerResponse, pageTags: (internalPath: string) => string[] | null): void;
export declare function cachePolicyOnHead(req: IncomingMessage, res: ServerResponse, pageTags: (internalPath: string) => string[] | null): void;
