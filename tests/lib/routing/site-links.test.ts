import { describe, expect, it } from 'vitest';
import { locales, type Locale } from '@/lib/locales';
import {
  externalFormUrl,
  footerLinks,
  myTripsHref,
  newsletterForm,
  newsletterSubscribeUrl,
  type FooterLinkKey,
  type LinkSettings,
} from '@/lib/routing/site-links';

const settings: LinkSettings = {
  myTripsUrl: 'https://app.cordee.test/my-trips',
  newsletterUrl: 'https://news.cordee.test/subscribe?list=42&source=footer',
  newsletterEmailParam: 'email',
  guidePromotionUrls: { en: 'https://forms.test/promo-en', fr: 'https://forms.test/promo-fr' },
  guideLoginUrl: 'https://pro.cordee.test/login',
};

const withSettings = (overrides: Partial<LinkSettings>): LinkSettings => ({ ...settings, ...overrides });

describe('myTripsHref', () => {
  it.each<[string, Locale, string]>([
    ['https://app.cordee.test/my-trips', 'en', 'https://app.cordee.test/my-trips?lan=en'],
    ['https://app.cordee.test/my-trips', 'fr', 'https://app.cordee.test/my-trips?lan=fr'],
    ['https://app.cordee.test/my-trips', 'es', 'https://app.cordee.test/my-trips?lan=es'],
    ['https://app.cordee.test/my-trips?ref=site', 'fr', 'https://app.cordee.test/my-trips?ref=site&lan=fr'],
    ['https://app.cordee.test/my-trips?a=1&b=2', 'es', 'https://app.cordee.test/my-trips?a=1&b=2&lan=es'],
    ['https://app.cordee.test/my-trips?lan=en&ref=x', 'fr', 'https://app.cordee.test/my-trips?lan=fr&ref=x'],
    ['https://app.cordee.test/my-trips?', 'fr', 'https://app.cordee.test/my-trips?lan=fr'],
    ['/my-trips', 'es', '/my-trips?lan=es'],
  ])('%j (%s) → %j', (myTripsUrl, locale, expected) => {
    expect(myTripsHref(withSettings({ myTripsUrl }), locale)).toBe(expected);
  });
});

describe('externalFormUrl', () => {
  const urls = { en: 'https://forms.test/en', fr: 'https://forms.test/fr' };
  it.each<[Locale, string]>([
    ['en', 'https://forms.test/en'],
    ['fr', 'https://forms.test/fr'],
    ['es', 'https://forms.test/en'],
  ])('%s → %j', (locale, expected) => {
    expect(externalFormUrl(urls, locale)).toBe(expected);
  });
});

describe('newsletterForm', () => {
  it.each<[string, string, string, [string, string][]]>([
    ['https://news.cordee.test/subscribe', 'email', 'https://news.cordee.test/subscribe', []],
    ['https://news.cordee.test/subscribe?list=42&source=footer', 'email', 'https://news.cordee.test/subscribe', [['list', '42'], ['source', 'footer']]],
    ['https://news.cordee.test/subscribe?list=42&email=', 'email', 'https://news.cordee.test/subscribe', [['list', '42']]],
    ['https://news.cordee.test/s?EMAIL=x&u=abc&id=d%20e', 'EMAIL', 'https://news.cordee.test/s', [['u', 'abc'], ['id', 'd e']]],
    ['https://news.cordee.test/subscribe?mail=&list=1', 'mail', 'https://news.cordee.test/subscribe', [['list', '1']]],
  ])('%j (param %s)', (newsletterUrl, newsletterEmailParam, action, hidden) => {
    expect(newsletterForm(withSettings({ newsletterUrl, newsletterEmailParam }))).toEqual({
      action,
      hidden,
      emailParam: newsletterEmailParam,
    });
  });
});

describe('newsletterSubscribeUrl', () => {
  it.each<[string, string, string, string]>([
    ['https://news.cordee.test/subscribe', 'email', 'a+b@x.fr', 'https://news.cordee.test/subscribe?email=a%2Bb%40x.fr'],
    ['https://news.cordee.test/subscribe', 'email', 'anna@cordee.fr', 'https://news.cordee.test/subscribe?email=anna%40cordee.fr'],
    ['https://news.cordee.test/subscribe?list=42', 'email', 'a+b@x.fr', 'https://news.cordee.test/subscribe?list=42&email=a%2Bb%40x.fr'],
    ['https://news.cordee.test/subscribe?email=old%40x.fr&list=1', 'email', 'new@x.fr', 'https://news.cordee.test/subscribe?email=new%40x.fr&list=1'],
    ['https://news.cordee.test/s', 'EMAIL', 'x&y=z@a.b', 'https://news.cordee.test/s?EMAIL=x%26y%3Dz%40a.b'],
  ])('%j + %s=%j → %j', (newsletterUrl, newsletterEmailParam, email, expected) => {
    expect(newsletterSubscribeUrl(withSettings({ newsletterUrl, newsletterEmailParam }), email)).toBe(expected);
  });

  it('round-trips the e-mail through the query', () => {
    const url = new URL(newsletterSubscribeUrl(settings, 'a+b@x.fr'));
    expect(url.searchParams.get('email')).toBe('a+b@x.fr');
    expect(url.searchParams.get('list')).toBe('42');
  });
});

describe('footerLinks', () => {
  const expectedInternal: Record<Locale, Partial<Record<FooterLinkKey, string>>> = {
    en: {
      about: '/about',
      partners: '/our-partners',
      press: '/press',
      careers: '/careers',
      blog: '/blog',
      needHelp: '/need-help',
      faq: '/faq',
      giftCard: '/gift-cards',
      terms: '/terms-fwt-waiver',
      privacy: '/privacy-policy',
      sitemap: '/sitemap',
      whyHireAGuide: '/why-hire-a-mountain-guide',
    },
    fr: {
      about: '/fr/a-propos',
      partners: '/fr/nos-partenaires',
      press: '/fr/presse',
      careers: '/fr/carrieres',
      blog: '/fr/blog',
      needHelp: '/fr/besoin-d-aide',
      faq: '/fr/questions-frequentes',
      giftCard: '/fr/cartes-cadeaux',
      terms: '/fr/conditions-generales',
      privacy: '/fr/politique-de-confidentialite',
      sitemap: '/fr/plan-du-site',
      whyHireAGuide: '/fr/pourquoi-engager-un-guide-de-haute-montagne',
    },
    es: {
      about: '/es/sobre-nosotros',
      partners: '/es/nuestros-socios',
      press: '/es/prensa',
      careers: '/es/empleo',
      blog: '/es/blog',
      needHelp: '/es/necesitas-ayuda',
      faq: '/es/preguntas-frecuentes',
      giftCard: '/es/tarjetas-regalo',
      terms: '/es/terminos-y-condiciones',
      privacy: '/es/politica-de-privacidad',
      sitemap: '/es/mapa-del-sitio',
      whyHireAGuide: '/es/por-que-contratar-un-guia-de-montana',
    },
  };

  const externalRows: [Locale, string, string][] = [
    ['en', '/account/apply?lan=en', 'https://forms.test/promo-en'],
    ['fr', '/account/apply?lan=fr', 'https://forms.test/promo-fr'],
    ['es', '/account/apply?lan=es', 'https://forms.test/promo-en'],
  ];

  const flatten = (locale: Locale) => {
    const groups = footerLinks(settings, locale);
    return [...groups.company, ...groups.help, ...groups.guides];
  };

  it.each(
    locales.flatMap((locale) =>
      Object.entries(expectedInternal[locale]).map(([key, href]): [Locale, string, string] => [locale, key, href]),
    ),
  )('%s %s → %j', (locale, key, href) => {
    const link = flatten(locale).find((l) => l.key === key);
    expect(link).toEqual({ key, href });
  });

  it.each(externalRows)('%s guide forms: join-us %j (the application), promotion %j (external)', (locale, joinUs, promotion) => {
    const { guides } = footerLinks(settings, locale);
    expect(guides.find((l) => l.key === 'joinUs')).toEqual({ key: 'joinUs', href: joinUs });
    expect(guides.find((l) => l.key === 'guidePromotion')).toEqual({ key: 'guidePromotion', href: promotion, external: true });
    expect(guides.find((l) => l.key === 'guideLogin')?.href).toBe(`https://pro.cordee.test/login?lan=${locale}`);
  });

  it.each(locales.map((locale) => [locale]))('%s groups hold the keys in display order', (locale) => {
    const groups = footerLinks(settings, locale as Locale);
    expect(groups.company.map((l) => l.key)).toEqual(['about', 'partners', 'press', 'careers', 'blog']);
    expect(groups.help.map((l) => l.key)).toEqual(['needHelp', 'faq', 'giftCard', 'terms', 'privacy', 'sitemap']);
    expect(groups.guides.map((l) => l.key)).toEqual(['joinUs', 'guidePromotion', 'guideLogin', 'whyHireAGuide']);
  });
});
