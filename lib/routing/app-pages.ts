import { locales, localizedPath, type Locale } from '../locales';

/**
 * Pages of the app itself that live under a localized slug but are not spec §2's static pages
 * (their content is not an editable text): the gift cards and concierge request pages.
 */
export const appPageSlugs = {
  'gift-cards': { en: 'gift-cards', fr: 'cartes-cadeaux', es: 'tarjetas-regalo' },
  concierge: { en: 'concierge', fr: 'conciergerie', es: 'conserjeria' },
} as const satisfies Record<string, Record<Locale, string>>;

export type AppPageKey = keyof typeof appPageSlugs;
export const appPageKeys = Object.keys(appPageSlugs) as AppPageKey[];

/** The app page a slug names in a locale, or undefined. */
export function findAppPage(locale: Locale, slug: string): AppPageKey | undefined {
  return appPageKeys.find((key) => appPageSlugs[key][locale] === slug);
}

/** The canonical path of an app page in a locale, e.g. ('gift-cards', 'fr') → '/fr/cartes-cadeaux'. */
export function appPagePath(key: AppPageKey, locale: Locale): string {
  return localizedPath(locale, `/${appPageSlugs[key][locale]}`);
}

/** Every locale version of an app page (language switcher, sitemap). */
export function appPageAlternates(key: AppPageKey): Record<Locale, string> {
  return Object.fromEntries(locales.map((locale) => [locale, appPagePath(key, locale)])) as Record<Locale, string>;
}
