import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { withSentryConfig } from '@sentry/nextjs/config';
import { API_CONTENT_SECURITY_POLICY, ASSET_CONTENT_SECURITY_POLICY, SECURITY_HEADERS, UNPROXIED_EXTENSIONS, UNPROXIED_PREFIXES } from './lib/security/csp';
import { ACTION_BODY_LIMIT_BYTES } from './lib/server/request-guard.ts';
import { precompressStaticFiles, staticDirOf } from './lib/server/static-files.ts';

// Messages are compiled at build time: the browser gets their compiled form and a small
// formatter instead of the ICU parser (about 7 KB gzip off every page's first load).
const withNextIntl = createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

const nextConfig: NextConfig = {
  // Pages cached whole live in this process's memory (never in the build's folder, which
  // several instances, and the measurement e2e's two apps with different settings, share); while
  // the database is down the proxy serves the ones held here.
  cacheHandler: path.join(process.cwd(), 'lib/cache/page-store.ts'),
  // 'use cache' data in Next.js's own memory handler; with REDIS_URL, every tag expiry reaches all
  // instances, so a change seen on one expires the pages and data of every instance.
  cacheHandlers: { default: path.join(process.cwd(), 'lib/cache/shared-cache-tags.ts') },
  reactStrictMode: true,
  poweredByHeader: false,
  // scripts/serve.ts compresses what Next.js answers (brotli for browsers: lib/server/compress-answers.ts).
  compress: false,
  // Pages are never stored by browsers nor shared caches (private, no-store: the same URL shows each
  // visitor's currency), so an ETag serves nothing, and Next.js would hash every page's whole HTML
  // in JavaScript on each request: a third of a cached trip page's cost.
  // Static assets keep theirs (they are served apart, immutable).
  generateEtags: false,
  // Canonical URLs have no trailing slash. The proxy redirects a slashed page path itself (lib/routing/
  // legacy-paths.ts), together with the other duplicate variants, so `/en/about/` reaches `/about` in
  // one hop instead of Next.js's slash redirect followed by the proxy's.
  trailingSlash: false,
  skipTrailingSlashRedirect: true,
  typedRoutes: false,
  // `npm test` type-checks the whole project (next typegen && tsc) before it builds, and says so with
  // TYPES_CHECKED=1: its build skips the same check a second time (decision 0100).
  typescript: { ignoreBuildErrors: process.env.TYPES_CHECKED === '1' },
  // The dev server is reached at 127.0.0.1 by the Playwright config: let its live-reload socket through.
  allowedDevOrigins: ['127.0.0.1'],
  // The static files' brotli and gzip copies that scripts/serve.ts serves (lib/server/static-files.ts).
  compiler: {
    runAfterProductionCompile: async ({ projectDir, distDir }) => void (await precompressStaticFiles(staticDirOf(path.resolve(projectDir, distDir)))),
  },
  experimental: {
    // 'use cache' + cacheTag for the pages' named queries (lib/server/cached-queries.ts),
    // without Cache Components: pages stay dynamic (the visitor's currency) and read cached data.
    useCache: true,
    // A CI machine starts from a clean clone and builds once: Turbopack's build cache would be
    // written (20 s on 2 cores) and never read.
    turbopackFileSystemCacheForBuild: !process.env.CI,
    // The largest page limit (a review's photos on My trips); each page's forms are held to their own
    // limit by scripts/serve.ts, which refuses bigger bodies unread with 413
    // (lib/server/request-guard.ts `bodyLimitFor`), before Next.js sees them.
    serverActions: { bodySizeLimit: ACTION_BODY_LIMIT_BYTES },
  },
  async headers() {
    return [
      // Security headers on every response. Pages get their Content-Security-Policy from proxy.ts or
      // the page store (it depends on the runtime configuration and the page's scripts); what the
      // proxy does not see (its matcher) gets a fixed one here: static files and the framework's
      // bare 404 the asset policy, the JSON APIs and the Sentry tunnel nothing at all (the last match wins).
      { source: '/:path*', headers: [...SECURITY_HEADERS] },
      { source: `/:path(.*\\.(?:${UNPROXIED_EXTENSIONS}))`, headers: [{ key: 'Content-Security-Policy', value: ASSET_CONTENT_SECURITY_POLICY }] },
      // The framework floor is a page: it keeps the page policy its HTML gets, or its scripts would be blocked.
      { source: `/:path((?:${UNPROXIED_PREFIXES.filter((prefix) => prefix !== 'bench-floor').join('|')}).*)`, headers: [{ key: 'Content-Security-Policy', value: ASSET_CONTENT_SECURITY_POLICY }] },
      { source: '/:path((?:api|monitoring).*)', headers: [{ key: 'Content-Security-Policy', value: API_CONTENT_SECURITY_POLICY }] },
      // Generated images never change under a given path: cache them for a year.
      { source: '/assets/:path*', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    ];
  },
};

export default withSentryConfig(withNextIntl(nextConfig), {
  // No auth token here: source maps are not uploaded and the build never calls Sentry.
  silent: true,
  telemetry: false,
  sourcemaps: { disable: true },
});
