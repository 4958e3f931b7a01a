import { Socket } from 'node:net';

/** Whether something accepts TCP connections at the URL's host and port (within `timeoutMs`). */
export function serviceReachable(url: string, defaultPort: number, timeoutMs = 1000): Promise<boolean> {
  const parsed = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => (socket.destroy(), resolve(false)));
    socket.connect(Number(parsed.port || defaultPort), parsed.hostname);
  });
}

/**
 * The Redis URL a suite runs against: TEST_REDIS_URL, else the machine's Redis on 127.0.0.1:6379.
 * A Redis it cannot reach fails the suite with a message saying what to do, never a silent skip.
 * Only `TEST_REDIS_URL=skip` outside CI skips it, and says so.
 */
export async function requireRedis(env: Readonly<Record<string, string | undefined>> = process.env): Promise<string | null> {
  const setting = env.TEST_REDIS_URL?.trim();
  if (setting === 'skip') {
    if (env.CI === 'true') throw new Error('TEST_REDIS_URL=skip is refused in CI: the Redis suites must run there.');
    console.warn('⚠ Redis suites SKIPPED (TEST_REDIS_URL=skip).');
    return null;
  }
  const url = setting || 'redis://127.0.0.1:6379';
  if (await serviceReachable(url, 6379)) return url;
  throw new Error(
    `This suite needs Redis and none answers at ${url}. Start one (\`redis-server --port 6379 --daemonize yes\`), ` +
      'point TEST_REDIS_URL at one, or set TEST_REDIS_URL=skip to skip these suites outside CI.',
  );
}
