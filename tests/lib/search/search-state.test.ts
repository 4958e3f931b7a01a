import { describe, expect, it } from 'vitest';
import { foldText, queryWords, readQuery } from '@/lib/search/query-text';
import {
  defaultSearchState,
  fromStoredFilters,
  hasFilters,
  parseSearchState,
  radiusStepFor,
  RADIUS_STEPS,
  searchHref,
  searchStateToParams,
  toStoredFilters,
} from '@/lib/search/search-state';

describe('parseSearchState', () => {
  it('reads every spec §3 field and filter from the URL', () => {
    const state = parseSearchState(
      new URLSearchParams(
        'query=mont+blanc&aroundLatLng=45.92,6.87&aroundRadius=40000&travellers=4&activity=trekking&activity=hiking&type=private&level=easy&fitness=high&language=fr&duration=5-7&priceMin=100&priceMax=900&month=2027-02&country=fr&openGroups=1&sort=price&page=3',
      ),
    );
    expect(state).toEqual({
      query: 'mont blanc',
      aroundLatLng: { lat: 45.92, lng: 6.87 },
      aroundRadius: 40000,
      travellers: 4,
      filters: {
        activity: ['trekking', 'hiking'],
        type: 'private',
        level: ['easy'],
        fitness: ['high'],
        language: ['fr'],
        duration: '5-7',
        priceMin: 100,
        priceMax: 900,
        month: '2027-02',
        country: 'FR',
        openGroups: true,
      },
      sort: 'price',
      page: 3,
    });
  });

  it('accepts Next.js searchParams objects and comma-separated lists', () => {
    const state = parseSearchState({ activity: 'trekking,ski-touring', level: ['easy', 'hard'], query: undefined });
    expect(state.filters.activity).toEqual(['trekking', 'ski-touring']);
    expect(state.filters.level).toEqual(['easy', 'hard']);
  });

  it.each([
    ['activity=golf', { filters: { activity: [] } }],
    ['aroundLatLng=91,0', { aroundLatLng: null }],
    ['aroundLatLng=abc', { aroundLatLng: null }],
    ['aroundRadius=5', { aroundRadius: null }],
    ['aroundRadius=99999999', { aroundRadius: null }],
    ['travellers=0', { travellers: 2 }],
    ['travellers=-3', { travellers: 2 }],
    ['travellers=2.5', { travellers: 2 }],
    ['month=2027-13', { filters: { month: null } }],
    ['priceMin=-1', { filters: { priceMin: null } }],
    ['sort=random', { sort: 'relevance' }],
    ['page=0', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['country=FRA', { filters: { country: null } }],
  ])('drops an invalid value: %s', (query, expected) => {
    expect(parseSearchState(new URLSearchParams(query))).toMatchObject(expected);
  });

  it('swaps a reversed price range, trims and bounds the query', () => {
    const state = parseSearchState(new URLSearchParams(`priceMin=900&priceMax=100&query=${'  x\u0000y  '}`));
    expect(state.filters).toMatchObject({ priceMin: 100, priceMax: 900 });
    expect(state.query).toBe('x y');
    expect(parseSearchState(new URLSearchParams(`query=${'a'.repeat(300)}`)).query).toHaveLength(100);
  });
});

describe('searchStateToParams', () => {
  it('is canonical: defaults are left out and parsing it back gives the same state', () => {
    expect(searchStateToParams(defaultSearchState()).toString()).toBe('');
    const state = parseSearchState(new URLSearchParams('level=hard&level=easy&activity=hiking&activity=trekking&travellers=3&page=2'));
    const params = searchStateToParams(state);
    expect(params.toString()).toBe('activity=trekking&activity=hiking&level=easy&level=hard&travellers=3&page=2');
    expect(parseSearchState(params)).toEqual(state);
  });

  it('leaves out what a page fixes itself', () => {
    const state = parseSearchState(new URLSearchParams('activity=trekking&country=NP&duration=15%2B'));
    expect(searchHref('/trekking-in-nepal', state, ['activity', 'country'])).toBe('/trekking-in-nepal?duration=15%2B');
    expect(searchHref('/search', defaultSearchState())).toBe('/search');
  });
});

describe('local storage search.filters', () => {
  it('keeps filters, query, point, radius and travellers, not the page or the order', () => {
    const state = parseSearchState(new URLSearchParams('query=zermatt&aroundLatLng=46,7.7&aroundRadius=60000&travellers=3&activity=mountaineering&openGroups=1&page=4&sort=price'));
    const stored = toStoredFilters(state);
    expect(stored).toEqual({ filters: { activity: ['mountaineering'], openGroups: '1' }, query: 'zermatt', aroundLatLng: '46,7.7', aroundRadius: 60000, travellers: 3 });
    expect(fromStoredFilters(stored)).toEqual({ ...state, page: 1, sort: 'relevance' });
  });

  it('reads a stored state tolerantly', () => {
    expect(fromStoredFilters({ filters: { activity: 'nope', duration: '1' }, travellers: 5 })).toMatchObject({ travellers: 5, filters: { activity: [], duration: '1' } });
    expect(hasFilters(fromStoredFilters({}).filters)).toBe(false);
  });
});

describe('radiusStepFor (spec §9 steps)', () => {
  it.each([
    [20_000, 5_000, 20_000],
    [20_000, 20_000, 20_000],
    [20_000, 20_001, 40_000],
    [20_000, 450_000, 500_000],
    [20_000, 1_999_999, 2_000_000],
    [20_000, 2_000_001, null],
    [30_000, 35_000, 40_000],
    [150_000, 10_000, 150_000],
    [20_000, null, 20_000],
  ])('from %i with the nearest trip at %s m → %s', (requested, nearest, expected) => {
    expect(radiusStepFor(requested, nearest)).toBe(expected);
  });
  it('has the spec steps', () => {
    expect(RADIUS_STEPS).toEqual([20000, 40000, 60000, 100000, 200000, 500000, 1000000, 2000000]);
  });
});

describe('query text', () => {
  it('folds case, accents and punctuation like cordee_unaccent(lower())', () => {
    expect(foldText('Cordillère Blanche')).toBe('cordillere blanche');
    expect(foldText('Chamonix-Mont-Blanc (La Flégère)')).toBe('chamonix mont blanc la flegere');
    expect(foldText('Großglockner, Ötztal')).toBe('grossglockner otztal');
  });
  it('keeps the words that must match', () => {
    expect(queryWords('The Tour du Mont-Blanc trek')).toEqual(['tour', 'mont', 'blanc', 'trek']);
    expect(queryWords('a b')).toEqual([]);
  });
  it('reads an activity named in any language', () => {
    expect(readQuery('ski touring in Norway')).toEqual({ activities: ['ski-touring'], rest: 'norway' });
    expect(readQuery('Ski de randonnée en Norvège')).toEqual({ activities: ['ski-touring'], rest: 'norvege' });
    expect(readQuery('trekking')).toEqual({ activities: ['trekking'], rest: '' });
    expect(readQuery('escalada en hielo')).toMatchObject({ activities: ['ice-climbing'] });
    expect(readQuery('Zermatt, Valais')).toEqual({ activities: [], rest: 'Zermatt, Valais' });
  });
});
