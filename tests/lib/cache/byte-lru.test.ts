import { describe, expect, it } from 'vitest';
import { byteLru, bytesOf, ENTRY_OVERHEAD_BYTES } from '@/lib/cache/byte-lru';

/** What one entry of `valueBytes` with a one-byte key counts. */
const entryBytes = (valueBytes: number) => 1 + valueBytes + ENTRY_OVERHEAD_BYTES;

describe('a cache bounded in bytes (lru-cache with maxSize and sizeCalculation)', () => {
  it('counts each entry as its key, its value and the overhead, and stays within its budget', () => {
    const lru = byteLru<string>(3 * entryBytes(1000), (value) => bytesOf(value));
    lru.set('a', 'x'.repeat(1000));
    expect(lru.calculatedSize).toBe(entryBytes(1000));
    // UTF-8 bytes, not characters: '€' is three.
    lru.set('b', '€'.repeat(100));
    expect(lru.calculatedSize).toBe(entryBytes(1000) + entryBytes(300));
    for (const key of ['c', 'd', 'e', 'f']) {
      lru.set(key, 'x'.repeat(1000));
      expect(lru.calculatedSize).toBeLessThanOrEqual(lru.maxSize);
    }
    expect(lru.size).toBe(3);
  });

  it('sends the least recently used out first, and tells who left but not who was replaced', () => {
    const removed: string[] = [];
    const lru = byteLru<string>(3 * entryBytes(1000), (value) => value.length, { onRemove: (key) => removed.push(key) });
    for (const key of ['a', 'b', 'c']) lru.set(key, 'x'.repeat(1000));
    expect(lru.get('a')).toBeDefined();
    lru.set('d', 'x'.repeat(1000));
    expect([...lru.rkeys()]).toEqual(['c', 'a', 'd']);
    expect(removed).toEqual(['b']);
    // The same key stored again (a page's gzip made later): counted anew, not removed.
    lru.set('d', 'y'.repeat(1500));
    expect(removed).toEqual(['b', 'c']);
    expect(lru.has('d')).toBe(true);
    expect(lru.calculatedSize).toBe(entryBytes(1000) + entryBytes(1500));
    lru.delete('a');
    expect(removed).toEqual(['b', 'c', 'a']);
  });

  it('keeps no entry larger than the whole budget, and drops one that grows past it', () => {
    const removed: string[] = [];
    const lru = byteLru<string>(entryBytes(1000), (value) => value.length, { onRemove: (key) => removed.push(key) });
    lru.set('h', 'x'.repeat(2000));
    expect(lru.has('h')).toBe(false);
    lru.set('a', 'x'.repeat(1000));
    expect(lru.has('a')).toBe(true);
    lru.set('a', 'x'.repeat(1001));
    expect(lru.has('a')).toBe(false);
    expect(removed).toEqual(['a']);
    expect(lru.calculatedSize).toBe(0);
  });

  it('refuses a budget that is not a positive number of bytes', () => {
    expect(() => byteLru<string>(0, (value) => value.length)).toThrow(/positive/);
    expect(() => byteLru<string>(Number.NaN, (value) => value.length)).toThrow(/positive/);
  });
});
