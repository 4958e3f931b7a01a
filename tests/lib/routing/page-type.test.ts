import { describe, expect, it } from 'vitest';
import { locales, type Locale } from '@/lib/locales';
import { classifyPath, pageTypes, type PageType } from '@/lib/routing/page-type';
import { staticPageKeys, staticPageSlugs } from '@/lib/routing/static-pages';

/**
 * Every spelling of a path that must classify like the path itself: with and without a trailing
 * slash, with a query string, with a fragment, and with both.
 */
function variants(path: string): string[] {
  const slashed = path.endsWith('/') ? path : `${path}/`;
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return [
    ...new Set([
      bare,
      slashed,
      `${bare}?a=b`,
      `${slashed}?a=b`,
      `${bare}#section`,
      `${slashed}#section`,
      `${bare}?a=b&c=d#section`,
      `${slashed}?a=b#section`,
    ]),
  ];
}

function rows(expected: PageType, paths: string[]): [string, PageType, string][] {
  return paths.flatMap((base) => variants(base).map((input): [string, PageType, string] => [input, expected, base]));
}

/** spec §2 "Page types", row by row. */
const table: Record<PageType, string[]> = {
  home: ['/', '/index.html', '/#', '/#/', '/fr', '/es', '/en', '/de', '/it', '/mobile', '/fr/mobile', '/es/mobile', '/mobile/fr'],
  guide: [
    '/mountain-guide',
    '/mountain-guide/anna-rossi',
    '/mountain-guides-chamonix',
    '/mountain-guide/anna-rossi/reviews',
    '/fr/guide/x',
    '/es/guide/x',
    '/en/guide/x',
    '/fr/guide/anna-rossi',
  ],
  search: ['/search', '/fr/search', '/es/search', '/en/search'],
  trip: [
    '/trip',
    '/trip/mont-blanc',
    '/trip-mont-blanc',
    '/trips',
    '/mobile/trip',
    '/mobile/trip/x',
    '/fr/trip/x',
    '/es/trip/x',
    '/fr/trip',
    '/mobile/fr/trip/x',
    '/mobile/es/trip/mont-blanc',
  ],
  blog: [
    '/blog',
    '/blog/first-ascent',
    '/mobile/blog',
    '/mobile/blog/first-ascent',
    '/fr/blog',
    '/fr/blog/premiere-ascension',
    '/es/blog',
    '/es/blog/x',
    '/mobile/fr/blog',
    '/mobile/es/blog/x',
  ],
  'open-groups': ['/open-groups', '/fr/open-groups', '/es/open-groups', '/open-groups/x'],
  static: [], // generated from the registry below
  landing: [
    '/alps',
    '/fr/trekking-nepal',
    '/es/trekking-nepal',
    '/some/deep/path',
    '/trips-in-nepal',
    '/mobile/trips-x',
    '/fr/trips-in-nepal',
    '/guide/x',
    '/searches',
    '/blogs',
    '/open-groupsx',
    '/a-propos',
    '/sobre-nosotros',
    '/conditions-generales',
    '/de/about',
    '/de/a-propos',
    '/fr/about',
    '/es/a-propos',
    '/es/about',
    '/about/team',
    '/fr/a-propos/team',
    '/mobile/about',
  ],
};

const staticPaths: [string, Locale][] = staticPageKeys.flatMap((key) =>
  locales.map((locale): [string, Locale] => {
    const slug = staticPageSlugs[key][locale];
    return [locale === 'en' ? `/${slug}` : `/${locale}/${slug}`, locale];
  }),
);

describe('classifyPath (spec §2 page types)', () => {
  it('page types list the eight classes', () => {
    expect([...pageTypes].sort()).toEqual(['blog', 'guide', 'home', 'landing', 'open-groups', 'search', 'static', 'trip']);
  });

  describe.each((Object.keys(table) as PageType[]).filter((type) => table[type].length > 0))('%s', (type) => {
    it.each(rows(type, table[type]))('%j → %s', (input, expected) => {
      expect(classifyPath(input)).toBe(expected);
    });
  });

  describe('static (every slug of every locale from the registry)', () => {
    it('covers 45 static paths (15 pages × 3 locales)', () => {
      expect(new Set(staticPaths.map(([path]) => path)).size).toBe(45);
    });

    it.each(staticPaths.flatMap(([path]) => rows('static', [path])))('%j → %s', (input, expected) => {
      expect(classifyPath(input)).toBe(expected);
    });
  });

  describe('a static slug outside its own locale is landing', () => {
    // French and Spanish slugs unprefixed, and every slug under /de/ (not a served locale).
    const foreign = staticPageKeys.flatMap((key) => [
      `/${staticPageSlugs[key].fr}`,
      `/${staticPageSlugs[key].es}`,
      `/de/${staticPageSlugs[key].en}`,
    ]);
    it.each(foreign.flatMap((path) => rows('landing', [path])))('%j → %s', (input, expected) => {
      expect(classifyPath(input)).toBe(expected);
    });
  });

  describe('a query string or fragment never changes the class', () => {
    it.each<[string, PageType]>([
      ['/alps?next=/trip/x', 'landing'],
      ['/alps#/blog/x', 'landing'],
      ['/about?ref=/search', 'static'],
      ['/?/trip/x', 'home'],
      ['/#/trip/x', 'home'],
      ['/trips-in-nepal?page=/trip', 'landing'],
      ['/fr?x=/fr/guide/y', 'home'],
      ['/search?q=mont%20blanc', 'search'],
    ])('%j → %s', (input, expected) => {
      expect(classifyPath(input)).toBe(expected);
    });
  });
});
