import 'server-only';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import type { VisitorCurrency } from '../money/visitor-currency';
import { parseCurrencySegment } from '../routing/cached-pages';
import { classifyPath, type PageType } from '../routing/page-type';

/**
 * What a page cached whole (lib/routing/cached-pages.ts) knows of its request: it comes
 * from the page's internal path, never from the request's headers or cookies, so that the page is
 * the same for every visitor of that path. Set once at the top of the page, like next-intl's
 * `setRequestLocale`; pages rendered on each request leave it unset and read the proxy's headers.
 */
export type CachedPageContext = { currency: VisitorCurrency; pageType: PageType };

const store = cache((): { page: CachedPageContext | null } => ({ page: null }));

export function setCachedPage(page: CachedPageContext): void {
  store().page = page;
}

/** The cached page's context, or null on a page rendered on each request. */
export function cachedPageContext(): CachedPageContext | null {
  return store().page;
}

/**
 * The top of every page cached whole: its visitor currency from its internal path's segment and its
 * spec §2 page type from its public path (what the proxy classified). An unknown segment is no page.
 */
export function enterCachedPage(currency: string, publicPath: string): void {
  const parsed = parseCurrencySegment(currency);
  if (!parsed) notFound();
  setCachedPage({ currency: parsed, pageType: classifyPath(publicPath) });
}
