// What the load and abuse tests (and the supervision test) share: ports, waits, a process's
// memory, the ✔/✖ reporter, the environment of the production server they start and how a
// hydrated form calls a Server Action.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
// @ts-expect-error plain ESM helper shared with the test scripts
import { root } from './build-if-needed.mjs';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port free on loopback right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resident memory of one process, in bytes (Linux /proc); 0 once it ended. */
export function rss(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * A reporter: `check` prints ✔ or ✖ and records each failed message in `failures`; `conclude`
 * exits 1 when any check failed, else prints `passed`.
 */
export function createChecks() {
  const failures: string[] = [];
  const check = (ok: boolean, message: string) => {
    console.log(`${ok ? '✔' : '✖'} ${message}`);
    if (!ok) failures.push(message);
  };
  const conclude = (passed: string) => {
    if (failures.length > 0) {
      console.error(`\n✖ ${failures.length} check(s) failed`);
      process.exit(1);
    }
    console.log(`\n✔ ${passed}`);
  };
  return { check, failures, conclude };
}

/** Waits until the app's /api/ready answers 200, for at most 60 s (then goes on: the checks fail). */
export async function waitUntilReady(base: string): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    if ((await fetch(`${base}/api/ready`).then((response) => response.status).catch(() => 0)) === 200) break;
    await sleep(500);
  }
}

/** The environment of the production server (scripts/serve.ts) on `port`, on `databaseUrl`. */
export function productionEnv(port: number, databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: databaseUrl,
    SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
  };
}

/** Runs a script's main; an error prints and exits 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** The id of a Server Action in this build, by its exported name. */
export function actionId(exportedName: string): string {
  const manifest = JSON.parse(readFileSync(path.join(root, '.next/server/server-reference-manifest.json'), 'utf8')) as { node: Record<string, { exportedName?: string }> };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === exportedName);
  if (!found) throw new Error(`Server Action ${exportedName} is not in this build`);
  return found[0];
}

/**
 * A form action's call as React encodes it from `useActionState` (encodeReply): the form's fields as
 * `_1_{name}`, then part `0` with the arguments, the form's first state and a reference (`$K1`) to those fields.
 */
export function actionReply(fields: Record<string, string>, boundary: string): string {
  // The fields first and the arguments last, in the order React writes them (the server reads the FormData's fields in order).
  const parts: [string, string][] = [...Object.entries(fields).map(([name, value]): [string, string] => [`_1_${name}`, value]), ['0', JSON.stringify([{ status: 'idle', formError: null, fieldErrors: {}, values: {}, result: null }, '$K1'])]];
  return parts.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + `--${boundary}--\r\n`;
}

/**
 * Calls a form's Server Action as a hydrated form does, from `localAddress` (another loopback address
 * is another client for the app: 127.0.0.2, 127.0.0.3…). Resolves with the status and the body.
 */
export function postAction(base: string, pagePath: string, action: string, fields: Record<string, string>, localAddress: string): Promise<{ status: number; body: string }> {
  const boundary = `----cordee-${randomUUID()}`;
  const body = actionReply(fields, boundary);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL(pagePath, base),
      {
        method: 'POST',
        localAddress,
        headers: { origin: base, 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'text/x-component', 'next-action': action, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
