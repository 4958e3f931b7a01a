import { env } from './env';
import { geoIpLookup } from './geo/geoip-database';
import { geolocate, type Geolocation, type GeolocationSettings } from './geo/geolocation';
import { assetImages, DEFAULT_ASSETS_BASE } from './images/asset-urls';
import type { LinkSettings } from './routing/site-links';

/**
 * The outbound link settings, from env (lib/env.ts), shared by header, footer and fallback pages.
 * Prerendered pages take them at build time, so set them for `next build` as for `next start`.
 */
export function linkSettings(): LinkSettings {
  return {
    myTripsUrl: env.MY_TRIPS_URL,
    newsletterUrl: env.NEWSLETTER_URL,
    newsletterEmailParam: env.NEWSLETTER_EMAIL_PARAM,
    guidePromotionUrls: { en: env.GUIDE_PROMOTION_URL_EN, fr: env.GUIDE_PROMOTION_URL_FR },
    guideLoginUrl: env.GUIDE_LOGIN_URL,
  };
}

/** A path of this site as an absolute URL on SITE_URL (canonical, sitemap, JSON-LD); absolute URLs pass through. */
export function absoluteUrl(path: string): string {
  return new URL(path, env.SITE_URL).toString();
}

/** The configured assets host (ASSETS_URL), default this app's /assets. */
export function assetsBase(): string {
  return env.ASSETS_URL ?? DEFAULT_ASSETS_BASE;
}

/** Image URLs on the configured assets host (ASSETS_URL, default this app's /assets). */
export function siteImages() {
  return assetImages(assetsBase());
}

/** How the visitor's country is found (CDN headers, client address, GeoIP database), from env. */
export function geolocationSettings(): GeolocationSettings {
  return {
    countryHeaders: env.GEO_COUNTRY_HEADERS.split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
    clientIpHeader: env.CLIENT_IP_HEADER,
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
  };
}

const lookupVisitorIp = geoIpLookup(env.GEOIP_DATABASE_PATH);

/** spec §7 geolocation of a request with the configured settings and the shipped GeoIP database. */
export function geolocateRequest(headers: Headers): Geolocation {
  return geolocate(headers, geolocationSettings(), lookupVisitorIp);
}
