import type { ServerResponse } from 'node:http';

/** The policy of an answer that reached the socket without one: no inline script, this origin only. */
export declare const FALLBACK_CONTENT_SECURITY_POLICY: string;
/** Makes sure the response's head carries a Content-Security-Policy when it is written. */
export declare function ensureContentSecurityPolicy(res: ServerResponse): void;
