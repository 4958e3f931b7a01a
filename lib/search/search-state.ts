import { activities, skillLevels, tripLanguages, tripLevels, type Activity, type SkillLevel, type TripLevel } from '../catalogue/vocabulary';
import type { SearchFilterState } from '../storage/keys';

/**
 * The search page's state (spec §3 "Search filter state": filters, query, aroundLatLng,
 * aroundRadius, travellers), read from and written to the URL so a search is shareable, and
 * remembered in local storage `search.filters`. Pure: parsing is tolerant (an invalid value is
 * dropped, never an error) and serialization is canonical (one URL per state).
 */

/** spec §9: search radius steps, in metres. */
export const RADIUS_STEPS = [20_000, 40_000, 60_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000] as const;
/** The largest radius step. */
export const MAX_RADIUS = 2_000_000;

export const durationBuckets = ['1', '2-4', '5-7', '8-14', '15+'] as const;
export type DurationBucket = (typeof durationBuckets)[number];

/** The day range of a duration bucket (inclusive; max null = no upper bound). */
export function durationRange(bucket: DurationBucket): { min: number; max: number | null } {
  switch (bucket) {
    case '1':
      return { min: 1, max: 1 };
    case '2-4':
      return { min: 2, max: 4 };
    case '5-7':
      return { min: 5, max: 7 };
    case '8-14':
      return { min: 8, max: 14 };
    case '15+':
      return { min: 15, max: null };
  }
}

export const tripTypeFilters = ['group', 'private'] as const;
export type TripTypeFilter = (typeof tripTypeFilters)[number];

export const sortOrders = ['relevance', 'price', 'price-desc', 'duration', 'rating', 'distance'] as const;
export type SortOrder = (typeof sortOrders)[number];

export type LatLng = { lat: number; lng: number };

export type SearchFilters = {
  activity: Activity[];
  type: TripTypeFilter | null;
  level: TripLevel[];
  fitness: SkillLevel[];
  language: string[];
  duration: DurationBucket | null;
  /** Whole units of the visitor's currency, inclusive. */
  priceMin: number | null;
  priceMax: number | null;
  /** YYYY-MM: trips that can depart that month. */
  month: string | null;
  /** ISO 3166 alpha-2: trips in that country (landing pages, links from destinations). */
  country: string | null;
  openGroups: boolean;
};

export type SearchState = {
  query: string;
  aroundLatLng: LatLng | null;
  /** Metres; null = the default (the place's own extent, else the first radius step). */
  aroundRadius: number | null;
  travellers: number;
  filters: SearchFilters;
  sort: SortOrder;
  page: number;
};

export const DEFAULT_SEARCH_TRAVELLERS = 2;
export const MAX_SEARCH_TRAVELLERS = 30;
export const MAX_QUERY_LENGTH = 100;
export const MAX_PRICE = 1_000_000;
export const MAX_PAGE = 500;

export function emptyFilters(): SearchFilters {
  return { activity: [], type: null, level: [], fitness: [], language: [], duration: null, priceMin: null, priceMax: null, month: null, country: null, openGroups: false };
}

export function defaultSearchState(): SearchState {
  return { query: '', aroundLatLng: null, aroundRadius: null, travellers: DEFAULT_SEARCH_TRAVELLERS, filters: emptyFilters(), sort: 'relevance', page: 1 };
}

/** The search a destination opens: every trip of the country for the default travellers count. */
export function countrySearchState(countryCode: string): SearchState {
  const state = defaultSearchState();
  state.filters.country = countryCode;
  return state;
}

/** The URL's parameters as a plain reader (URLSearchParams or Next.js searchParams). */
export type ParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

function reader(input: ParamsInput) {
  if (input instanceof URLSearchParams) return { all: (name: string) => input.getAll(name), one: (name: string) => input.get(name) ?? undefined };
  const all = (name: string) => {
    const value = input[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  };
  return { all, one: (name: string) => all(name)[0] };
}

/** Values of a repeatable or comma-separated parameter that belong to `allowed`, deduplicated, in `allowed` order. */
function listOf<T extends string>(values: string[], allowed: readonly T[]): T[] {
  const given = new Set(values.flatMap((value) => value.split(',')).map((value) => value.trim()));
  return allowed.filter((value) => given.has(value));
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | null {
  return value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

function wholeNumber(value: string | undefined, min: number, max: number): number | null {
  if (value === undefined || !/^\d{1,9}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return number >= min && number <= max ? number : null;
}

/** `lat,lng` in decimal degrees, within range. */
export function parseLatLng(value: string | undefined): LatLng | null {
  if (value === undefined) return null;
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(value);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

export function formatLatLng({ lat, lng }: LatLng): string {
  const round = (value: number) => String(Math.round(value * 1e5) / 1e5);
  return `${round(lat)},${round(lng)}`;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The search state a URL describes; anything invalid is left at its default. */
export function parseSearchState(input: ParamsInput): SearchState {
  const params = reader(input);
  const state = defaultSearchState();
  state.query = (params.one('query') ?? params.one('q') ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
  state.aroundLatLng = parseLatLng(params.one('aroundLatLng'));
  state.aroundRadius = wholeNumber(params.one('aroundRadius'), 1_000, MAX_RADIUS);
  state.travellers = wholeNumber(params.one('travellers'), 1, MAX_SEARCH_TRAVELLERS) ?? DEFAULT_SEARCH_TRAVELLERS;
  const filters = state.filters;
  filters.activity = listOf(params.all('activity'), activities);
  filters.type = oneOf(params.one('type'), tripTypeFilters);
  filters.level = listOf(params.all('level'), tripLevels);
  filters.fitness = listOf(params.all('fitness'), skillLevels);
  filters.language = listOf(params.all('language'), tripLanguages);
  filters.duration = oneOf(params.one('duration'), durationBuckets);
  filters.priceMin = wholeNumber(params.one('priceMin'), 0, MAX_PRICE);
  filters.priceMax = wholeNumber(params.one('priceMax'), 0, MAX_PRICE);
  if (filters.priceMin !== null && filters.priceMax !== null && filters.priceMin > filters.priceMax) {
    [filters.priceMin, filters.priceMax] = [filters.priceMax, filters.priceMin];
  }
  const month = params.one('month');
  filters.month = month !== undefined && MONTH.test(month) ? month : null;
  const country = params.one('country')?.trim().toUpperCase();
  filters.country = country && /^[A-Z]{2}$/.test(country) ? country : null;
  filters.openGroups = ['1', 'true', 'on'].includes(params.one('openGroups') ?? '');
  state.sort = oneOf(params.one('sort'), sortOrders) ?? 'relevance';
  state.page = wholeNumber(params.one('page'), 1, MAX_PAGE) ?? 1;
  return state;
}

/**
 * The canonical URL parameters of a state (defaults left out). `omit` leaves out parameters a page
 * fixes itself (a landing page's activity and country).
 */
export function searchStateToParams(state: SearchState, omit: readonly string[] = []): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | null | undefined) => {
    if (value !== null && value !== undefined && value !== '' && !omit.includes(name)) params.append(name, value);
  };
  const { filters } = state;
  set('query', state.query);
  set('aroundLatLng', state.aroundLatLng && formatLatLng(state.aroundLatLng));
  set('aroundRadius', state.aroundRadius === null ? null : String(state.aroundRadius));
  for (const activity of filters.activity) set('activity', activity);
  set('type', filters.type);
  for (const level of filters.level) set('level', level);
  for (const fitness of filters.fitness) set('fitness', fitness);
  for (const language of filters.language) set('language', language);
  set('duration', filters.duration);
  set('priceMin', filters.priceMin === null ? null : String(filters.priceMin));
  set('priceMax', filters.priceMax === null ? null : String(filters.priceMax));
  set('month', filters.month);
  set('country', filters.country);
  set('openGroups', filters.openGroups ? '1' : null);
  set('travellers', state.travellers === DEFAULT_SEARCH_TRAVELLERS ? null : String(state.travellers));
  set('sort', state.sort === 'relevance' ? null : state.sort);
  set('page', state.page === 1 ? null : String(state.page));
  return params;
}

/** `path?params` (no `?` when there is none). */
export function searchHref(path: string, state: SearchState, omit: readonly string[] = []): string {
  const query = searchStateToParams(state, omit).toString();
  return query ? `${path}?${query}` : path;
}

/** Whether any filter narrows the results (the travellers count, sort and page do not). */
export function hasFilters(filters: SearchFilters): boolean {
  return Object.entries(filters).some(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== null && value !== false));
}

/** spec §3: the state kept in local storage `search.filters` (page and sort are not remembered). */
export function toStoredFilters(state: SearchState): SearchFilterState {
  const params = searchStateToParams({ ...state, query: '', aroundLatLng: null, aroundRadius: null, travellers: DEFAULT_SEARCH_TRAVELLERS, sort: 'relevance', page: 1 });
  const filters: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    filters[name] = values.length === 1 && !['activity', 'level', 'fitness', 'language'].includes(name) ? values[0]! : values;
  }
  const stored: SearchFilterState = { filters, travellers: state.travellers };
  if (state.query) stored.query = state.query;
  if (state.aroundLatLng) stored.aroundLatLng = formatLatLng(state.aroundLatLng);
  if (state.aroundRadius !== null) stored.aroundRadius = state.aroundRadius;
  return stored;
}

/** The search state a stored `search.filters` value describes (tolerant like the URL). */
export function fromStoredFilters(stored: SearchFilterState): SearchState {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(stored.filters ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  if (stored.query) params.set('query', stored.query);
  if (stored.aroundLatLng) params.set('aroundLatLng', stored.aroundLatLng);
  if (stored.aroundRadius !== undefined) params.set('aroundRadius', String(Math.round(stored.aroundRadius)));
  if (stored.travellers !== undefined) params.set('travellers', String(stored.travellers));
  params.delete('page');
  params.delete('sort');
  return parseSearchState(params);
}

/**
 * The radius a place search uses: the smallest spec §9 step that is at least the requested radius
 * and reaches the nearest matching trip; null when even the largest step does not (the page then
 * lists the nearest trips, however far).
 */
export function radiusStepFor(requested: number, nearestMeters: number | null): number | null {
  const needed = Math.max(requested, nearestMeters ?? 0);
  if (needed <= requested) return requested;
  return RADIUS_STEPS.find((step) => step >= needed) ?? null;
}
