import { describe, expect, it } from 'vitest';
import { defaultLocale, isLocale, localePrefix, localizedPath, locales, type Locale } from '@/lib/locales';

describe('locales registry', () => {
  it('lists en, fr, es in that order with en as the default', () => {
    expect(locales).toEqual(['en', 'fr', 'es']);
    expect(defaultLocale).toBe('en');
  });
});

describe('isLocale', () => {
  it.each<[unknown, boolean]>([
    ['en', true],
    ['fr', true],
    ['es', true],
    ['de', false],
    ['EN', false],
    ['Fr', false],
    ['', false],
    [' en', false],
    ['en-GB', false],
    ['fr_FR', false],
    [undefined, false],
    [null, false],
    [0, false],
    [['en'], false],
    [{ en: 'en' }, false],
  ])('isLocale(%j) → %s', (value, expected) => {
    expect(isLocale(value)).toBe(expected);
  });
});

describe('localePrefix', () => {
  it.each<[Locale, string]>([
    ['en', ''],
    ['fr', '/fr'],
    ['es', '/es'],
  ])('%s → %j', (locale, expected) => {
    expect(localePrefix(locale)).toBe(expected);
  });
});

describe('localizedPath', () => {
  it.each<[Locale, string, string]>([
    ['en', '/', '/'],
    ['en', '', '/'],
    ['fr', '/', '/fr'],
    ['fr', '', '/fr'],
    ['es', '/', '/es'],
    ['es', '', '/es'],
    ['en', '/about', '/about'],
    ['fr', '/a-propos', '/fr/a-propos'],
    ['es', '/sobre-nosotros', '/es/sobre-nosotros'],
    ['en', 'about', '/about'],
    ['fr', 'a-propos', '/fr/a-propos'],
    ['es', 'trip/x', '/es/trip/x'],
    ['fr', '/trip/mont-blanc', '/fr/trip/mont-blanc'],
    ['en', '/blog/post', '/blog/post'],
  ])('(%s, %j) → %j', (locale, path, expected) => {
    expect(localizedPath(locale, path)).toBe(expected);
  });
});
