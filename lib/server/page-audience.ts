import 'server-only';
import { notFound } from 'next/navigation';
import { FALLBACK_CURRENCY } from '../money/currency';
import type { VisitorCurrency } from '../money/visitor-currency';
import { parseCurrencySegment } from '../routing/cached-pages';
import { classifyPath, type PageType } from '../routing/page-type';

/**
 * Who a page is drawn for, handed as an argument to everything that reads the visitor (prices, the
 * phone field's first country, the measurement's page info). A shared page is the same for every
 * visitor: a page cached whole (lib/routing/cached-pages.ts) has its currency and page type from its
 * internal path, never from the request. Any other page is drawn for this visitor alone and reads
 * the proxy's request headers.
 */
export type PageAudience = { kind: 'shared'; currency: VisitorCurrency; pageType: PageType } | { kind: 'this-visitor' };

/** A page rendered on each request for the visitor who asked. */
export const THIS_VISITOR: PageAudience = { kind: 'this-visitor' };

/**
 * The not-found boundary: Next.js draws it along with every page of its segment, cached ones
 * included, so it reads nothing of the request (prices in USD, spec §8's fallback). The proxy's own
 * 404 page (app/[locale]/404) is drawn for the visitor.
 */
export const NOT_FOUND_AUDIENCE: PageAudience = { kind: 'shared', currency: { code: FALLBACK_CURRENCY, source: 'fallback' }, pageType: 'landing' };

/**
 * A page cached whole: its visitor currency from its internal path's segment and its spec §2 page
 * type from its public path (what the proxy classified). An unknown segment is no page.
 */
export function cachedPageAudience(currencySegment: string, publicPath: string): PageAudience {
  const currency = parseCurrencySegment(currencySegment);
  if (!currency) notFound();
  return { kind: 'shared', currency, pageType: classifyPath(publicPath) };
}
