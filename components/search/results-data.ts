import 'server-only';
import type { SearchOutcome } from '@/lib/db/queries/search';
import type { Locale } from '@/lib/locales';
import { placeArticle, type PlaceArticle } from '@/lib/search/place-article';
import { searchHref, searchStateToParams, toStoredFilters, type SearchState } from '@/lib/search/search-state';
import { siteImages } from '@/lib/site-config';
import type { SearchFilterState } from '@/lib/storage';

export type Suggestion = { label: string; href: string };

/** What the filters show of one search: its values as URL parameters and what depends on them. */
export type FilterState = {
  /** The current filter values, as URL parameters (the server's canonical reading of the URL). */
  values: Record<string, string[]>;
  /** URL parameters carried along unchanged (query, aroundLatLng, aroundRadius). */
  hidden: [string, string][];
  /** The number of active filters (shown on the phone's disclosure). */
  activeCount: number;
  clearHref: string;
  /** spec §3: the state to remember in local storage `search.filters`; null on pages that do not remember. */
  remember: SearchFilterState | null;
};

/**
 * One search's results as data: what the server-rendered page and `GET /api/search` both draw the
 * results from (components/search/search-results.tsx), so the two cannot differ.
 */
export type SearchResultsData = Omit<SearchOutcome, 'trips'> & {
  trips: (SearchOutcome['trips'][number] & { coverSrc: string })[];
  state: SearchState;
  suggestions: Suggestion[];
  filters: FilterState;
  /** The searched place as French and Spanish put it after "de" (its article), null without a named place. */
  placeOf: { article: PlaceArticle; place: string } | null;
};

const STATE_PARAMS = new Set(['query', 'aroundLatLng', 'aroundRadius']);

/** The filters' state for a search on a page (`fixed`: parameters the page sets itself, not shown). */
export function filterState(state: SearchState, basePath: string, fixed: readonly ('activity' | 'country')[], remember: boolean): FilterState {
  const params = searchStateToParams({ ...state, page: 1 }, fixed);
  const values: Record<string, string[]> = {};
  for (const name of new Set(params.keys())) values[name] = params.getAll(name);
  values.travellers = [String(state.travellers)];
  const hidden = [...params.entries()].filter(([name]) => STATE_PARAMS.has(name));
  const activeCount = [...params.keys()].filter((name) => !STATE_PARAMS.has(name) && name !== 'travellers' && name !== 'sort').length;
  const cleared = { ...state.filters, activity: [], type: null, level: [], fitness: [], language: [], duration: null, priceMin: null, priceMax: null, month: null, openGroups: false };
  const clearHref = searchHref(basePath, { ...state, filters: { ...cleared, country: fixed.includes('country') ? state.filters.country : null }, sort: 'relevance', page: 1 }, fixed);
  return { values, hidden, activeCount, clearHref, remember: remember ? toStoredFilters(state) : null };
}

/** A search's outcome as the results' data: each card with its cover's address. */
export function searchResultsData(locale: Locale, state: SearchState, outcome: SearchOutcome, suggestions: Suggestion[], filters: FilterState): SearchResultsData {
  const images = siteImages();
  const placeOf = outcome.place?.name ? placeArticle(outcome.place.name, outcome.place.kind, locale) : null;
  return { ...outcome, trips: outcome.trips.map((trip) => ({ ...trip, coverSrc: images.tripCover(trip.hasCover ? trip.key : null) })), state, suggestions, filters, placeOf };
}
