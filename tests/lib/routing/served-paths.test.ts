import { describe, expect, it } from 'vitest';
import { locales, type Locale } from '@/lib/locales';
import { isServedPath, routeOf, splitLocale, type PathRoute } from '@/lib/routing/served-paths';
import { staticPageKeys, staticPagePath } from '@/lib/routing/static-pages';

describe('splitLocale', () => {
  it.each<[string, Locale, string[]]>([
    ['/', 'en', []],
    ['', 'en', []],
    ['/fr', 'fr', []],
    ['/es/', 'es', []],
    ['/about', 'en', ['about']],
    ['/fr/a-propos', 'fr', ['a-propos']],
    ['/es/trip/x', 'es', ['trip', 'x']],
    ['/trip/x/', 'en', ['trip', 'x']],
    ['/en/about', 'en', ['en', 'about']], // /en is not a canonical prefix (redirected beforehand)
    ['/de/about', 'en', ['de', 'about']],
    ['/trip/fr', 'en', ['trip', 'fr']],
    ['//fr//a-propos', 'fr', ['a-propos']],
  ])('%j → %s %j', (pathname, locale, segments) => {
    expect(splitLocale(pathname)).toEqual({ locale, segments });
  });
});

describe('isServedPath', () => {
  describe('home roots and static pages are served', () => {
    const staticPaths = staticPageKeys.flatMap((key) => locales.map((locale): [string] => [staticPagePath(key, locale)]));
    it.each<[string]>([['/'], ['/fr'], ['/es'], ['/fr/'], ['/about/'], ['/fr/A-Propos'], ...staticPaths])('%j', (pathname) => {
      expect(isServedPath(pathname)).toBe(true);
    });
  });

  describe('unknown paths are not served', () => {
    it.each<[string]>([
      ['/alps'],
      ['/searches'],
      ['/trip/x'],
      ['/a-propos'],
      ['/fr/about'],
      ['/es/a-propos'],
      ['/de'],
      ['/de/about'],
      ['/about/team'],
      ['/fr/a-propos/x'],
      ['/en'],
      ['/en/about'],
    ])('%j', (pathname) => {
      expect(isServedPath(pathname)).toBe(false);
    });
  });

  describe('the extra list is honoured (unprefixed paths, in every locale)', () => {
    const extra = ['/crash-test', '/trip/x'];
    it.each<[string, boolean]>([
      ['/crash-test', true],
      ['/fr/crash-test', true],
      ['/es/crash-test/', true],
      ['/trip/x', true],
      ['/fr/trip/x', true],
      ['/trip/y', false],
      ['/trip', false],
      ['/searches', false],
      ['/about', true],
      ['/', true],
    ])('%j → %s', (pathname, expected) => {
      expect(isServedPath(pathname, extra)).toBe(expected);
    });

    it('without extra, the same paths are not served', () => {
      expect(isServedPath('/crash-test')).toBe(false);
      expect(isServedPath('/crash-test', [])).toBe(false);
    });
  });

  describe('percent-encoded input', () => {
    it.each<[string, boolean]>([
      ['/%E0%A4%A', false],
      ['/fr/%', false],
      ['/%zz', false],
      ['/a%2Dpropos', false],
      ['/fr/a%2Dpropos', true],
      ['/%61bout', true],
      ['/es/sobre%2Dnosotros', true],
    ])('%j → %s without throwing', (pathname, expected) => {
      expect(() => isServedPath(pathname)).not.toThrow();
      expect(isServedPath(pathname)).toBe(expected);
    });
  });
});

describe('routeOf', () => {
  it.each<[string, PathRoute]>([
    ['/search', { kind: 'page' }],
    ['/fr/search', { kind: 'page' }],
    ['/es/open-groups', { kind: 'page' }],
    ['/blog', { kind: 'page' }],
    ['/gift-cards', { kind: 'page' }],
    ['/fr/cartes-cadeaux', { kind: 'page' }],
    ['/es/conserjeria', { kind: 'page' }],
    ['/fr/gift-cards', { kind: 'entity', entity: 'landing', locale: 'fr', slug: 'gift-cards' }],
    ['/trekking-in-nepal', { kind: 'entity', entity: 'landing', locale: 'en', slug: 'trekking-in-nepal' }],
    ['/es/trekking-en-nepal', { kind: 'entity', entity: 'landing', locale: 'es', slug: 'trekking-en-nepal' }],
    ['/trip/x', { kind: 'entity', entity: 'trip', locale: 'en', slug: 'x' }],
    ['/fr/blog/un-article', { kind: 'entity', entity: 'blogPost', locale: 'fr', slug: 'un-article' }],
    ['/mountain-guide/anna', { kind: 'entity', entity: 'guide', locale: 'en', slug: 'anna' }],
    ['/fr/guide/anna', { kind: 'entity', entity: 'guide', locale: 'fr', slug: 'anna' }],
    ['/guide/anna', { kind: 'redirect', to: '/mountain-guide/anna' }],
    ['/es/mountain-guide/anna', { kind: 'redirect', to: '/es/guide/anna' }],
    ['/mountain-guide', { kind: 'entity', entity: 'landing', locale: 'en', slug: 'mountain-guide' }],
    ['/trip/x/y', { kind: 'missing' }],
    ['/about/team', { kind: 'missing' }],
  ])('%j', (pathname, expected) => {
    expect(routeOf(pathname)).toEqual(expected);
  });
});
