// What the production server (scripts/serve.ts) refuses before Next.js reads a request: a body
// over the limit (413, counted on Content-Length or, without it, on the bytes as they arrive), a
// Server Action without an Origin header (403: every browser sends one on a POST, a forged request
// need not), a Server Action or form post from another origin (403) or with an Origin that is not a
// URL (400), a Server Action or form post whose body is not what this app's forms send (400,
// lib/server/action-body.ts), and a call to a 'use cache' function by its server-reference id
// (404: Next.js registers cached functions as server references, and its action handler would run
// one for anyone who knows the id). Next.js
// answers the other-origin and malformed ones 500 and logs a stack trace for each: refused here,
// they never reach it (docs/decisions/0272). It runs outside the app's bundles (Node strips its
// types; relative imports carry `.ts`), with node:http's request objects.

import type { IncomingHttpHeaders, IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import { actionBodyCheck } from './action-body.ts';

/** The stream method the guard wraps to see a body's chunks before Next.js reads them. */
type Push = (this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding) => boolean;

/** The largest request body accepted, as Next.js's serverActions.bodySizeLimit (next.config.ts). */
export const REQUEST_BODY_LIMIT_BYTES = 128 * 1024;

/**
 * The guides' application (`/account/apply`) carries a certification's document of up to 5 MB
 * (lib/forms/guide-document.ts): its page alone accepts a body this large, with room for the form.
 */
export const UPLOAD_BODY_LIMIT_BYTES = 5 * 1024 * 1024 + 256 * 1024;

/**
 * My trips (`/account/bookings`) carries a review's photos: at most 24 MB of files in all
 * (lib/forms/review-photo-limits.ts REVIEW_PHOTOS_MAX_BYTES, kept equal by a test), with room for the form.
 */
export const REVIEW_BODY_LIMIT_BYTES = 24 * 1024 * 1024 + 256 * 1024;
const BODY_LIMITS = new Map([
  ['/account/apply', UPLOAD_BODY_LIMIT_BYTES],
  ['/account/bookings', REVIEW_BODY_LIMIT_BYTES],
]);

/** The largest body Next.js reads for any Server Action (next.config.ts): the largest of the pages' limits. */
export const ACTION_BODY_LIMIT_BYTES = Math.max(REQUEST_BODY_LIMIT_BYTES, ...BODY_LIMITS.values());

/** The largest body a request to this URL may send: the upload limit on the pages that take files, else the default. */
export function bodyLimitFor(url: string | undefined): number {
  const pathname = (url ?? '').split('?', 1)[0];
  return BODY_LIMITS.get(pathname ?? '') ?? REQUEST_BODY_LIMIT_BYTES;
}

/** How long a client may take to send a whole request (headers and body) by default. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 20_000;

const methodsWithBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a server-reference id names a 'use cache' function: the id's first byte carries the
 * reference's kind in its high bit (1 = cache function, 0 = Server Action), as Next.js writes it.
 */
export function isCacheFunctionId(id: unknown): boolean {
  if (typeof id !== 'string' || !/^[0-9a-f]{2}/i.test(id)) return false;
  return (Number.parseInt(id.slice(0, 2), 16) & 0x80) !== 0;
}

function refuse(res: ServerResponse, status: number, reason: string, extraHeaders: Record<string, string> = {}, onSent?: () => void): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close', ...extraHeaders });
  res.end(`${reason}\n`, onSent);
}

/**
 * The host Next.js compares a Server Action's Origin with: the first X-Forwarded-Host, else Host
 * (its action handler's rule; another origin makes it throw, answer 500 and log the stack).
 */
export function actionHost(headers: IncomingHttpHeaders): string | null {
  const forwarded = headers['x-forwarded-host'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(',')[0])?.trim();
  return first || headers.host || null;
}

/** 'same', 'other' (another host, or `null`), or 'malformed' (not a URL: Next.js's parse of it throws). */
export function originVerdict(headers: IncomingHttpHeaders): 'same' | 'other' | 'malformed' {
  const origin = headers.origin;
  if (origin === 'null') return 'other';
  let host;
  try {
    host = new URL(String(origin)).host;
  } catch {
    return 'malformed';
  }
  return host !== '' && host === actionHost(headers) ? 'same' : 'other';
}

/**
 * Checks a request before Next.js sees it, and calls `proceed` when it may go on: at once, or, for
 * a Server Action or a form post, once its whole body is here and well formed (held until then,
 * at most the body limit). A request it answers never proceeds. A body without a length is counted
 * as it streams in.
 */
export function guardRequest(req: IncomingMessage, res: ServerResponse, proceed: () => void, { bodyLimitBytes = REQUEST_BODY_LIMIT_BYTES }: { bodyLimitBytes?: number } = {}): void {
  const method = (req.method ?? 'GET').toUpperCase();
  if (!methodsWithBody.has(method)) return proceed();

  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) return refuse(res, 400, 'Bad Content-Length');
    if (length > bodyLimitBytes) return refuse(res, 413, 'Request body too large');
  }

  const action = req.headers['next-action'];
  const contentType = String(req.headers['content-type'] ?? '');
  const multipart = MULTIPART.test(contentType);
  if (action !== undefined) {
    if (!req.headers.origin) return refuse(res, 403, 'Origin required');
    if (isCacheFunctionId(Array.isArray(action) ? action[0] : action)) return refuse(res, 404, 'Not found');
  }
  // Next.js reads a multipart POST as a form's Server Action, whatever its path.
  const runsAsAction = action !== undefined || multipart;
  if (runsAsAction && req.headers.origin) {
    const verdict = originVerdict(req.headers);
    if (verdict === 'malformed') return refuse(res, 400, 'Malformed Origin');
    if (verdict === 'other') return refuse(res, 403, 'Cross-origin request refused');
  }

  // The innermost hook: it sees the body once counted and scanned by the others.
  const check = actionBodyCheck(contentType, action !== undefined);
  if (check) holdUntilWellFormed(req, res, check, proceed);
  if (declared === undefined) countStreamedBody(req, res, bodyLimitBytes);
  // A form posted without JavaScript names its action in the body ($ACTION_ID_<id>, or a bound
  // action's JSON), which Next.js decodes and runs: a cached function's id there is refused too.
  if (action === undefined && FORM_TYPES.test(contentType)) refuseCacheFunctionIdsInBody(req, res);
  if (!check) proceed();
}

const FORM_TYPES = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;
const MULTIPART = /^\s*multipart\/form-data\b/i;

/** The check's verdict; a check that fails on a body it did not foresee refuses it (never a crash in node:http's parser callback). */
function wellFormed(check: (body: Buffer) => boolean, body: Buffer): boolean {
  try {
    return check(body);
  } catch {
    return false;
  }
}

/**
 * Holds a body's chunks as node:http hands them to the request stream, so Next.js reads nothing
 * before the whole body is here: then a well-formed body is handed on and the request proceeds;
 * another answers 400 and its connection closes.
 */
function holdUntilWellFormed(req: IncomingMessage, res: ServerResponse, check: (body: Buffer) => boolean, proceed: () => void): void {
  const chunks: Buffer[] = [];
  const push = req.push as Push;
  req.push = function heldPush(this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding) {
    if (chunk !== null && chunk !== undefined) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : (chunk as Buffer));
      return true;
    }
    req.push = push;
    if (res.headersSent) return push.call(this, chunk);
    if (!wellFormed(check, Buffer.concat(chunks))) {
      refuse(res, 400, 'Malformed request body', {}, () => req.destroy());
      return false;
    }
    for (const held of chunks) push.call(this, held);
    const ended = push.call(this, chunk);
    proceed();
    return ended;
  };
}
/** A server-reference id as it stands in a body: 42 hex digits, alone (not part of a longer run). */
const REFERENCE_ID = /(?<![0-9a-f])[0-9a-f]{42}(?![0-9a-f])/gi;
/** Long enough to hold an id cut between two chunks, with the characters that bound it. */
const CARRY_CHARS = 128;

/**
 * Scans a form body as node:http hands its chunks to the request stream, before Next.js reads them:
 * a chunk holding a cached function's id answers 404 and closes the connection, so the body Next.js
 * would decode never arrives whole.
 */
function refuseCacheFunctionIdsInBody(req: IncomingMessage, res: ServerResponse): void {
  let carry = '';
  const push = req.push as Push;
  req.push = function scannedPush(this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding) {
    if (chunk !== null && chunk !== undefined) {
      const text = carry + (typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('latin1'));
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
function countStreamedBody(req: IncomingMessage, res: ServerResponse, bodyLimitBytes: number): void {
  let received = 0;
  const push = req.push as Push;
  req.push = function countedPush(this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding) {
    if (chunk !== null && chunk !== undefined) {
      received += typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : (chunk as Buffer).length;
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
export function serverTimeoutOptions({ requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS }: { requestTimeoutMs?: number } = {}): Pick<ServerOptions, 'requestTimeout' | 'headersTimeout' | 'keepAliveTimeout' | 'connectionsCheckingInterval'> {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(10_000, requestTimeoutMs),
    keepAliveTimeout: 5_000,
    connectionsCheckingInterval: 1_000,
  };
}

/** The request timeout from the environment (REQUEST_TIMEOUT_MS, validated the same way in lib/env.ts). */
export function requestTimeoutFromEnv(env: Record<string, string | undefined>): number {
  const value = Number(env.REQUEST_TIMEOUT_MS);
  return Number.isInteger(value) && value >= 1000 && value <= 300_000 ? value : DEFAULT_REQUEST_TIMEOUT_MS;
}
