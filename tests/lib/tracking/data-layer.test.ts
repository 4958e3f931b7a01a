import { describe, expect, it } from 'vitest';
import { dropEmptyValues, hotelContentInfo, pageInfo, pushToDataLayer, searchInfo, tripContentInfo, type DataLayerTarget } from '../../../lib/tracking/data-layer';

describe('dropEmptyValues (spec §5: empty values are dropped from tracking payloads)', () => {
  it.each([
    ['null', null, undefined],
    ['undefined', undefined, undefined],
    ['a blank string', '  ', undefined],
    ['NaN', Number.NaN, undefined],
    ['an empty array', [], undefined],
    ['an empty object', {}, undefined],
    ['zero', 0, 0],
    ['false', false, false],
    ['a string', 'Chamonix', 'Chamonix'],
  ])('%s', (_name, value, expected) => {
    expect(dropEmptyValues(value)).toEqual(expected);
  });

  it('drops empty fields at every depth, and containers left empty', () => {
    expect(dropEmptyValues({ a: '', b: { c: null, d: [] }, e: ['x', '', null], f: 0 })).toEqual({ e: ['x'], f: 0 });
  });
});

describe('page info (spec §7: on every page)', () => {
  it('carries page type, locale and currency', () => {
    expect(pageInfo({ pageType: 'search', locale: 'fr', currency: 'EUR' })).toEqual({ event: 'page_info', page_type: 'search', locale: 'fr', currency: 'EUR' });
  });
  it('drops a missing currency', () => {
    expect(pageInfo({ pageType: 'home', locale: 'en', currency: null })).toEqual({ event: 'page_info', page_type: 'home', locale: 'en' });
  });
});

describe('trip content info (spec §5/§7)', () => {
  it('is a product with the trip id, city, region and country', () => {
    expect(tripContentInfo({ id: 42, city: 'Chamonix', region: 'Mont Blanc', country: 'FR' })).toEqual({
      event: 'content_info',
      content_type: 'product',
      content_ids: ['42'],
      city: 'Chamonix',
      region: 'Mont Blanc',
      country: 'FR',
    });
  });
  it.each([null, undefined, '', '  '])('is skipped without a trip id (%j)', (id) => {
    expect(tripContentInfo({ id, city: 'Chamonix', country: 'FR' })).toBeNull();
  });
  it('drops empty place fields', () => {
    expect(tripContentInfo({ id: 'k2', city: '', region: null, country: 'PK' })).toEqual({ event: 'content_info', content_type: 'product', content_ids: ['k2'], country: 'PK' });
  });
});

describe('hotel content info (spec §7: content_type hotel)', () => {
  it('lists the hotel ids of the block', () => {
    expect(hotelContentInfo([3, 4], { city: 'Zermatt', region: 'Valais', country: 'CH' })).toEqual({
      event: 'content_info',
      content_type: 'hotel',
      content_ids: ['3', '4'],
      city: 'Zermatt',
      region: 'Valais',
      country: 'CH',
    });
  });
  it('is skipped without hotels', () => {
    expect(hotelContentInfo([], { country: 'CH' })).toBeNull();
  });
});

describe('search info (spec §5: skipped without a country or without trip ids)', () => {
  it('carries the country, the trip ids and the query', () => {
    expect(searchInfo({ country: 'NP', tripIds: [1, 2], query: 'everest' })).toEqual({ event: 'search_info', country: 'NP', content_ids: ['1', '2'], query: 'everest' });
  });
  it.each([
    ['no country', { country: null, tripIds: [1] }],
    ['a blank country', { country: ' ', tripIds: [1] }],
    ['no trip ids', { country: 'NP', tripIds: [] }],
  ])('is skipped with %s', (_name, search) => {
    expect(searchInfo(search)).toBeNull();
  });
});

describe('pushToDataLayer', () => {
  it('creates window.dataLayer and pushes the entries in order, skipping skipped ones', () => {
    const target: DataLayerTarget = {};
    pushToDataLayer(target, [pageInfo({ pageType: 'trip', locale: 'en', currency: 'USD' }), null, tripContentInfo({ id: 1 })]);
    expect((target.dataLayer as { event: string }[]).map((entry) => entry.event)).toEqual(['page_info', 'content_info']);
  });
  it('appends to a data layer a tag manager already created', () => {
    const target: DataLayerTarget = { dataLayer: [{ 'gtm.start': 1 }] };
    pushToDataLayer(target, [tripContentInfo({ id: 1 })]);
    expect(target.dataLayer).toHaveLength(2);
  });
});
