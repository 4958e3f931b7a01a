import { localizedPath, type Locale } from '../locales';
import { accountPath } from './account-pages';
import { appPagePath } from './app-pages';
import { staticPagePath } from './static-pages';

/** The settings that shape outbound links; built from env on the server (see lib/site-config.ts). */
export type LinkSettings = {
  myTripsUrl: string;
  newsletterUrl: string;
  newsletterEmailParam: string;
  guidePromotionUrls: { en: string; fr: string };
  guideLoginUrl: string;
};

/** spec §2: the 'my trips' link carries the locale in a `lan` query parameter. */
export function myTripsHref(settings: LinkSettings, locale: Locale): string {
  return withLan(settings.myTripsUrl, locale);
}

/** The footer's guide login: the customer area's guide page, in the page's language (`lan`, as 'my trips'). */
export function guideLoginHref(settings: LinkSettings, locale: Locale): string {
  return withLan(settings.guideLoginUrl, locale);
}

/** A customer-area URL with the locale in its `lan` query parameter. */
function withLan(url: string, locale: Locale): string {
  const [withoutHash = '', hash] = url.split('#', 2);
  const [base, query = ''] = withoutHash.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('lan', locale);
  return `${base}?${params.toString()}${hash === undefined ? '' : `#${hash}`}`;
}

/** spec §7: the two external form URLs vary by locale (en, fr); Spanish uses English. */
export function externalFormUrl(urls: { en: string; fr: string }, locale: Locale): string {
  return locale === 'fr' ? urls.fr : urls.en;
}

/**
 * spec §2 "Newsletter": the subscribe page opens with the e-mail, URL-encoded, as a query value.
 * A GET form drops the action's own query string, so its parameters travel as hidden fields.
 */
export function newsletterForm(settings: LinkSettings): { action: string; hidden: [string, string][]; emailParam: string } {
  const url = new URL(settings.newsletterUrl);
  const hidden = [...url.searchParams.entries()].filter(([key]) => key !== settings.newsletterEmailParam);
  url.search = '';
  return { action: url.toString(), hidden, emailParam: settings.newsletterEmailParam };
}

/** The subscribe URL the newsletter button opens for an e-mail (what the GET form produces). */
export function newsletterSubscribeUrl(settings: LinkSettings, email: string): string {
  const url = new URL(settings.newsletterUrl);
  url.searchParams.set(settings.newsletterEmailParam, email);
  return url.toString();
}

export type FooterLinkKey =
  | 'about'
  | 'partners'
  | 'press'
  | 'careers'
  | 'blog'
  | 'needHelp'
  | 'faq'
  | 'giftCard'
  | 'terms'
  | 'privacy'
  | 'sitemap'
  | 'joinUs'
  | 'guidePromotion'
  | 'guideLogin'
  | 'whyHireAGuide';
export type FooterLink = { key: FooterLinkKey; href: string; external?: boolean };

/** spec §1 and §2: the footer's localized links, in display groups. */
export function footerLinks(settings: LinkSettings, locale: Locale): Record<'company' | 'help' | 'guides', FooterLink[]> {
  return {
    company: [
      { key: 'about', href: staticPagePath('about', locale) },
      { key: 'partners', href: staticPagePath('our-partners', locale) },
      { key: 'press', href: staticPagePath('press', locale) },
      { key: 'careers', href: staticPagePath('careers', locale) },
      { key: 'blog', href: localizedPath(locale, '/blog') },
    ],
    help: [
      { key: 'needHelp', href: staticPagePath('need-help', locale) },
      { key: 'faq', href: staticPagePath('faq', locale) },
      { key: 'giftCard', href: appPagePath('gift-cards', locale) },
      { key: 'terms', href: staticPagePath('terms-fwt-waiver', locale) },
      { key: 'privacy', href: staticPagePath('privacy-policy', locale) },
      { key: 'sitemap', href: staticPagePath('sitemap', locale) },
    ],
    guides: [
      { key: 'joinUs', href: accountPath('apply', locale) },
      { key: 'guidePromotion', href: externalFormUrl(settings.guidePromotionUrls, locale), external: true },
      { key: 'guideLogin', href: guideLoginHref(settings, locale) },
      { key: 'whyHireAGuide', href: staticPagePath('why-hire-a-mountain-guide', locale) },
    ],
  };
}
