import type { Metadata } from 'next';
import { ogLocales, type Locale } from './locales';
import type { Alternates } from './routing/languages';
import { SOCIAL_IMAGE_SIZE, socialImagePath } from './images/social-image';
import { assetsBase, siteImages } from './site-config';

/**
 * The canonical URL and hreflang alternates of a page, from the same map the language switcher
 * uses, so they are reciprocal across en, fr and es. English is x-default. Pages without a picture
 * of their own share the home page's for Open Graph and Twitter cards.
 */
export function pageMetadata(locale: Locale, alternates: Alternates, title: string, description: string, image: string = siteImages().statics('page', 'home')): Metadata {
  // A PNG of the picture (cards do not take SVG), absolute through the layout's metadataBase.
  const cardUrl = socialImagePath(image, assetsBase());
  const card = cardUrl === image ? { url: image, alt: title } : { url: cardUrl, alt: title, ...SOCIAL_IMAGE_SIZE, type: 'image/png' };
  const languages: Record<string, string> = {};
  for (const [key, path] of Object.entries(alternates)) languages[key] = path;
  if (alternates.en) languages['x-default'] = alternates.en;
  return {
    title,
    description,
    alternates: { canonical: alternates[locale], languages },
    openGraph: {
      title,
      description,
      locale: ogLocales[locale],
      alternateLocale: Object.keys(alternates)
        .filter((key) => key !== locale)
        .map((key) => ogLocales[key as Locale]),
      siteName: 'Cordée',
      type: 'website',
      url: alternates[locale],
      images: [card],
    },
    twitter: { card: 'summary_large_image', title, description, images: [{ url: card.url, alt: title }] },
  };
}
