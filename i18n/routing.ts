import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales } from '@/lib/locales';

export const routing = defineRouting({
  locales,
  defaultLocale,
  // English has no prefix; /en/... redirects to the unprefixed path.
  localePrefix: 'as-needed',
  // The URL alone decides the language: crawlers and shared links see the same page.
  localeDetection: false,
  // hreflang alternates are rendered in the HTML from our own slug registry (localized slugs).
  alternateLinks: false,
  // No NEXT_LOCALE cookie: nothing reads it (the URL decides), and a Set-Cookie on every page would keep it out of shared caches.
  localeCookie: false,
});
