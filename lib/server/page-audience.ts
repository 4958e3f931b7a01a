import 'server-only';
import { notFound } from 'next/navigation';
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
 * A page cached whole: its visitor currency from its internal path's segment and its spec §2 page
 * type from its public path (what the proxy classified). An unknown segment is no page.
 */
export function cachedPageAudience(currencySegment: string, publicPath: string): PageAudience {
  const currency = parseCurrencySegment(currencySegment);
  if (!currency) notFound();
  return { kind: 'shared', currency, pageType: classifyPath(publicPath) };
}
