import { describe, expect, it } from 'vitest';
import { ALL_TRIPS_SEARCH_SEGMENT, cachedPagePath, currencySegment, isCachedSearchPath, listPageSegment, MAX_CACHED_SEARCH_BYTES, parseCurrencySegment, parseSearchSegment, searchSegment, travellersSegment } from '@/lib/routing/cached-pages';
import type { VisitorCurrency } from '@/lib/money/visitor-currency';

const euros: VisitorCurrency = { code: 'EUR', source: 'cookie' };
const query = (search = '') => new URLSearchParams(search);

describe('cachedPagePath (pages cached whole per locale and currency)', () => {
  it.each([
    ['/', '', '/en/cached/EUR-cookie'],
    ['/fr', '', '/fr/cached/EUR-cookie'],
    ['/trip/mont-blanc', '', '/en/cached/EUR-cookie/trip/mont-blanc/default'],
    ['/trip/mont-blanc', 'travellers=4', '/en/cached/EUR-cookie/trip/mont-blanc/4'],
    ['/fr/trip/mont-blanc', 'travellers=abc&utm_source=x', '/fr/cached/EUR-cookie/trip/mont-blanc/default'],
    ['/trip/mont-blanc', 'travellers=5000', '/en/cached/EUR-cookie/trip/mont-blanc/99'],
    ['/mountain-guide/anna', 'travellers=3', '/en/cached/EUR-cookie/mountain-guide/anna/3'],
    ['/es/guide/anna', '', '/es/cached/EUR-cookie/guide/anna/default'],
    ['/blog', '', '/en/cached/EUR-cookie/blog-index/1'],
    ['/blog', 'page=3', '/en/cached/EUR-cookie/blog-index/3'],
    ['/blog', 'page=0', '/en/cached/EUR-cookie/blog-index/none'],
    ['/fr/blog/un-article', '', '/fr/cached/EUR-cookie/blog/un-article'],
    ['/about', 'utm_source=x', '/en/cached/EUR-cookie/p/about'],
    ['/ski-touring-norway', '', '/en/cached/EUR-cookie/p/ski-touring-norway'],
    ['/ski-touring-norway', '_rsc=1x2y', '/en/cached/EUR-cookie/p/ski-touring-norway'],
  ])('%s?%s → %s', (pathname, search, expected) => {
    expect(cachedPagePath(pathname, query(search), euros)).toBe(expected);
  });

  it.each([
    ['/search', `query=${'é'.repeat(100)}&activity=trekking&activity=climbing&level=easy&level=intermediate&level=hard&language=en&language=fr&language=es&priceMin=100&priceMax=9000`],
    ['/open-groups', ''],
    ['/gift-cards', ''],
    ['/fr/conciergerie', ''],
    ['/account/bookings', ''],
    ['/ski-touring-norway', 'level=easy'],
    ['/trip/a/b', ''],
  ])('%s?%s is rendered on request', (pathname, search) => {
    expect(cachedPagePath(pathname, query(search), euros)).toBeNull();
  });

  it('leaves test hooks to their own route', () => {
    expect(cachedPagePath('/crash-test', query(), euros, ['/crash-test'])).toBeNull();
  });
});

describe('path segments', () => {
  it('round-trips the visitor currency and refuses anything else', () => {
    for (const currency of [euros, { code: 'USD', source: 'fallback' }, { code: 'CHF', source: 'country' }] as VisitorCurrency[]) {
      expect(parseCurrencySegment(currencySegment(currency))).toEqual(currency);
    }
    for (const bad of ['EUR', 'eur-cookie', 'EUR-elsewhere', 'EUR-cookie-x', '', 'EURO-cookie']) expect(parseCurrencySegment(bad)).toBeNull();
  });

  it('keeps traveller counts and list pages to a bounded set of values', () => {
    expect(travellersSegment(null)).toBe('default');
    expect(travellersSegment('1')).toBe('1');
    expect(travellersSegment('0')).toBe('default');
    expect(travellersSegment('2.5')).toBe('default');
    expect(travellersSegment('-3')).toBe('default');
    // Only the counts the page prices: a trip's largest group, a guide page's selector (1 to 12).
    expect(travellersSegment('8', 8)).toBe('8');
    expect(travellersSegment('9', 8)).toBe('8');
    expect(travellersSegment('99', 8)).toBe('8');
    expect(travellersSegment('13', 12, 'default')).toBe('default');
    expect(travellersSegment('03', 8)).toBe('3');
    expect(travellersSegment('1e3', 8)).toBe('default');
    expect(new Set(Array.from({ length: 200 }, (_, n) => travellersSegment(String(n - 50), 6))).size).toBe(7);
    const eur = { code: 'EUR', source: 'cookie' } as const;
    expect(cachedPagePath('/trip/mont-blanc', new URLSearchParams('travellers=50'), eur, [], { maxTravellers: 6 })).toBe('/en/cached/EUR-cookie/trip/mont-blanc/6');
    expect(cachedPagePath('/fr/guide/anna', new URLSearchParams('travellers=40'), eur)).toBe('/fr/cached/EUR-cookie/guide/anna/default');
    expect(listPageSegment([])).toBe('1');
    expect(listPageSegment(['2', '3'])).toBe('none');
    expect(listPageSegment(['99999'])).toBe('none');
  });
});

describe('search segments (search results cached whole per canonical search)', () => {
  const segmentOf = (search: string) => searchSegment(query(search));

  it('gives every spelling of one search the same segment, and different searches different ones', () => {
    const trekking = segmentOf('query=trekking');
    expect(trekking).not.toBeNull();
    // Unknown parameters, surrounding blanks, the `q` alias, repeated and reordered values: the same search.
    for (const spelling of ['query=trekking&utm_source=x', 'query=+trekking+', 'q=trekking', 'query=trekking&_rsc=1x2y', 'query=trekking&travellers=2', 'query=trekking&page=1']) {
      expect(segmentOf(spelling), spelling).toBe(trekking);
    }
    expect(segmentOf('activity=trekking&level=easy')).toBe(segmentOf('level=easy&activity=trekking&activity=nope'));
    expect(segmentOf('query=trekking&page=2')).not.toBe(trekking);
    expect(segmentOf('query=nepal')).not.toBe(trekking);
    expect(segmentOf('query=trekking&travellers=3')).not.toBe(trekking);
  });

  it('maps the search with no criteria, and every unknown parameter, to one segment', () => {
    expect(segmentOf('')).toBe(ALL_TRIPS_SEARCH_SEGMENT);
    expect(segmentOf('utm_source=x&foo=bar')).toBe(ALL_TRIPS_SEARCH_SEGMENT);
    expect(segmentOf('travellers=abc&page=0')).toBe(ALL_TRIPS_SEARCH_SEGMENT);
  });

  it('is a path segment that reads back to the canonical query, and nothing else reads as one', () => {
    const segment = segmentOf('query=ski de randonnée en Norvège&activity=ski-touring')!;
    expect(segment).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseSearchSegment(segment)).toBe('query=ski+de+randonn%C3%A9e+en+Norv%C3%A8ge&activity=ski-touring');
    expect(parseSearchSegment(ALL_TRIPS_SEARCH_SEGMENT)).toBe('');
    // A segment of a non-canonical query (extra parameter), malformed base64url or no prefix: no page.
    const extra = `q${Buffer.from('query=trekking&utm_source=x').toString('base64url')}`;
    for (const bad of [extra, 'q!!', 'xyz', '', 'q']) expect(parseSearchSegment(bad), bad).toBeNull();
  });

  it('keeps no search longer than its byte bound', () => {
    const longest = 'é'.repeat(100);
    // 100 two-byte characters, percent-encoded: 600 bytes, over the bound.
    expect(segmentOf(`query=${longest}`)).toBeNull();
    // The longest query text in plain letters (MAX_QUERY_LENGTH) fits, with a few filters.
    const plain = `query=${'a'.repeat(100)}&activity=trekking&level=easy`;
    expect(new TextEncoder().encode(plain).length).toBeLessThanOrEqual(MAX_CACHED_SEARCH_BYTES);
    expect(segmentOf(plain)).not.toBeNull();
  });

  it('rewrites a search to its cached path, with the visitor currency', () => {
    expect(cachedPagePath('/fr/search', query('query=trekking&utm_source=x'), euros)).toBe(`/fr/cached/EUR-cookie/search/${segmentOf('query=trekking')}`);
    expect(cachedPagePath('/search', query(''), euros)).toBe('/en/cached/EUR-cookie/search/all');
  });

  it("tells a search's internal path from other pages", () => {
    expect(isCachedSearchPath(cachedPagePath('/fr/search', query('query=trekking'), euros)!)).toBe(true);
    expect(isCachedSearchPath(cachedPagePath('/search', query(''), euros)!)).toBe(true);
    for (const other of ['/en/cached/EUR-cookie', '/en/cached/EUR-cookie/p/about', '/en/cached/EUR-cookie/blog-index/1', '/en/search', '/en/cached/EUR-cookie/search/all/x']) {
      expect(isCachedSearchPath(other), other).toBe(false);
    }
  });
});
