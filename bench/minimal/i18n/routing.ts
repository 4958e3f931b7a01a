import { defineRouting } from 'next-intl/routing';

// Cordée's routing options (i18n/routing.ts); one locale is enough to measure a page.
export const routing = defineRouting({ locales: ['en'], defaultLocale: 'en', localePrefix: 'as-needed', localeDetection: false, alternateLinks: false, localeCookie: false });
