import { describe, expect, it } from 'vitest';
import { parseSearchState, searchStateToParams } from '@/lib/search/search-state';
// @ts-expect-error: a plain ES module of scripts/, without types
import { coldSearchPath, filterChangePath, newSearchDataPath, quantile } from '../../scripts/search-load.mjs';

describe('the search load of npm run bench', () => {
  it('asks every cold request a search whose canonical form no other request had', () => {
    const canonical = (n: number) => searchStateToParams(parseSearchState(new URL(coldSearchPath(n), 'http://x').searchParams)).toString();
    const keys = new Set(Array.from({ length: 500 }, (_, n) => canonical(1000 + n)));
    expect(keys.size).toBe(500);
  });

  it('asks every new search and filter change as data a search no other request had, in a locale and currency', () => {
    for (const path of [newSearchDataPath, filterChangePath]) {
      const urls = Array.from({ length: 500 }, (_, n) => new URL(path(1000 + n), 'http://x'));
      expect(urls.every((url) => url.pathname === '/api/search' && url.searchParams.get('locale') === 'en' && url.searchParams.get('currency') === 'EUR-fallback')).toBe(true);
      expect(new Set(urls.map((url) => searchStateToParams(parseSearchState(url.searchParams)).toString())).size).toBe(500);
    }
    // A filter change sets a filter the cold search did not.
    expect(new URL(filterChangePath(8), 'http://x').searchParams.get('level')).toBe('sustained');
  });

  it('reads percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect([quantile(values, 0.5), quantile(values, 0.95), quantile(values, 0.99), quantile([], 0.5)]).toEqual([50, 95, 99, null]);
  });
});
