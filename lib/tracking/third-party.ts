import { scrubUrl } from '../security/redact';
/** Third-party scripts of the browser (spec §7): the chatbot embed and Speed Insights. */

/** spec §4/§9: below this width the visitor is on mobile and gets no chatbot. */
export const MOBILE_BREAKPOINT_PX = 768;

/** The media query of a non-mobile viewport (spec §9: mobile below 768 px). */
export const NON_MOBILE_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** spec §7: the chatbot embed script with the current page's URL as its `url` parameter (without its secrets: a sign-in token never leaves). */
export function chatbotScriptSrc(scriptUrl: string, pageUrl: string): string {
  const url = new URL(scriptUrl);
  url.searchParams.set('url', scrubUrl(pageUrl));
  return url.toString();
}

/**
 * Speed Insights' script on the site's own host (Vercel serves it there). Given explicitly so the
 * SDK never picks its development script on another host.
 */
export const SPEED_INSIGHTS_SCRIPT = '/_vercel/speed-insights/script.js';
