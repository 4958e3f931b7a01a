/** spec §9: locales en, fr, es; English is the default and has no URL prefix. */
export const locales = ['en', 'fr', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** spec §9: labels of the language switcher, each in its own language. */
export const localeLabels: Record<Locale, string> = { en: 'English', fr: 'Français', es: 'Español' };

/** spec §9: the full locales as the spec names them (en_EN is not a real territory: see ogLocale). */
export const fullLocales: Record<Locale, string> = { en: 'en_EN', fr: 'fr_FR', es: 'es_ES' };

/** Open Graph needs a valid territory, so English uses en_GB instead of the spec's en_EN. */
export const ogLocales: Record<Locale, string> = { en: 'en_GB', fr: 'fr_FR', es: 'es_ES' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The URL prefix of a locale: '' for English, '/fr' and '/es' otherwise. */
export function localePrefix(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${locale}`;
}

/** Joins a locale prefix and an unprefixed path ('/' for the locale root) into a canonical path. */
export function localizedPath(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (path === '/' || path === '') return prefix || '/';
  return `${prefix}${path.startsWith('/') ? path : `/${path}`}`;
}
