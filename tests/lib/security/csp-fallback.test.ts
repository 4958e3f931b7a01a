import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureContentSecurityPolicy, FALLBACK_CONTENT_SECURITY_POLICY } from '@/lib/security/csp-fallback';

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The raw head of one answer from a server whose handler answers as given. */
async function headOf(answer: (res: import('node:http').ServerResponse) => void): Promise<string[]> {
  server = createServer((_req, res) => {
    ensureContentSecurityPolicy(res);
    answer(res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/' }, (res) => {
      res.resume();
      resolve(res.rawHeaders);
    })
      .on('error', reject)
      .end();
  });
}

const policies = (raw: string[]) => raw.filter((_, index) => index % 2 === 1 && raw[index - 1]!.toLowerCase() === 'content-security-policy');

describe('ensureContentSecurityPolicy', () => {
  it('gives an answer without a policy the strict fallback (no inline script)', async () => {
    const raw = await headOf((res) => {
      res.statusCode = 500;
      res.end('<html><script>boom()</script></html>');
    });
    expect(policies(raw)).toEqual([FALLBACK_CONTENT_SECURITY_POLICY]);
    expect(FALLBACK_CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
  });

  it("keeps an answer's own policy, whether set before or given to writeHead", async () => {
    expect(policies(await headOf((res) => (res.setHeader('Content-Security-Policy', "default-src 'none'"), res.end('x'))))).toEqual(["default-src 'none'"]);
    expect(policies(await headOf((res) => (res.appendHeader('content-security-policy', "script-src 'self' 'sha256-a'"), res.write('x'), res.end())))).toEqual(["script-src 'self' 'sha256-a'"]);
    expect(policies(await headOf((res) => res.writeHead(302, { Location: '/', 'Content-Security-Policy': "default-src 'none'" }).end()))).toEqual(["default-src 'none'"]);
    expect(policies(await headOf((res) => res.writeHead(200, ['content-security-policy', "default-src 'none'"]).end()))).toEqual(["default-src 'none'"]);
  });
});
