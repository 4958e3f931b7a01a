import { describe, expect, it } from 'vitest';
import { locales, type Locale } from '@/lib/locales';
import { legacyRedirect } from '@/lib/routing/legacy-paths';
import { staticPageKeys, staticPagePath, staticPageSlugs } from '@/lib/routing/static-pages';

describe('legacyRedirect', () => {
  describe('legacy and duplicate paths redirect in one hop', () => {
    it.each<[string, string]>([
      ['/mobile/trip/x', '/trip/x'],
      ['/mobile/fr/trip/x', '/fr/trip/x'],
      ['/mobile/es/trip/x', '/es/trip/x'],
      ['/mobile', '/'],
      ['/fr/mobile', '/fr'],
      ['/es/mobile', '/es'],
      ['/mobile/fr', '/fr'],
      ['/fr/mobile/trip/x', '/fr/trip/x'],
      ['/mobile/blog/post', '/blog/post'],
      ['/index.html', '/'],
      ['/fr/index.html', '/fr'],
      ['/mobile/index.html', '/'],
      ['/en/about', '/about'],
      ['/en', '/'],
      ['/en/trip/x', '/trip/x'],
      ['/en/mobile', '/'],
      ['/mobile/en', '/'],
      ['/mobile/en/trip/x', '/trip/x'],
      ['/fr/about', '/fr/a-propos'],
      ['/es/about', '/es/sobre-nosotros'],
      ['/es/a-propos', '/es/sobre-nosotros'],
      ['/fr/sobre-nosotros', '/fr/a-propos'],
      ['/fr/terms-fwt-waiver', '/fr/conditions-generales'],
      ['/mobile/fr/about', '/fr/a-propos'],
      ['/fr/mobile/about', '/fr/a-propos'],
      ['/en/a-propos', '/a-propos'],
      // A trailing slash goes in the same hop as the rest.
      ['/about/', '/about'],
      ['/trip/x/', '/trip/x'],
      ['/fr/', '/fr'],
      ['/fr/a-propos/', '/fr/a-propos'],
      ['/en/', '/'],
      ['/en/about/', '/about'],
      ['/en/trip/x/', '/trip/x'],
      ['/mobile/', '/'],
      ['/mobile/fr/', '/fr'],
      ['/mobile/fr/about/', '/fr/a-propos'],
      ['/fr/about/', '/fr/a-propos'],
      ['/trip/x//', '/trip/x'],
    ])('%j → %j', (pathname, expected) => {
      expect(legacyRedirect(pathname)).toBe(expected);
    });
  });

  describe('a static page under another locale slug redirects to its own locale slug (every page)', () => {
    const rows = staticPageKeys.flatMap((key) =>
      (['fr', 'es'] as Locale[]).flatMap((locale) =>
        locales
          .filter((other) => staticPageSlugs[key][other] !== staticPageSlugs[key][locale])
          .map((other): [string, string] => [`/${locale}/${staticPageSlugs[key][other]}`, staticPagePath(key, locale)]),
      ),
    );
    it.each(rows)('%j → %j', (pathname, expected) => {
      expect(legacyRedirect(pathname)).toBe(expected);
    });
  });

  describe('canonical paths return null', () => {
    it.each<[string]>([
      ['/'],
      ['/fr'],
      ['/es'],
      ['/about'],
      ['/fr/a-propos'],
      ['/es/sobre-nosotros'],
      ['/trip/x'],
      ['/fr/trip/x'],
      ['/search'],
      ['/trip/mobile'],
      ['/blog/mobile'],
      ['/trip/x/mobile'],
      ['/fr/trip/mobile'],
      ['/trip/index.html/x'],
      ['/alps'],
      ['/trips-in-nepal'],
      ['/de/about'],
      ['/mountain-guide/anna-rossi'],
    ])('%j → null', (pathname) => {
      expect(legacyRedirect(pathname)).toBeNull();
    });

    it.each(staticPageKeys.flatMap((key) => locales.map((locale): [string] => [staticPagePath(key, locale)])))(
      'static page %j → null',
      (pathname) => {
        expect(legacyRedirect(pathname)).toBeNull();
      },
    );
  });

  describe('a redirect target is itself canonical (no chains)', () => {
    it.each<[string]>([
      ['/mobile/trip/x'],
      ['/mobile/fr/trip/x'],
      ['/fr/mobile'],
      ['/en/about'],
      ['/mobile/en/trip/x'],
      ['/fr/about'],
      ['/es/a-propos'],
      ['/mobile/fr/about'],
      ['/index.html'],
      ['/en/about/'],
      ['/mobile/fr/about/'],
      ['/fr/trip/x/'],
    ])('%j', (pathname) => {
      const target = legacyRedirect(pathname);
      expect(target).not.toBeNull();
      expect(legacyRedirect(target!)).toBeNull();
    });
  });
});

describe('static page slugs in other letter case redirect to the canonical slug', () => {
  it.each([
    ['/ABOUT', '/about'],
    ['/fr/A-Propos', '/fr/a-propos'],
    ['/fr/ABOUT', '/fr/a-propos'],
    ['/es/FAQ', '/es/preguntas-frecuentes'],
    ['/en/About', '/about'],
  ])('%s → %s', (from, to) => {
    expect(legacyRedirect(from)).toBe(to);
  });
});
