// One hook on a Node response's head, shared by what scripts/serve.ts decides about every answer
// (its cacheability, the internal headers it hides). It runs outside the app's bundles (Node strips its types).

import type { ServerResponse } from 'node:http';

/**
 * Runs `apply` once, just before a response's head is written (explicitly by writeHead, or
 * implicitly by the first write), with the status and the headers given to writeHead already set on
 * the response, so `apply` sees, and has the last word on, everything the head will carry.
 */
export function beforeHead(res: ServerResponse, apply: () => void): void {
  const writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  let applied = false;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (applied) return writeHead.call(this, status, ...rest);
    applied = true;
    const message = typeof rest[0] === 'string' ? [rest.shift()] : [];
    const given = rest[0];
    if (Array.isArray(given)) {
      // A flat [name, value, …] list: each pair added as given.
      for (let index = 0; index + 1 < given.length; index += 2) res.appendHeader(String(given[index]), given[index + 1] as string | string[]);
      rest.shift();
    } else if (given && typeof given === 'object') {
      for (const [name, value] of Object.entries(given)) if (value !== undefined) res.setHeader(name, value as string | number | readonly string[]);
      rest.shift();
    }
    if (typeof status === 'number') res.statusCode = status;
    apply();
    return writeHead.call(this, status, ...message, ...rest);
  } as ServerResponse['writeHead'];
}
