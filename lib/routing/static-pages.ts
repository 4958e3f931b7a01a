import { locales, localizedPath, type Locale } from '../locales';

/**
 * spec §2 "Static pages": the one registry of static-page slugs per locale. It drives routing,
 * links, the language switcher and the sitemap. Keys are the English slugs of spec §2.
 * French translates all 15; Spanish translates the 8 the spec lists and 7 of our choosing.
 */
export const staticPageSlugs = {
  careers: { en: 'careers', fr: 'carrieres', es: 'empleo' },
  about: { en: 'about', fr: 'a-propos', es: 'sobre-nosotros' },
  press: { en: 'press', fr: 'presse', es: 'prensa' },
  insurance: { en: 'insurance', fr: 'assurance', es: 'seguro' },
  'need-help': { en: 'need-help', fr: 'besoin-d-aide', es: 'necesitas-ayuda' },
  'terms-fwt-waiver': { en: 'terms-fwt-waiver', fr: 'conditions-generales', es: 'terminos-y-condiciones' },
  'join-us': { en: 'join-us', fr: 'rejoignez-nous', es: 'unete' },
  'guides-in-chamonix': { en: 'guides-in-chamonix', fr: 'guides-a-chamonix', es: 'guias-en-chamonix' },
  'info-package-guides': { en: 'info-package-guides', fr: 'dossier-guides', es: 'informacion-para-guias' },
  'our-partners': { en: 'our-partners', fr: 'nos-partenaires', es: 'nuestros-socios' },
  osprey: { en: 'osprey', fr: 'osprey-partenaire', es: 'osprey-socio' },
  'why-hire-a-mountain-guide': {
    en: 'why-hire-a-mountain-guide',
    fr: 'pourquoi-engager-un-guide-de-haute-montagne',
    es: 'por-que-contratar-un-guia-de-montana',
  },
  'privacy-policy': { en: 'privacy-policy', fr: 'politique-de-confidentialite', es: 'politica-de-privacidad' },
  sitemap: { en: 'sitemap', fr: 'plan-du-site', es: 'mapa-del-sitio' },
  faq: { en: 'faq', fr: 'questions-frequentes', es: 'preguntas-frecuentes' },
} as const satisfies Record<string, Record<Locale, string>>;

export type StaticPageKey = keyof typeof staticPageSlugs;
export const staticPageKeys = Object.keys(staticPageSlugs) as StaticPageKey[];

const keyBySlug: Record<Locale, Map<string, StaticPageKey>> = Object.fromEntries(
  locales.map((locale) => [locale, new Map(staticPageKeys.map((key) => [staticPageSlugs[key][locale], key]))]),
) as Record<Locale, Map<string, StaticPageKey>>;

/** The static page a slug names in a locale, or undefined when it names none. */
export function findStaticPage(locale: Locale, slug: string): StaticPageKey | undefined {
  return keyBySlug[locale]?.get(slug.toLowerCase());
}

/** The canonical path of a static page in a locale, e.g. ('about', 'fr') → '/fr/a-propos'. */
export function staticPagePath(key: StaticPageKey, locale: Locale): string {
  return localizedPath(locale, `/${staticPageSlugs[key][locale]}`);
}

/** Every locale version of a static page: the language switcher and the sitemap alternates. */
export function staticPageAlternates(key: StaticPageKey): Record<Locale, string> {
  return Object.fromEntries(locales.map((locale) => [locale, staticPagePath(key, locale)])) as Record<Locale, string>;
}
