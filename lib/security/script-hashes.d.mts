/** The `sha256-…` sources of the inline scripts of an HTML document, each once. */
export declare function inlineScriptHashes(html: string): string[];
/** The page policy allowing exactly these inline scripts (the registered one, else this origin only). */
export declare function scriptHashPolicy(hashes: string[]): string;
/** Puts the policy of a cached page's HTML into its stored headers; other values are returned as they are. */
export declare function withScriptHashPolicy<T>(value: T, path?: string | null): T;
