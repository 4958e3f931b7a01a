/** PostgreSQL's query_canceled: a statement stopped by statement_timeout. */
const QUERY_CANCELED = '57014';
/**
 * node-postgres: no connection was free within the pool's connectionTimeoutMillis, or a new one
 * could not be opened within it (the client ends its half-open socket with this message).
 */
const POOL_WAIT = /timeout exceeded when trying to connect|connection terminated due to connection timeout/i;
const MAX_DEPTH = 5;

/**
 * Whether an error (or one of its causes: drizzle wraps the driver's) is the search's bound being
 * reached, a statement past its timeout or no connection within the wait, rather than a fault.
 */
export function isSearchBusy(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_DEPTH) return false;
  if ((error as { code?: unknown }).code === QUERY_CANCELED || POOL_WAIT.test(error.message)) return true;
  return isSearchBusy(error.cause, depth + 1);
}
