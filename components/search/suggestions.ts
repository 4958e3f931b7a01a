import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { SearchOutcome } from '@/lib/db/queries/search';
import type { Locale } from '@/lib/locales';
import { appPagePath } from '@/lib/routing/app-pages';
import { paths } from '@/lib/routing/paths';
import { cachedLandingPageLinks } from '@/lib/server/cached-queries';
import { hasFilters, searchHref, defaultSearchState, type SearchState } from '@/lib/search/search-state';
import type { Suggestion } from './results-data';

/**
 * spec §8 "No trips for activity and location → a no-results message" with ways out: drop the
 * filters, the same activity anywhere, landing pages of that activity (else popular ones), all
 * trips, and the concierge.
 */
export async function searchSuggestions(locale: Locale, state: SearchState, outcome: SearchOutcome): Promise<Suggestion[]> {
  if (outcome.total > 0) return [];
  const t = await getTranslations({ locale, namespace: 'Search' });
  const catalogue = await getTranslations({ locale, namespace: 'Catalogue' });
  const base = paths.search(locale);
  const suggestions: Suggestion[] = [];
  if (hasFilters(state.filters)) {
    suggestions.push({ label: t('empty.clearFilters'), href: searchHref(base, { ...defaultSearchState(), query: state.query, aroundLatLng: state.aroundLatLng, travellers: state.travellers }) });
  }
  const activity = state.filters.activity[0] ?? outcome.queryActivities[0];
  if (activity && (state.query || state.aroundLatLng || state.filters.country)) {
    const only = defaultSearchState();
    only.filters.activity = [activity];
    suggestions.push({ label: t('empty.sameActivity', { activity: catalogue(`activity.${activity}`) }), href: searchHref(base, only) });
  }
  const landings = await cachedLandingPageLinks(locale, activity ?? null, 4).catch(() => []);
  for (const landing of landings) suggestions.push({ label: landing.title, href: paths.landing(locale, landing.slug) });
  suggestions.push({ label: t('empty.allTrips'), href: base });
  suggestions.push({ label: t('empty.concierge'), href: appPagePath('concierge', locale) });
  const seen = new Set<string>();
  return suggestions.filter((suggestion) => !seen.has(suggestion.href) && seen.add(suggestion.href));
}
