import { filterState, searchResultsData } from '@/components/search/results-data';
import { searchSuggestions } from '@/components/search/suggestions';
import { isoDayOf } from '@/lib/iso-day';
import { isLocale } from '@/lib/locales';
import { decodeVisitorCurrency } from '@/lib/money/visitor-currency';
import { paths } from '@/lib/routing/paths';
import { parseSearchState, searchStateToParams } from '@/lib/search/search-state';
import { searchTripsOnce } from '@/lib/server/cached-queries';
import { getTranslations } from 'next-intl/server';
import { refusedByLimit } from '@/lib/server/endpoint-limit';
import { getPricingContext } from '@/lib/server/pricing-context';

/**
 * A search's results as data: `GET /api/search?{search parameters}&locale=fr&currency=EUR-cookie` →
 * components/search/results-data.ts `SearchResultsData`, what the search page draws its results
 * from (the page renders the same data for its first load). Same query code and bounded pool as a
 * search's first page load (`searchTripsOnce`); the answer depends on the URL alone (the visitor's
 * currency is a parameter, only ever a display choice), so shared caches may keep it a minute. An
 * unknown locale is a 400; a search past its bounds a 503 the page reports, never a 500; a client
 * past its per-minute allowance a 429 with Retry-After and the message the page shows.
 */
export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const locale = params.get('locale') ?? '';
  if (!isLocale(locale)) return Response.json({ error: 'invalid' }, { status: 400, headers: { 'cache-control': 'public, max-age=300' } });
  // Each client's own per-minute allowance (docs/decisions/0296): past it 429 with a localized message.
  const refused = await refusedByLimit('search', request, async (seconds) => (await getTranslations({ locale, namespace: 'Search' }))('rateLimited', { seconds }));
  if (refused) return refused;
  const currency = decodeVisitorCurrency(params.get('currency'));
  params.delete('locale');
  params.delete('currency');
  const state = parseSearchState(params);
  const pricing = await getPricingContext({ kind: 'shared', currency, pageType: 'search' });
  const outcome = await searchTripsOnce(searchStateToParams(state).toString(), locale, pricing.conversion, isoDayOf(new Date()));
  const headers = { 'x-robots-tag': 'noindex' };
  if (outcome === null) return Response.json({ error: 'busy' }, { status: 503, headers: { ...headers, 'cache-control': 'no-store', 'retry-after': '1' } });
  const data = searchResultsData(locale, state, outcome, await searchSuggestions(locale, state, outcome), filterState(state, paths.search(locale), [], true));
  return Response.json(data, { headers: { ...headers, 'cache-control': 'public, max-age=60' } });
}
