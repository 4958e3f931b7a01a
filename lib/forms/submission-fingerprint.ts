import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

/**
 * Binds an idempotency key to what was sent: validatedAction computes the fingerprint of the
 * validated payload (and of the session, when signed in) and runs the handler in its scope; the
 * store functions keep it with the key, and a second submission under the same key with another
 * fingerprint is a conflict (IdempotencyConflict), never a silent 'ok' with the first row's id.
 */

/** Fields that are the form's machinery, not what the person sent. */
const NOT_CONTENT = new Set(['idempotencyKey', 'website', 'fillMs']);

/** Sorted keys at every level, so the same content always serializes the same way. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** SHA-256 of the validated payload (its form machinery left out) and of the session token, when any. */
export function submissionFingerprint(payload: object, sessionToken: string | null): string {
  const content = Object.fromEntries(Object.entries(payload).filter(([key]) => !NOT_CONTENT.has(key)));
  return createHash('sha256')
    .update(JSON.stringify({ content: canonical(content), session: sessionToken ? createHash('sha256').update(sessionToken).digest('hex') : null }))
    .digest('base64url');
}

/** The same idempotency key came back with other content (or from another session). */
export class IdempotencyConflict extends Error {
  constructor() {
    super('idempotency key reused with a different payload');
    this.name = 'IdempotencyConflict';
  }
}

const scope = new AsyncLocalStorage<string>();

/** Runs `work` with this submission's fingerprint available to the store functions. */
export function withSubmissionFingerprint<T>(fingerprint: string, work: () => Promise<T>): Promise<T> {
  return scope.run(fingerprint, work);
}

/** The fingerprint of the submission being handled; null outside validatedAction (seed, scripts). */
export function currentSubmissionFingerprint(): string | null {
  return scope.getStore() ?? null;
}

/**
 * After an insert by idempotency key found a row already there: the stored fingerprint must be this
 * submission's. A row stored without one (before fingerprints, or outside a form) is trusted as is.
 */
export function assertSameSubmission(stored: string | null | undefined): void {
  const current = currentSubmissionFingerprint();
  if (stored && current && stored !== current) throw new IdempotencyConflict();
}
