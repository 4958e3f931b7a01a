export declare const ENTRY_OVERHEAD_BYTES: number;
export declare const CACHE_BUDGET_DEFAULTS_MB: Readonly<{ PAGE_STORE_BUDGET_MB: number; SEARCH_PAGE_STORE_BUDGET_MB: number; DATA_CACHE_BUDGET_MB: number; FRONT_CACHE_BUDGET_MB: number; ROUTE_CACHE_BUDGET_MB: number; SOCIAL_IMAGE_CACHE_BUDGET_MB: number }>;
export declare function budgetBytesFrom(env: Record<string, string | undefined> | undefined, name: keyof typeof CACHE_BUDGET_DEFAULTS_MB): number;
export declare function bytesOf(value: unknown): number;
export declare class ByteLru<V = unknown> {
  constructor(budgetBytes: number, options?: { onRemove?: (key: string, value: V) => void });
  get(key: string): V | undefined;
  peek(key: string): V | undefined;
  has(key: string): boolean;
  set(key: string, value: V, valueBytes: number): boolean;
  resize(key: string, valueBytes: number): boolean;
  delete(key: string): boolean;
  clear(): void;
  keys(): IterableIterator<string>;
  readonly size: number;
  readonly bytes: number;
  readonly budget: number;
}
