import { locales, type Locale } from '../locales';
import { paths } from '../routing/paths';

/**
 * A trip's title and absolute page URL in every locale (e-mails link to the page in the reader's
 * language); a locale without a translation falls back to English.
 */
export function tripLinks(translations: readonly { locale: Locale; slug: string; title: string }[], siteUrl: string) {
  const byLocale = new Map(translations.map((entry) => [entry.locale, entry]));
  const fallback = byLocale.get('en') ?? translations[0]!;
  const titles = {} as Record<Locale, string>;
  const urls = {} as Record<Locale, string>;
  for (const locale of locales) {
    const entry = byLocale.get(locale);
    titles[locale] = (entry ?? fallback).title;
    urls[locale] = new URL(paths.trip(entry ? locale : fallback.locale, (entry ?? fallback).slug), siteUrl).toString();
  }
  return { titles, urls };
}
