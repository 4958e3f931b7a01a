import { describe, expect, it } from 'vitest';
import { isSearchBusy } from '@/lib/db/search-busy';

const pgError = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isSearchBusy', () => {
  it('reads a statement timeout, directly or as a wrapped cause', () => {
    const timeout = pgError('canceling statement due to statement timeout', '57014');
    expect(isSearchBusy(timeout)).toBe(true);
    expect(isSearchBusy(new Error('Failed query: SELECT …', { cause: timeout }))).toBe(true);
  });

  it("reads the pool's wait for a connection running out", () => {
    expect(isSearchBusy(new Error('Failed query', { cause: new Error('timeout exceeded when trying to connect') }))).toBe(true);
    // A new connection not opened within the wait: drizzle's error, pg's, and the socket's end under it.
    const opening = new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') });
    expect(isSearchBusy(new Error('Failed query: SELECT …', { cause: opening }))).toBe(true);
  });

  it('leaves other failures as faults', () => {
    expect(isSearchBusy(pgError('syntax error at or near "SELEC"', '42601'))).toBe(false);
    expect(isSearchBusy(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe(false);
    expect(isSearchBusy(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isSearchBusy('57014')).toBe(false);
    expect(isSearchBusy(undefined)).toBe(false);
  });
});
