import { localeLabels, locales, localizedPath, type Locale } from '../locales';

/** spec §3 "Language option": key, label, link. */
export type LanguageOption = { key: Locale; label: string; link: string };
/** spec §3 "Footer language item": code, title, slug. */
export type FooterLanguageItem = { code: Locale; title: string; slug: string };

/** Every locale version of the current page: the page passes them, the layout only renders them. */
export type Alternates = Partial<Record<Locale, string>>;

/**
 * The language options of a page: one per locale version that exists, in locale order. The
 * language switcher appears only when there is more than one (spec §2).
 */
export function languageOptions(alternates: Alternates): LanguageOption[] {
  return locales.flatMap((key) => {
    const link = alternates[key];
    return link === undefined ? [] : [{ key, label: localeLabels[key], link }];
  });
}

/** The footer's language list: each locale, linking to this page's version or else that locale's home. */
export function footerLanguageItems(alternates: Alternates): FooterLanguageItem[] {
  return locales.map((code) => ({ code, title: localeLabels[code], slug: alternates[code] ?? localizedPath(code, '/') }));
}

/** Alternates of a page that exists at the same unprefixed path in every locale (home, search, ...). */
export function samePathAlternates(path: string): Record<Locale, string> {
  return Object.fromEntries(locales.map((locale) => [locale, localizedPath(locale, path)])) as Record<Locale, string>;
}
