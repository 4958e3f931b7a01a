import createIntlMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { routing } from './i18n/routing';

const handleI18nRouting = createIntlMiddleware(routing);

/** As Cordée's proxy.ts: next-intl's routing, and a fresh nonce in the page's policy (Next.js puts it on its scripts). */
export default function proxy(request: NextRequest) {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const nonce = btoa(String.fromCharCode(...bytes));
  const policy = `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`;
  request.headers.set('Content-Security-Policy', policy);
  const response = handleI18nRouting(request);
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = { matcher: ['/((?!api|_next|.*\\.(?:ico|png|svg|txt|xml|json|js|css|map|woff2?)$).*)'] };
