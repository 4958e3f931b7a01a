import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

// As Cordée's next.config.ts: messages compiled at build time.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

const nextConfig: NextConfig = {
  poweredByHeader: false,
  generateEtags: false,
  reactStrictMode: true,
};

export default withNextIntl(nextConfig);
