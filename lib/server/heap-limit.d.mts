export declare const APP_HEAP_MB: number;
export declare function heapLimitMb(env: Record<string, string | undefined>): number;
export declare function serverNodeArgs(env: Record<string, string | undefined>): string[];
