import { describe, expect, it } from 'vitest';
import { locales, type Locale } from '@/lib/locales';
import {
  findStaticPage,
  staticPageAlternates,
  staticPageKeys,
  staticPagePath,
  staticPageSlugs,
  type StaticPageKey,
} from '@/lib/routing/static-pages';

const EXPECTED_KEYS = [
  'careers',
  'about',
  'press',
  'insurance',
  'need-help',
  'terms-fwt-waiver',
  'join-us',
  'guides-in-chamonix',
  'info-package-guides',
  'our-partners',
  'osprey',
  'why-hire-a-mountain-guide',
  'privacy-policy',
  'sitemap',
  'faq',
] as const;

/** spec §2: the Spanish slugs the spec lists as translated. */
const SPANISH_TRANSLATED: StaticPageKey[] = ['need-help', 'about', 'our-partners', 'press', 'careers', 'join-us', 'sitemap', 'faq'];

const KEBAB_ASCII = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Every (key, locale, slug) of the registry. */
const allSlugs: [StaticPageKey, Locale, string][] = staticPageKeys.flatMap((key) =>
  locales.map((locale): [StaticPageKey, Locale, string] => [key, locale, staticPageSlugs[key][locale]]),
);

describe('staticPageSlugs registry', () => {
  it('has exactly the 15 keys of spec §2', () => {
    expect(staticPageKeys).toHaveLength(15);
    expect([...staticPageKeys].sort()).toEqual([...EXPECTED_KEYS].sort());
  });

  it.each(EXPECTED_KEYS.map((key) => [key]))('%s has a slug for every locale', (key) => {
    expect(Object.keys(staticPageSlugs[key]).sort()).toEqual([...locales].sort());
  });

  it.each(EXPECTED_KEYS.map((key) => [key]))('English slug of %s equals its key', (key) => {
    expect(staticPageSlugs[key].en).toBe(key);
  });

  it.each(locales.map((locale) => [locale]))('%s slugs are unique within the locale', (locale) => {
    const slugs = staticPageKeys.map((key) => staticPageSlugs[key][locale]);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it.each(allSlugs)('%s (%s) slug %j is lowercase kebab-case ASCII', (_key, _locale, slug) => {
    expect(slug).toMatch(KEBAB_ASCII);
  });

  it.each(EXPECTED_KEYS.map((key) => [key]))('French slug of %s is translated (differs from English)', (key) => {
    expect(staticPageSlugs[key].fr).not.toBe(staticPageSlugs[key].en);
  });

  it.each(SPANISH_TRANSLATED.map((key) => [key]))('Spanish slug of %s is translated (differs from English)', (key) => {
    expect(staticPageSlugs[key].es).not.toBe(staticPageSlugs[key].en);
  });
});

describe('findStaticPage', () => {
  it.each(allSlugs)('%s: (%s, %j) is found', (key, locale, slug) => {
    expect(findStaticPage(locale, slug)).toBe(key);
  });

  it.each(allSlugs)('%s: (%s, %j) upper-cased is found (case-insensitive)', (key, locale, slug) => {
    expect(findStaticPage(locale, slug.toUpperCase())).toBe(key);
  });

  it.each<[Locale, string]>([
    ['en', 'a-propos'],
    ['en', 'sobre-nosotros'],
    ['fr', 'about'],
    ['fr', 'sobre-nosotros'],
    ['es', 'about'],
    ['es', 'a-propos'],
    ['en', ''],
    ['en', 'alps'],
    ['fr', 'trip'],
    ['en', '/about'],
    ['en', 'about/'],
    ['en', 'abou'],
  ])('(%s, %j) → undefined', (locale, slug) => {
    expect(findStaticPage(locale, slug)).toBeUndefined();
  });
});

describe('staticPagePath', () => {
  it.each<[StaticPageKey, Locale, string]>([
    ['about', 'en', '/about'],
    ['about', 'fr', '/fr/a-propos'],
    ['about', 'es', '/es/sobre-nosotros'],
    ['terms-fwt-waiver', 'en', '/terms-fwt-waiver'],
    ['terms-fwt-waiver', 'fr', '/fr/conditions-generales'],
    ['faq', 'es', '/es/preguntas-frecuentes'],
  ])('(%s, %s) → %j', (key, locale, expected) => {
    expect(staticPagePath(key, locale)).toBe(expected);
  });

  it.each(allSlugs)('%s (%s) is the locale prefix plus slug %j', (key, locale, slug) => {
    expect(staticPagePath(key, locale)).toBe(locale === 'en' ? `/${slug}` : `/${locale}/${slug}`);
  });
});

describe('staticPageAlternates', () => {
  it('about has one path per locale', () => {
    expect(staticPageAlternates('about')).toEqual({ en: '/about', fr: '/fr/a-propos', es: '/es/sobre-nosotros' });
  });

  it.each(EXPECTED_KEYS.map((key) => [key]))('%s alternates equal staticPagePath for each locale', (key) => {
    const alternates = staticPageAlternates(key);
    expect(Object.keys(alternates)).toEqual([...locales]);
    for (const locale of locales) expect(alternates[locale]).toBe(staticPagePath(key, locale));
  });
});
