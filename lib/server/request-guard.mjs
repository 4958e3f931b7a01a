// What the production server (scripts/serve.mjs) refuses before Next.js reads a request: a body
// over the limit (413, counted on Content-Length or, without it, on the bytes as they arrive), a
// Server Action without an Origin header (403: every browser sends one on a POST, a forged request
// need not), and a call to a 'use cache' function by its server-reference id (404: Next.js registers
// cached functions as server references, and its action handler would run one for anyone who
// knows the id). Plain ESM: it runs outside the app's bundles, with node:http's request objects.

/** The largest request body accepted, as Next.js's serverActions.bodySizeLimit (next.config.ts). */
export const REQUEST_BODY_LIMIT_BYTES = 128 * 1024;

/** How long a client may take to send a whole request (headers and body) by default. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 20_000;

const methodsWithBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a server-reference id names a 'use cache' function: the id's first byte carries the
 * reference's kind in its high bit (1 = cache function, 0 = Server Action), as Next.js writes it.
 */
export function isCacheFunctionId(id) {
  if (typeof id !== 'string' || !/^[0-9a-f]{2}/i.test(id)) return false;
  return (Number.parseInt(id.slice(0, 2), 16) & 0x80) !== 0;
}

function refuse(res, status, reason, extraHeaders = {}, onSent = undefined) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close', ...extraHeaders });
  res.end(`${reason}\n`, onSent);
}

/**
 * Checks a request before Next.js sees it. Returns true when it answered (the caller stops there);
 * otherwise the request goes on, with its body counted as it streams in when it has no length.
 */
export function guardRequest(req, res, { bodyLimitBytes = REQUEST_BODY_LIMIT_BYTES } = {}) {
  const method = (req.method ?? 'GET').toUpperCase();
  if (!methodsWithBody.has(method)) return false;

  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) {
      refuse(res, 400, 'Bad Content-Length');
      return true;
    }
    if (length > bodyLimitBytes) {
      refuse(res, 413, 'Request body too large');
      return true;
    }
  }

  const action = req.headers['next-action'];
  if (action !== undefined) {
    if (!req.headers.origin) {
      refuse(res, 403, 'Origin required');
      return true;
    }
    if (isCacheFunctionId(Array.isArray(action) ? action[0] : action)) {
      refuse(res, 404, 'Not found');
      return true;
    }
  }

  if (declared === undefined) countStreamedBody(req, res, bodyLimitBytes);
  // A form posted without JavaScript names its action in the body ($ACTION_ID_<id>, or a bound
  // action's JSON), which Next.js decodes and runs: a cached function's id there is refused too.
  if (action === undefined && FORM_TYPES.test(String(req.headers['content-type'] ?? ''))) refuseCacheFunctionIdsInBody(req, res);
  return false;
}

const FORM_TYPES = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;
/** A server-reference id as it stands in a body: 42 hex digits, alone (not part of a longer run). */
const REFERENCE_ID = /(?<![0-9a-f])[0-9a-f]{42}(?![0-9a-f])/gi;
/** Long enough to hold an id cut between two chunks, with the characters that bound it. */
const CARRY_CHARS = 128;

/**
 * Scans a form body as node:http hands its chunks to the request stream, before Next.js reads them:
 * a chunk holding a cached function's id answers 404 and closes the connection, so the body Next.js
 * would decode never arrives whole.
 */
function refuseCacheFunctionIdsInBody(req, res) {
  let carry = '';
  const push = req.push;
  req.push = function scannedPush(chunk, encoding) {
    if (chunk !== null && chunk !== undefined) {
      const text = carry + (typeof chunk === 'string' ? chunk : chunk.toString('latin1'));
      const found = [...text.matchAll(REFERENCE_ID)].some((match) => isCacheFunctionId(match[0]));
      if (found) {
        // This chunk and the rest of the body never reach Next.js; the connection closes once the
        // 404 is sent (destroying it at once could cut the answer off before the client reads it).
        req.push = () => true;
        if (res.headersSent) req.destroy();
        else refuse(res, 404, 'Not found', {}, () => req.destroy());
        return true;
      }
      carry = text.slice(-CARRY_CHARS);
    }
    return push.call(this, chunk, encoding);
  };
}

/**
 * A body without Content-Length (chunked) is counted as node:http hands its chunks to the request
 * stream; past the limit the request answers 413 (when nothing was answered yet) and its
 * connection is closed, so Next.js never buffers more than the limit.
 */
function countStreamedBody(req, res, bodyLimitBytes) {
  let received = 0;
  const push = req.push;
  req.push = function countedPush(chunk, encoding) {
    if (chunk !== null && chunk !== undefined) {
      received += typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.length;
      if (received > bodyLimitBytes) {
        req.push = push;
        if (!res.headersSent) refuse(res, 413, 'Request body too large');
        req.destroy();
        return false;
      }
    }
    return push.call(this, chunk, encoding);
  };
}

/**
 * node:http server options bounding how long a client may hold a connection while sending: the
 * whole request within `requestTimeoutMs` (Node's default is 300 s, which lets a slow body pin a
 * connection), the headers within 10 s at most, checked every second (Node's default, 30 s,
 * would let both overrun).
 */
export function serverTimeoutOptions({ requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS } = {}) {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(10_000, requestTimeoutMs),
    keepAliveTimeout: 5_000,
    connectionsCheckingInterval: 1_000,
  };
}

/** The request timeout from the environment (REQUEST_TIMEOUT_MS, validated the same way in lib/env.ts). */
export function requestTimeoutFromEnv(env) {
  const value = Number(env.REQUEST_TIMEOUT_MS);
  return Number.isInteger(value) && value >= 1000 && value <= 300_000 ? value : DEFAULT_REQUEST_TIMEOUT_MS;
}
