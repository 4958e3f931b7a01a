import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { withSentryConfig } from '@sentry/nextjs/config';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Canonical URLs have no trailing slash; Next.js answers 308 for the slashed variant.
  trailingSlash: false,
  typedRoutes: false,
  // 'use cache' + cacheTag for the pages' named queries (lib/server/cached-queries.ts, issue 8),
  // without Cache Components: pages stay dynamic (the visitor's currency) and read cached data.
  experimental: { useCache: true },
  // The dev server is reached at 127.0.0.1 by the Playwright config: let its live-reload socket through.
  allowedDevOrigins: ['127.0.0.1'],
  async headers() {
    // Generated images never change under a given path: cache them for a year.
    return [{ source: '/assets/:path*', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] }];
  },
};

export default withSentryConfig(withNextIntl(nextConfig), {
  // No auth token here: source maps are not uploaded and the build never calls Sentry.
  silent: true,
  telemetry: false,
  sourcemaps: { disable: true },
});
