// The production server (`npm start` runs it through scripts/start.ts): Next.js's request handler
// behind the build's static files, served from copies compressed once (lib/server/static-files.ts),
// and the front of the pages cached whole (lib/server/front-cache.ts), which answers a
// request Next.js already answered from a page cached whole, while that page's copy is fresh,
// without the proxy and the router. Everything else is Next.js's, as with `next start`: same
// handler, same configuration, its answers compressed here (lib/server/compress-answers.ts).
// Every answer states its cacheability for a cache in front (Varnish, a CDN:
// lib/server/http-cache-policy.ts, decision 0151). SIGTERM/SIGINT: stop accepting, finish the requests in flight, close
// Next.js, then exit (the outbox worker holds the exit until its drain is done, lib/mail/worker.ts).
//
// Env: PORT (3000), the front's budget FRONT_CACHE_BUDGET_MB and the geolocation settings lib/env.ts
// validates (GEO_COUNTRY_HEADERS, CLIENT_IP_HEADER, TRUSTED_PROXY_HOPS), read here with the same
// defaults: this file runs outside the app's bundles. Every request gets the socket's address in a
// header only this server writes (lib/geo/socket-address.ts): the app's only client address unless
// proxies are trusted.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import next from 'next';
import { budgetBytesFrom } from '../lib/cache/byte-lru.ts';
import type { PageEncoding } from '../lib/cache/page-store.ts';
import { SOCKET_ADDRESS_HEADER, stampSocketAddress } from '../lib/geo/socket-address.ts';
import { createFrontCache, geolocationHeaders } from '../lib/server/front-cache.ts';
import { cachePolicyOnHead } from '../lib/server/http-cache-policy.ts';
import { hideInternalHeadersOnHead } from '../lib/server/internal-headers.ts';
import { ensureContentSecurityPolicy } from '../lib/security/csp-fallback.ts';
import { bodyLimitFor, guardRequest, requestTimeoutFromEnv, serverTimeoutOptions } from '../lib/server/request-guard.ts';
import { createRenderGate, renderGateLimitsFromEnv } from '../lib/server/render-gate.ts';
import { processRegistry } from '../lib/process-registry.ts';
import { STATIC_FILE_HEADERS } from '../lib/security/csp.ts';
import { createStaticFiles, precompressStaticFiles, staticDirOf } from '../lib/server/static-files.ts';
import { compressAnswer } from '../lib/server/compress-answers.ts';

// Every interface, as `next start` (HOSTNAME is not read: shells and containers set it to the machine's name).
const port = Number(process.env.PORT || 3000);

const root = path.resolve(import.meta.dirname, '..');
const app = next({ dev: false, dir: root, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

// The build's static files, from copies compressed once (the build writes them; any missing now).
const staticDir = staticDirOf(path.join(root, '.next'));
await precompressStaticFiles(staticDir);
const staticFiles = createStaticFiles(staticDir, STATIC_FILE_HEADERS);

/** Next.js's page store (lib/cache/page-store.ts) puts its reader in the process registry once loaded. */
const pageStore = () => processRegistry().pageStore?.reader;
const freshPage = (internalPath: string, encoding: PageEncoding) => pageStore()?.freshPage(internalPath, encoding) ?? null;
const pageTags = (internalPath: string) => pageStore()?.pageTags(internalPath) ?? null;
// The front keys a page whose currency came from the country on every header the country may be read
// from: the trusted ones, and the socket's address (the client's own, or a proxy's with hops > 0).
const geolocation = geolocationHeaders(process.env);
const trustedProxyHops = Number(process.env.TRUSTED_PROXY_HOPS || 0);
const front = createFrontCache({
  freshPage,
  countryHeaders: [...geolocation.countryHeaders, SOCKET_ADDRESS_HEADER],
  clientIpHeader: trustedProxyHops > 0 ? geolocation.clientIpHeader : SOCKET_ADDRESS_HEADER,
  budgetBytes: budgetBytesFrom(process.env, 'FRONT_CACHE_BUDGET_MB'),
});

// Next.js works on as many requests at once as the pool has connections; the others wait their turn.
const gate = createRenderGate(renderGateLimitsFromEnv(process.env));

/** A static file of the build, else the front if it can answer, else Next.js when the gate lets the request in. */
function answer(req: IncomingMessage, res: ServerResponse): void {
  staticFiles(req, res, () => answerPage(req, res));
}

function answerPage(req: IncomingMessage, res: ServerResponse): void {
  try {
    if (front.serve(req, res)) return;
  } catch (error) {
    // The front is an optimisation: whatever it cannot do, Next.js does.
    console.error('front cache:', error);
    if (res.headersSent) return;
    for (const name of res.getHeaderNames()) res.removeHeader(name);
  }
  // What Next.js answers is compressed here (lib/server/compress-answers.ts), not by Next.js.
  gate.admit(req, res, () => compressAnswer(req, res, () => void handle(req, res)));
}

// Oversized bodies, Server Actions without Origin or from another origin, malformed Server Action
// bodies and calls to cached functions are refused before Next.js reads them; a client gets
// REQUEST_TIMEOUT_MS (20 s) to send its whole request.
const server = createServer(serverTimeoutOptions({ requestTimeoutMs: requestTimeoutFromEnv(process.env) }), (req, res) => {
  stampSocketAddress(req);
  // Any answer without a Content-Security-Policy of its own gets a strict one.
  ensureContentSecurityPolicy(res);
  // Every answer states its cacheability as its head is written (lib/server/http-cache-policy.ts).
  cachePolicyOnHead(req, res, pageTags);
  // No answer names the app's internal routes (x-middleware-rewrite, …: lib/server/internal-headers.ts).
  hideInternalHeadersOnHead(req, res);
  guardRequest(req, res, () => answer(req, res), { bodyLimitBytes: bodyLimitFor(req.url) });
});

server.listen(port, () => {
  console.log(`▲ Cordée on http://localhost:${port} (Next.js, pages cached whole served in front)`);
});

let stopping = false;
for (const [signal, code] of [['SIGTERM', 143], ['SIGINT', 130]] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(async () => {
      await app.close().catch((error) => console.error(error));
      process.exit(code);
    });
    // Keep-alive connections with no request in flight would hold close() open.
    server.closeIdleConnections();
  });
}
