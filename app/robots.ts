import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/site-config';

// SITE_URL is read at start, not at build.
export const dynamic = 'force-dynamic';

/**
 * What crawlers may fetch: everything but the APIs, the framework's internal data and
 * the error-reporting tunnel. Scripts and styles under /_next/static stay open, as search engines
 * render pages with them.
 */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/_next/data/', '/_next/image', '/_app', '/monitoring', '/bench-floor'] }],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
