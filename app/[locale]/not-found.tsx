import { NotFoundFallback } from '@/components/layout/not-found-fallback';

/**
 * spec §2 "Not-found page" when a page calls notFound(): Next.js renders this boundary into every
 * page's payload, so it is a client leaf (no server-rendered shell per request). Paths the site does
 * not serve get the full page from proxy.ts (app/[locale]/404/page.tsx), with HTTP 404.
 */
export default function LocaleNotFound() {
  return <NotFoundFallback />;
}
