import { displayNames } from './intl-cache';

/** A country's name in the locale (ISO 3166 alpha-2), the code when Intl has none. */
export function regionName(code: string, locale: string): string {
  return displayNames(locale, 'region').of(code) ?? code;
}
