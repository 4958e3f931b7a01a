import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/scripts/harness';
// @ts-expect-error: a plain ES module of scripts/, without types
import { hasNginx, startTlsFront } from '../../scripts/tls-front.mjs';

// Debian's nginx (.ci/run installs nginx-light) fronts the bench's Lighthouse loads.
describe.runIf(hasNginx())('the TLS front of the bench (nginx)', () => {
  let backend: Server;
  let front: { origin: string; stop: () => Promise<void> };

  beforeAll(async () => {
    backend = createServer((req, res) => {
      res.setHeader('content-type', 'text/plain');
      res.end(`${req.method} ${req.url} host=${req.headers.host}`);
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const backendPort = (backend.address() as { port: number }).port;
    front = await startTlsFront({ dir: mkdtempSync(path.join(os.tmpdir(), 'tls-front-')), port: await freePort(), backendPort });
  });

  afterAll(async () => {
    await front?.stop();
    await new Promise((resolve) => backend?.close(resolve));
  });

  it('answers over TLS with HTTP/2 what the server behind it answers, with the host asked', async () => {
    const session = connect(front.origin, { rejectUnauthorized: false });
    try {
      const body = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const stream = session.request({ ':path': '/trip/a?x=1' });
        let status = 0;
        let text = '';
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (text += chunk));
        stream.on('end', () => resolve({ status, text }));
        stream.on('error', reject);
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(body).toEqual({ status: 200, text: `GET /trip/a?x=1 host=${new URL(front.origin).host}` });
    } finally {
      session.close();
    }
  });
});
