// The address of the TCP peer, as scripts/serve.ts hands it to Next.js: a request header only this
// server writes (any copy the client sent is dropped first), so the proxy and Server Actions, which
// see headers but no socket, can tell the peer's address from what the client claims. The server
// script loads it outside the app's bundles (Node strips its types).
import type { IncomingMessage } from 'node:http';

/** The header carrying the socket's address into the app. */
export const SOCKET_ADDRESS_HEADER = 'x-cordee-socket-address';

/**
 * Replaces whatever the client sent under SOCKET_ADDRESS_HEADER with the socket's remote address
 * (in `headers` and `rawHeaders`, so no later reader sees the client's copy).
 */
export function stampSocketAddress(req: IncomingMessage): void {
  const raw = req.rawHeaders;
  for (let index = raw.length - 2; index >= 0; index -= 2) if (raw[index]!.toLowerCase() === SOCKET_ADDRESS_HEADER) raw.splice(index, 2);
  const address = req.socket.remoteAddress ?? '';
  req.headers[SOCKET_ADDRESS_HEADER] = address;
  raw.push(SOCKET_ADDRESS_HEADER, address);
}
