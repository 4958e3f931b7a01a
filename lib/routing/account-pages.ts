import { isLocale, type Locale } from '../locales';

/**
 * The account area (and the guides' application, `apply`, which makes an account). Its pages answer at `/account/{page}` with the locale in the `lan`
 * query parameter (spec §2: the 'my trips' link carries `lan`); proxy.ts serves them in that locale.
 */
export const accountPages = ['sign-in', 'guide', 'bookings', 'trip', 'support', 'apply', 'preview'] as const;
export type AccountPage = (typeof accountPages)[number];

export function isAccountPage(value: unknown): value is AccountPage {
  return typeof value === 'string' && (accountPages as readonly string[]).includes(value);
}

/** The path of an account page in a locale, e.g. ('guide', 'fr') → '/account/guide?lan=fr'. */
export function accountPath(page: AccountPage, locale: Locale): string {
  return `/account/${page}?lan=${locale}`;
}

/** Every locale version of an account page (language switcher). */
export function accountAlternates(page: AccountPage): Record<Locale, string> {
  return { en: accountPath(page, 'en'), fr: accountPath(page, 'fr'), es: accountPath(page, 'es') };
}

/** The locale an unprefixed account path asks for with `lan`, or null (then the default locale). */
export function accountLocale(pathname: string, lan: string | null): Locale | null {
  const [first, second, ...rest] = pathname.split('/').filter(Boolean);
  if (first !== 'account' || !isAccountPage(second) || rest.length > 0) return null;
  return isLocale(lan) ? lan : null;
}
