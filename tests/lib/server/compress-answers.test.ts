import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswer } from '@/lib/server/compress-answers';
import { rawRequest } from '../../support/raw-request';

/** A page's first part and the rest, as Next.js streams them (the rest once its data has come). */
const HEAD = `<!DOCTYPE html><html><body><header>${'<a href="/trip">A guided trip</a>'.repeat(80)}</header>`;
const REST = `<main>${'<article><h2>Tour du Mont Blanc</h2><p>From €1,250</p></article>'.repeat(60)}</main></body></html>`;

describe("the answers Next.js renders, compressed by scripts/serve.ts", () => {
  let server: Server;
  let origin: string;
  /** Lets the streamed page's handler write its rest. */
  let releaseRest: () => void = () => undefined;

  const streamPage = (res: ServerResponse & { flush?: () => void }) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.write(HEAD);
    // Next.js flushes after each chunk it pipes (pipe-readable.js): the middleware's flush.
    res.flush?.();
    new Promise<void>((resolve) => (releaseRest = resolve)).then(() => res.end(REST));
  };

  beforeAll(async () => {
    server = createServer((req, res) =>
      compressAnswer(req, res, () => {
        if (req.url === '/stream') return streamPage(res);
        res.setHeader('Content-Type', req.url === '/data' ? 'application/json' : 'text/html; charset=utf-8');
        if (req.url === '/no-transform') res.setHeader('Cache-Control', 'no-transform');
        if (req.url === '/small') return res.end('<p>short</p>');
        if (req.url === '/data') return res.end(JSON.stringify({ trips: Array.from({ length: 50 }, (_, id) => ({ id, title: 'Tour du Mont Blanc' })) }));
        res.end(HEAD + REST);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    releaseRest();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends brotli to a browser and gzip to a client that only takes gzip, varying on Accept-Encoding', async () => {
    const browser = await rawRequest(`${origin}/page`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(browser.body).toString()).toBe(HEAD + REST);
    // Well under the page: the markup repeats.
    expect(browser.body.length).toBeLessThan((HEAD + REST).length / 10);

    const varnish = await rawRequest(`${origin}/page`, { 'accept-encoding': 'gzip' });
    expect(varnish.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(varnish.body).toString()).toBe(HEAD + REST);

    const json = await rawRequest(`${origin}/data`, { 'accept-encoding': 'br' });
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(json.body).toString()).trips).toHaveLength(50);
  });

  it('leaves alone what a client cannot decode, what is too short to gain, and what must not be transformed', async () => {
    const plain = await rawRequest(`${origin}/page`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(HEAD + REST);
    for (const path of ['/small', '/no-transform']) {
      const answer = await rawRequest(`${origin}${path}`, { 'accept-encoding': 'br, gzip' });
      expect(answer.headers['content-encoding'], path).toBeUndefined();
    }
    const head = await rawRequest(`${origin}/page`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
  });

  it("streams: the page's first part reaches the browser, decoded, before the rest is written", async () => {
    const decoded = await new Promise<string>((resolve, reject) => {
      const req = request(`${origin}/stream`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('br');
        const decoder = res.pipe(createBrotliDecompress());
        let text = '';
        decoder.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          // The first part arrived while the server still holds the rest: only now may it write it.
          if (text === HEAD) releaseRest();
        });
        decoder.on('end', () => resolve(text));
        decoder.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    expect(decoded).toBe(HEAD + REST);
  });
});
