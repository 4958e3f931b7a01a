import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requireRedis, serviceReachable } from './require-service';

describe('a suite that needs Redis', () => {
  let server: Server;
  let openUrl = '';
  let closedUrl = '';
  beforeAll(async () => {
    // A port that was just free: nothing listens there once its server is closed.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedUrl = `redis://127.0.0.1:${(closed.address() as { port: number }).port}`;
    await new Promise((resolve) => closed.close(resolve));
    server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    openUrl = `redis://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('tells a listening port from a closed one', async () => {
    expect(await serviceReachable(openUrl, 6379)).toBe(true);
    expect(await serviceReachable(closedUrl, 6379)).toBe(false);
  });

  it('runs against the Redis it reaches', async () => {
    expect(await requireRedis({ TEST_REDIS_URL: openUrl })).toBe(openUrl);
  });

  it('fails with what to do when none answers, in CI or not', async () => {
    await expect(requireRedis({ TEST_REDIS_URL: closedUrl })).rejects.toThrow(/needs Redis and none answers at redis:\/\/127\.0\.0\.1:\d+\. Start one/);
    await expect(requireRedis({ TEST_REDIS_URL: closedUrl, CI: 'true' })).rejects.toThrow(/needs Redis/);
  });

  it('skips only when asked outside CI, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await requireRedis({ TEST_REDIS_URL: 'skip' })).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SKIPPED'));
    warn.mockRestore();
    await expect(requireRedis({ TEST_REDIS_URL: 'skip', CI: 'true' })).rejects.toThrow(/refused in CI/);
  });
});
