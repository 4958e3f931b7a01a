/** The largest page number a URL may ask for (far beyond any list; keeps offsets small). */
export const MAX_PAGE = 10_000;

/**
 * The page a `?page=` query value asks for: 1 when absent, the number for a whole number from 1
 * to {@link MAX_PAGE} written in plain digits, else null (the page says there is nothing there).
 */
export function pageNumberOf(value: string | string[] | undefined): number | null {
  if (value === undefined) return 1;
  if (Array.isArray(value) || !/^[1-9][0-9]{0,4}$/.test(value)) return null;
  const page = Number(value);
  return page <= MAX_PAGE ? page : null;
}

/** The URL of a page of a paginated list: page 1 is the list's own path, with no `?page`. */
export function pageHref(path: string, page: number): string {
  return page <= 1 ? path : `${path}?page=${page}`;
}

/**
 * The page links of a pagination bar: every page when there are few, else the first, the last and
 * the current page with its neighbours, with `'gap'` where pages are left out.
 */
export function paginationItems(current: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const shown = new Set([1, pageCount, current - 1, current, current + 1].filter((page) => page >= 1 && page <= pageCount));
  // Near either end, show a run of five so the bar keeps its width.
  if (current <= 4) [2, 3, 4, 5].forEach((page) => shown.add(page));
  if (current >= pageCount - 3) [pageCount - 4, pageCount - 3, pageCount - 2, pageCount - 1].forEach((page) => shown.add(page));
  const pages = [...shown].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous > 1) items.push(page - previous === 2 ? page - 1 : 'gap');
    items.push(page);
  });
  return items;
}
