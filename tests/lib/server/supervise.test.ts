import { describe, expect, it } from 'vitest';
import { freePort, sleep } from '@/scripts/harness';
import { supervise } from '@/scripts/supervise';

/** A server process as serve.ts is one: it answers its pid, and exits 143 on SIGTERM. */
const serverSource = `
const http = require('node:http');
const server = http.createServer((req, res) => res.end(String(process.pid)));
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(143)));
`;

async function answeringPid(port: number, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const pid = await fetch(`http://127.0.0.1:${port}/`).then((response) => response.text()).catch(() => null);
    if (pid) return Number(pid);
    await sleep(50);
  }
  throw new Error('the server never answered');
}

describe('the supervision of `npm start`', () => {
  it('starts a killed server again (kill -9), with a growing backoff, and none after a stop', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const supervisor = supervise({
      command: process.execPath,
      args: ['-e', serverSource],
      spawnOptions: { stdio: 'ignore', env: { ...process.env, PORT: String(port) } },
      initialBackoffMs: 100,
      maxBackoffMs: 400,
      log: (line) => lines.push(line),
    });
    try {
      const first = await answeringPid(port);
      process.kill(first, 'SIGKILL');
      await sleep(20);
      const second = await answeringPid(port);
      expect(second).not.toBe(first);
      expect(supervisor.restarts()).toBe(1);
      process.kill(second, 'SIGKILL');
      const third = await answeringPid(port);
      expect(third).not.toBe(second);
      expect(supervisor.restarts()).toBe(2);
      expect(lines[0]).toMatch(/SIGKILL.*in 100 ms/);
      expect(lines[1]).toMatch(/in 200 ms/);
    } finally {
      expect(await supervisor.stop('SIGTERM')).toBe(143);
    }
    await sleep(500);
    expect(supervisor.restarts()).toBe(2);
    expect(await fetch(`http://127.0.0.1:${port}/`).then(() => 'answered').catch(() => 'stopped')).toBe('stopped');
  });
});
