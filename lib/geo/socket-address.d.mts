import type { IncomingMessage } from 'node:http';

/** The header carrying the socket's address into the app (written only by scripts/serve.mjs). */
export declare const SOCKET_ADDRESS_HEADER: string;
/** Replaces any client-sent copy of SOCKET_ADDRESS_HEADER with the socket's remote address. */
export declare function stampSocketAddress(req: IncomingMessage): void;
