import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardRequest, isCacheFunctionId, REQUEST_BODY_LIMIT_BYTES, serverTimeoutOptions } from '@/lib/server/request-guard';

// A server built as scripts/serve.ts builds it, whose handler reads the whole body as Next.js does.
let server: Server;
let port: number;
let handled = 0;

beforeAll(async () => {
  server = createServer(serverTimeoutOptions({ requestTimeoutMs: 1500 }), (req, res) => {
    guardRequest(req, res, () => {
      let size = 0;
      req.on('data', (chunk: Buffer) => (size += chunk.length));
      req.on('end', () => {
        handled += 1;
        res.end(`read ${size}`);
      });
      req.on('error', () => undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

function send(options: { method?: string; headers?: Record<string, string>; body?: Buffer | Buffer[] }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/fr/trip/x', method: options.method ?? 'POST', headers: options.headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    // A refused upload may see its connection closed while it still writes.
    req.on('error', reject);
    for (const chunk of Array.isArray(options.body) ? options.body : options.body ? [options.body] : []) req.write(chunk);
    req.end();
  });
}

const ACTION = '40' + 'a'.repeat(40);
const CACHE_FUNCTION = 'c0' + 'b'.repeat(40);
const origin = () => `http://127.0.0.1:${port}`;

describe('the production server’s request guard', () => {
  it('tells a cached function’s id from a Server Action’s by its first byte', () => {
    expect(isCacheFunctionId('80' + '0'.repeat(40))).toBe(true);
    expect(isCacheFunctionId('ff' + '0'.repeat(40))).toBe(true);
    expect(isCacheFunctionId('7f' + '0'.repeat(40))).toBe(false);
    expect(isCacheFunctionId('00' + '0'.repeat(40))).toBe(false);
    expect(isCacheFunctionId('zz')).toBe(false);
  });

  it('lets a Server Action with its Origin and a body within the limit through', async () => {
    const body = Buffer.from(JSON.stringify(['a'.repeat(9996)]));
    const before = handled;
    const answer = await send({ headers: { 'next-action': ACTION, origin: origin(), 'content-length': String(body.length) }, body });
    expect(answer).toEqual({ status: 200, text: 'read 10000' });
    expect(handled).toBe(before + 1);
  });

  it('answers 413 to a body declared over the limit, unread', async () => {
    const before = handled;
    const answer = await send({ headers: { 'next-action': ACTION, origin: origin(), 'content-length': String(REQUEST_BODY_LIMIT_BYTES + 1) } }).catch(
      (error: Error) => ({ status: -1, text: error.message }),
    );
    expect(answer.status).toBe(413);
    expect(handled).toBe(before);
  });

  it('answers 413 to a chunked body once it passes the limit', async () => {
    const chunk = Buffer.alloc(16 * 1024, 'b');
    const chunks = Array.from({ length: Math.ceil(REQUEST_BODY_LIMIT_BYTES / chunk.length) + 4 }, () => chunk);
    const before = handled;
    const answer = await send({ headers: { 'next-action': ACTION, origin: origin(), 'transfer-encoding': 'chunked' }, body: chunks }).catch((error: Error) => ({ status: -1, text: error.message }));
    // The answer is 413, or the connection is cut while the client still writes: never a read body.
    expect([413, -1]).toContain(answer.status);
    expect(handled).toBe(before);
  });

  it('reads a chunked body within the limit', async () => {
    const answer = await send({ headers: { origin: origin(), 'transfer-encoding': 'chunked' }, body: [Buffer.alloc(1000), Buffer.alloc(1000)] });
    expect(answer).toEqual({ status: 200, text: 'read 2000' });
  });

  it('refuses a Server Action without Origin (a forged request, not a browser’s)', async () => {
    const answer = await send({ headers: { 'next-action': ACTION, 'content-length': '2' }, body: Buffer.from('[]') });
    expect(answer.status).toBe(403);
  });

  it('refuses a call to a cached function by its server-reference id', async () => {
    const answer = await send({ headers: { 'next-action': CACHE_FUNCTION, origin: origin(), 'content-length': '2' }, body: Buffer.from('[]') });
    expect(answer.status).toBe(404);
  });

  describe('a form posted without JavaScript, which names its action in the body', () => {
    const boundary = '----cordee';
    const multipart = (fields: Record<string, string>) =>
      Buffer.from(Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + `--${boundary}--\r\n`);
    const formHeaders = () => ({ origin: origin(), 'content-type': `multipart/form-data; boundary=${boundary}` });

    it('reaches the app with a Server Action’s id', async () => {
      const before = handled;
      const answer = await send({ headers: formHeaders(), body: multipart({ [`$ACTION_ID_${ACTION}`]: '', email: 'a@example.com' }) });
      expect(answer.status).toBe(200);
      expect(handled).toBe(before + 1);
    });

    it.each([
      ['as the action field', { [`$ACTION_ID_${CACHE_FUNCTION}`]: '', '0': '["en"]' }],
      ['in a bound action’s reference', { '$ACTION_REF_1': '', '$ACTION_1:0': `{"id":"${CACHE_FUNCTION}","bound":null}` }],
    ])('refuses a cached function’s id %s', async (_, fields) => {
      const before = handled;
      const answer = await send({ headers: formHeaders(), body: multipart(fields) });
      expect(answer.status).toBe(404);
      expect(handled).toBe(before);
    });

    it('refuses it when the id is cut between two chunks, and in a URL-encoded body', async () => {
      const body = multipart({ [`$ACTION_ID_${CACHE_FUNCTION}`]: '' });
      const cut = body.indexOf(CACHE_FUNCTION) + 20;
      expect((await send({ headers: { ...formHeaders(), 'transfer-encoding': 'chunked' }, body: [body.subarray(0, cut), body.subarray(cut)] })).status).toBe(404);
      const encoded = Buffer.from(`%24ACTION_ID_${CACHE_FUNCTION}=&0=%5B%5D`);
      expect((await send({ headers: { origin: 'http://127.0.0.1', 'content-type': 'application/x-www-form-urlencoded' }, body: encoded })).status).toBe(404);
    });
  });

  describe('a Server Action or a form post that Next.js would answer 500 (and log its stack)', () => {
    const boundary = 'XyZ';
    const multipartType = `multipart/form-data; boundary=${boundary}`;
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const refusedUnread = async (headers: Record<string, string>, body: Buffer | Buffer[], status: number) => {
      const before = handled;
      const answer = await send({ headers, body });
      expect(answer.status).toBe(status);
      expect(handled).toBe(before);
    };

    it.each([
      ['another site', 'https://evil.example', 403],
      ['another port of this host', 'http://127.0.0.1:1', 403],
      ['an opaque origin', 'null', 403],
      ['an Origin that is not a URL', 'garbage', 400],
    ])('refuses a Server Action from %s, unread', async (_, from, status) => {
      await refusedUnread({ 'next-action': ACTION, origin: from, 'content-type': 'text/plain;charset=UTF-8' }, Buffer.from('[]'), status);
    });

    it('refuses a form posted from another origin, and compares with X-Forwarded-Host as Next.js does', async () => {
      await refusedUnread({ origin: 'https://evil.example', 'content-type': multipartType }, Buffer.from(part('email', 'a@example.com') + `--${boundary}--\r\n`), 403);
      const before = handled;
      const answer = await send({ headers: { 'next-action': ACTION, origin: 'https://www.cordee.example', 'x-forwarded-host': 'www.cordee.example, proxy.internal' }, body: Buffer.from('[]') });
      expect(answer.status).toBe(200);
      expect(handled).toBe(before + 1);
    });

    it.each([
      ['not JSON', 'text/plain;charset=UTF-8', '[{"a":'],
      ['JSON but not the arguments’ array', 'text/plain;charset=UTF-8', '"$K1"'],
      ['empty', 'text/plain;charset=UTF-8', ''],
      ['multipart cut before its end', multipartType, part('1_email', 'a@example.com')],
      ['multipart with a part without its headers', multipartType, `--${boundary}\r\nno headers here\r\n--${boundary}--\r\n`],
      ['multipart without a boundary', 'multipart/form-data', part('1_email', 'a@example.com') + `--${boundary}--\r\n`],
      ['multipart that is not multipart', multipartType, 'garbage'],
      ['multipart without its arguments (part 0)', multipartType, part('_1_email', 'a@example.com') + `--${boundary}--\r\n`],
      ['a reference to a part that is not there', 'text/plain;charset=UTF-8', '["$Q1"]'],
    ])('answers 400 to a Server Action whose body is %s, and Next.js never reads it', async (_, type, body) => {
      await refusedUnread({ 'next-action': ACTION, origin: origin(), 'content-type': type }, Buffer.from(body), 400);
    });

    it('refuses a form post without JavaScript whose body is cut, and hands well-formed ones on whole, in chunks or not', async () => {
      await refusedUnread({ origin: origin(), 'content-type': multipartType }, Buffer.from(part(`$ACTION_ID_${ACTION}`, '')), 400);
      const body = Buffer.from(part('1_email', 'a@example.com') + part('1_name', 'Ada\r\nLovelace') + part('0', '["$K1"]') + `--${boundary}--\r\n`);
      expect(await send({ headers: { 'next-action': ACTION, origin: origin(), 'content-type': multipartType }, body })).toEqual({ status: 200, text: `read ${body.length}` });
      const json = Buffer.from(JSON.stringify([{ email: 'a@example.com' }]));
      expect(await send({ headers: { 'next-action': ACTION, origin: origin(), 'transfer-encoding': 'chunked' }, body: [json.subarray(0, 5), json.subarray(5)] })).toEqual({ status: 200, text: `read ${json.length}` });
      expect(await send({ headers: { origin: origin(), 'content-type': 'multipart/form-data; boundary="q b"' }, body: Buffer.from('--q b--\r\n') })).toEqual({ status: 200, text: 'read 9' });
    });
  });

  it('cuts off a body that trickles in after the request timeout, not after Node’s 300 s', async () => {
    const started = Date.now();
    const closed = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST /fr/trip/x HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${origin()}\r\nContent-Length: 1000\r\n\r\n`);
        const drip = setInterval(() => socket.write('a'), 200);
        let answer = '';
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        socket.on('close', () => {
          clearInterval(drip);
          resolve(answer);
        });
        socket.on('error', () => undefined);
      });
    });
    const elapsed = Date.now() - started;
    expect(closed).toMatch(/^HTTP\/1\.1 408/);
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(5000);
  });
});

describe('bodyLimitFor', () => {
  it('lets only the guides’ application page take a document-sized body', async () => {
    const { bodyLimitFor, UPLOAD_BODY_LIMIT_BYTES } = await import('@/lib/server/request-guard');
    expect(bodyLimitFor('/account/apply?lan=fr')).toBe(UPLOAD_BODY_LIMIT_BYTES);
    expect(bodyLimitFor('/account/apply')).toBe(UPLOAD_BODY_LIMIT_BYTES);
    expect(UPLOAD_BODY_LIMIT_BYTES).toBeGreaterThan(5 * 1024 * 1024);
    for (const url of ['/account/guide?lan=fr', '/account/apply/x', '/fr/account/apply', '/', undefined]) expect(bodyLimitFor(url)).toBe(REQUEST_BODY_LIMIT_BYTES);
  });
});
