import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES } from '@/lib/cache/byte-lru';
import { SeenKeys } from '@/lib/server/seen-keys';

describe('seen keys (a search stored whole from its second request on)', () => {
  it('tells a first sight from a second, per key', () => {
    const seen = new SeenKeys(64 * 1024);
    expect(seen.sight('/en/cached/EUR-cookie/search/qA')).toBe(false);
    expect(seen.sight('/en/cached/EUR-cookie/search/qA')).toBe(true);
    expect(seen.sight('/en/cached/EUR-cookie/search/qA')).toBe(true);
    // Another currency or locale is another page.
    expect(seen.sight('/en/cached/USD-fallback/search/qA')).toBe(false);
    expect(seen.sight('/fr/cached/EUR-cookie/search/qA')).toBe(false);
    expect(seen.size).toBe(3);
  });

  it('stays within its byte budget under a flood of one-off keys, the least recently seen out first', () => {
    const keyOf = (n: number) => `/en/cached/EUR-cookie/search/q${String(n).padStart(8, '0')}`;
    const perKey = Buffer.byteLength(keyOf(0)) + ENTRY_OVERHEAD_BYTES;
    const seen = new SeenKeys(perKey * 100);
    expect(seen.sight(keyOf(0))).toBe(false);
    for (let n = 1; n < 10_000; n += 1) {
      seen.sight(keyOf(n));
      // A key seen again keeps its place while others come and go.
      if (n % 50 === 0) expect(seen.sight(keyOf(0))).toBe(true);
      expect(seen.bytes).toBeLessThanOrEqual(perKey * 100);
    }
    expect(seen.size).toBe(100);
    // Pushed out long ago: new again.
    expect(seen.sight(keyOf(1))).toBe(false);
    expect(seen.sight(keyOf(9_999))).toBe(true);
  });
});
