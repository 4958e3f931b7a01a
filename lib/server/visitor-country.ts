import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import type { Locale } from '../locales';
import { geolocateRequest } from '../site-config';

/** Where a visitor of each locale most likely is when geolocation cannot tell (forms' phone country). */
const LOCALE_COUNTRY: Record<Locale, string> = { en: 'GB', fr: 'FR', es: 'ES' };

/** The visitor's country (spec §7 geolocation) once per request, or null when it cannot be told. */
export const getVisitorCountry = cache(async (): Promise<string | null> => {
  const location = geolocateRequest(await headers());
  return location.ok ? location.countryCode : null;
});

/** The country a phone field starts on: the visitor's, else the locale's. */
export async function defaultPhoneCountry(locale: Locale): Promise<string> {
  return (await getVisitorCountry()) ?? LOCALE_COUNTRY[locale];
}
