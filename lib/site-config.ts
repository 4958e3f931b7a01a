import { env } from './env';
import { assetImages } from './images/asset-urls';
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
    guideFormUrls: { en: env.GUIDE_FORM_URL_EN, fr: env.GUIDE_FORM_URL_FR },
    guidePromotionUrls: { en: env.GUIDE_PROMOTION_URL_EN, fr: env.GUIDE_PROMOTION_URL_FR },
    guideLoginUrl: env.GUIDE_LOGIN_URL,
  };
}

/** Image URLs on the configured assets host (ASSETS_URL, default this app's /assets). */
export function siteImages() {
  return assetImages(env.ASSETS_URL);
}
