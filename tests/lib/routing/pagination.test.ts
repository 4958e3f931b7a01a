import { describe, expect, it } from 'vitest';
import { MAX_PAGE, pageHref, pageNumberOf, paginationItems } from '@/lib/routing/pagination';

describe('pageNumberOf', () => {
  it.each([
    [undefined, 1],
    ['1', 1],
    ['2', 2],
    ['37', 37],
    [String(MAX_PAGE), MAX_PAGE],
  ])('%s → page %s', (value, page) => {
    expect(pageNumberOf(value)).toBe(page);
  });

  it.each([[''], ['0'], ['-1'], ['01'], ['1.5'], ['2e3'], ['abc'], [' 2'], ['0x10'], [String(MAX_PAGE + 1)], ['99999999999999999999'], [['1', '2']]])(
    '%j is not a page',
    (value) => {
      expect(pageNumberOf(value)).toBeNull();
    },
  );
});

describe('pageHref', () => {
  it('leaves ?page off the first page', () => {
    expect(pageHref('/fr/blog', 1)).toBe('/fr/blog');
    expect(pageHref('/fr/blog', 2)).toBe('/fr/blog?page=2');
  });
});

describe('paginationItems', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 20, [1, 2, 3, 4, 5, 'gap', 20]],
    [4, 20, [1, 2, 3, 4, 5, 'gap', 20]],
    [5, 20, [1, 'gap', 4, 5, 6, 'gap', 20]],
    [10, 20, [1, 'gap', 9, 10, 11, 'gap', 20]],
    [17, 20, [1, 'gap', 16, 17, 18, 19, 20]],
    [20, 20, [1, 'gap', 16, 17, 18, 19, 20]],
    [5, 8, [1, 'gap', 4, 5, 6, 7, 8]],
    [4, 9, [1, 2, 3, 4, 5, 'gap', 9]],
    [3, 9, [1, 2, 3, 4, 5, 'gap', 9]],
  ])('page %i of %i → %j', (current, count, items) => {
    expect(paginationItems(current, count)).toEqual(items);
  });

  it('lists every page once, in order, with the current one', () => {
    for (let count = 1; count <= 30; count += 1) {
      for (let current = 1; current <= count; current += 1) {
        const pages = paginationItems(current, count).filter((item): item is number => item !== 'gap');
        expect(pages).toContain(current);
        expect(pages).toContain(1);
        expect(pages).toContain(count);
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
      }
    }
  });
});
