import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRenderGate, OVERLOADED_HEADER, renderGateLimitsFromEnv, type RenderGate, type RenderGateLimits } from '@/lib/server/render-gate';

// A server built as scripts/serve.ts builds it: its handler holds each answer until the test releases it.
let server: Server | undefined;

async function gatedServer(limits: RenderGateLimits) {
  const gate: RenderGate = createRenderGate(limits);
  const held: Array<() => void> = [];
  const seen: string[] = [];
  server = createServer((req, res) => {
    gate.admit(req, res, () => {
      seen.push(`${req.url} ${req.headers[OVERLOADED_HEADER] ?? '-'}`);
      const reply = () => res.end(String(req.headers[OVERLOADED_HEADER] ?? 'in'));
      if (req.headers[OVERLOADED_HEADER] === '1' || req.url?.startsWith('/api/')) reply();
      else held.push(reply);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(condition()).toBe(true);
  };
  return { gate, held, seen, get, until };
}

afterEach(async () => {
  if (server === undefined) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

describe('the render gate', () => {
  it('lets the pool’s number of requests in, makes the next wait in order, and marks the one past the line', async () => {
    const { gate, held, seen, get, until } = await gatedServer({ concurrency: 2, queueMax: 2, waitMs: 10_000 });
    const answers = ['/a', '/b', '/c', '/d'].map((path) => get(path));
    await until(() => gate.load().running === 2 && gate.load().waiting === 2);
    expect(await get('/e')).toBe('1');
    held.shift()!();
    await until(() => seen.includes('/c -'));
    held.shift()!();
    await until(() => seen.includes('/d -'));
    expect(gate.load()).toEqual({ running: 2, waiting: 0 });
    for (const reply of held.splice(0)) reply();
    expect(await Promise.all(answers)).toEqual(['in', 'in', 'in', 'in']);
    await until(() => gate.load().running === 0);
    expect(seen.slice(0, 2)).toEqual(['/a -', '/b -']);
  });

  it('marks a request overloaded once it has waited its longest, and frees its place', async () => {
    const { gate, held, get, until } = await gatedServer({ concurrency: 1, queueMax: 4, waitMs: 150 });
    const first = get('/a');
    await until(() => gate.load().running === 1);
    expect(await get('/b')).toBe('1');
    expect(gate.load()).toEqual({ running: 1, waiting: 0 });
    held.shift()!();
    expect(await first).toBe('in');
  });

  it('drops a client’s own mark, and lets the health probes and static files past the line', async () => {
    const { gate, held, get, until } = await gatedServer({ concurrency: 1, queueMax: 0, waitMs: 10_000 });
    const first = get('/a', { [OVERLOADED_HEADER]: '1' });
    await until(() => gate.load().running === 1);
    expect(await get('/api/ready')).toBe('in');
    expect(await get('/api/health')).toBe('in');
    held.shift()!();
    expect(await first).toBe('in');
  });

  it('gives a place back when its client leaves while waiting', async () => {
    const { gate, held, get, until } = await gatedServer({ concurrency: 1, queueMax: 1, waitMs: 10_000 });
    const first = get('/a');
    await until(() => gate.load().running === 1);
    const leaving = request({ host: '127.0.0.1', port: (server!.address() as AddressInfo).port, path: '/b', agent: false });
    leaving.on('error', () => undefined);
    leaving.end();
    await until(() => gate.load().waiting === 1);
    leaving.destroy();
    await until(() => gate.load().waiting === 0);
    held.shift()!();
    expect(await first).toBe('in');
  });

  it('reads its limits from the pool’s settings', () => {
    expect(renderGateLimitsFromEnv({})).toEqual({ concurrency: 10, queueMax: 256, waitMs: 10_000 });
    expect(renderGateLimitsFromEnv({ DATABASE_POOL_MAX: '4', RENDER_QUEUE_MAX: '0', DATABASE_POOL_WAIT_MS: '500' })).toEqual({ concurrency: 4, queueMax: 0, waitMs: 500 });
    expect(renderGateLimitsFromEnv({ DATABASE_POOL_MAX: 'x', RENDER_QUEUE_MAX: '-1' })).toEqual({ concurrency: 10, queueMax: 256, waitMs: 10_000 });
  });
});
