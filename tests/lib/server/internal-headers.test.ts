import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hideInternalHeadersOnHead, internalPathOf } from '@/lib/server/internal-headers';
import { rawRequest } from '../../support/raw-request';

// A server hooked as scripts/serve.ts hooks it, answering as Next.js does after the proxy's rewrite.
let server: Server;
let origin: string;
let seen: string[] = [];

function answer(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('x-middleware-rewrite', '/en/cached/USD-fallback/trip/eiger/default?travellers=3');
  res.setHeader('x-middleware-set-cookie', 'currency=EUR');
  res.setHeader('x-page-type', 'trip');
  if ('rsc' in req.headers) res.setHeader('x-nextjs-rewritten-path', '/en/cached/USD-fallback/trip/eiger/default');
  res.on('finish', () => seen.push(internalPathOf(res)));
  if (req.url === '/given-to-writeHead') {
    res.writeHead(200, { 'x-middleware-next': '1', 'x-middleware-override-headers': 'x-page-type', 'content-type': 'text/plain' });
    res.end('ok');
    return;
  }
  res.end('page');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hideInternalHeadersOnHead(req, res);
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The headers of an answer to `path`. */
const get = async (path: string, headers: Record<string, string> = {}) => (await rawRequest(`${origin}${path}`, headers)).headers;

describe('the internal headers of an answer (scripts/serve.ts)', () => {
  it('never names an internal route to a client, and the server still knows it once the answer is sent', async () => {
    seen = [];
    const headers = await get('/trip/eiger?travellers=3');
    expect(Object.keys(headers).filter((name) => name.startsWith('x-middleware-') || name.startsWith('x-nextjs-rewrit'))).toEqual([]);
    expect(headers['x-page-type']).toBe('trip');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).toEqual(['/en/cached/USD-fallback/trip/eiger/default?travellers=3']);
  });

  it('removes the ones given to writeHead itself', async () => {
    const headers = await get('/given-to-writeHead');
    expect(Object.keys(headers).filter((name) => name.startsWith('x-middleware-'))).toEqual([]);
    expect(headers['content-type']).toBe('text/plain');
  });

  it('keeps the rendered path on a flight answer, where the App Router reads the route params from it', async () => {
    const headers = await get('/trip/eiger', { rsc: '1' });
    expect(headers['x-nextjs-rewritten-path']).toBe('/en/cached/USD-fallback/trip/eiger/default');
    expect(headers['x-middleware-rewrite']).toBeUndefined();
  });
});
