import { request, type IncomingMessage } from 'node:http';

export type RawAnswer = { status: number; headers: IncomingMessage['headers']; body: Buffer };

/**
 * One request through Node's own client, which sends only the headers given (no Accept-Encoding of
 * its own) and never decodes the body: what a server sent, byte for byte.
 */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
