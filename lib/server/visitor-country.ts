import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import type { Locale } from '../locales';
import { geolocateRequest } from '../site-config';
import type { PageAudience } from './page-audience';

/** Where a visitor of each locale most likely is when geolocation cannot tell (forms' phone country). */
const LOCALE_COUNTRY: Record<Locale, string> = { en: 'GB', fr: 'FR', es: 'ES' };

/** The visitor's country (spec §7 geolocation) once per request, or null when it cannot be told. */
export const getVisitorCountry = cache(async (): Promise<string | null> => {
  const location = geolocateRequest(await headers());
  return location.ok ? location.countryCode : null;
});

/**
 * The country a phone field starts on: the visitor's, else the locale's. A page cached whole is the
 * same for every visitor of its locale and currency: its forms start on the locale's country, and
 * the phone field then asks `/api/v3/geolocation` for the visitor's own (components/forms/phone-field.tsx).
 */
export async function defaultPhoneCountry(locale: Locale, audience: PageAudience): Promise<string> {
  if (audience.kind === 'shared') return LOCALE_COUNTRY[locale];
  return (await getVisitorCountry()) ?? LOCALE_COUNTRY[locale];
}
