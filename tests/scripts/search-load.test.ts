import { describe, expect, it } from 'vitest';
import { parseSearchState, searchStateToParams } from '@/lib/search/search-state';
// @ts-expect-error: a plain ES module of scripts/, without types
import { coldSearchPath, quantile } from '../../scripts/search-load.mjs';

describe('the search load of npm run bench', () => {
  it('asks every cold request a search whose canonical form no other request had', () => {
    const canonical = (n: number) => searchStateToParams(parseSearchState(new URL(coldSearchPath(n), 'http://x').searchParams)).toString();
    const keys = new Set(Array.from({ length: 500 }, (_, n) => canonical(1000 + n)));
    expect(keys.size).toBe(500);
  });

  it('reads percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect([quantile(values, 0.5), quantile(values, 0.95), quantile(values, 0.99), quantile([], 0.5)]).toEqual([50, 95, 99, null]);
  });
});
