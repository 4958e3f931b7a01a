import { describe, expect, it } from 'vitest';
import { readStorage, storageKeys, writeStorage, type StorageKey } from '../../../lib/storage';
import { MemoryStorage } from './fake-storage';

describe('storageKeys: key names', () => {
  it.each([
    ['settings', 'settings'],
    ['searchFilters', 'search.filters'],
    ['bannerClosed', 'bannerClosed'],
    ['currency', 'currency'],
    ['travellers', 'travellers'],
    ['campaignData', 'campaignData'],
    ['cookieConsent', 'cookieConsent'],
  ] as const)('%s is stored under "%s"', (id, name) => {
    expect(storageKeys[id].name).toBe(name);
  });
});

describe('storageKeys: defaults when absent (spec §3)', () => {
  it.each([
    ['settings', { version: '1.0.0' }],
    ['searchFilters', {}],
    ['bannerClosed', false],
    ['currency', null],
    ['travellers', 2],
    ['campaignData', null],
    ['cookieConsent', null],
  ] as const)('%s defaults to %j', (id, expected) => {
    const key = storageKeys[id] as StorageKey<unknown>;
    expect(key.parse(null)).toEqual(expected);
    expect(readStorage(key, new MemoryStorage())).toEqual(expected);
  });

  it('returns a fresh default each time (no shared mutable default)', () => {
    const a = storageKeys.searchFilters.parse(null);
    a.query = 'mutated';
    expect(storageKeys.searchFilters.parse(null)).toEqual({});
  });
});

type ParseCase = [keyof typeof storageKeys, string, unknown];

const parseCases: ParseCase[] = [
  // settings
  ['settings', '{"version":"1.0.0"}', { version: '1.0.0' }],
  ['settings', '{"version":"2.1.0"}', { version: '2.1.0' }],
  ['settings', 'not json', { version: '1.0.0' }],
  ['settings', '{', { version: '1.0.0' }],
  ['settings', '[]', { version: '1.0.0' }],
  ['settings', '{}', { version: '1.0.0' }],
  ['settings', '{"version":1}', { version: '1.0.0' }],
  ['settings', 'null', { version: '1.0.0' }],
  // search.filters
  ['searchFilters', '{}', {}],
  ['searchFilters', 'garbage', {}],
  ['searchFilters', '"text"', {}],
  ['searchFilters', '[1,2]', {}],
  ['searchFilters', 'null', {}],
  [
    'searchFilters',
    '{"filters":{"activity":"climbing","level":["easy","hard"]},"query":"mont blanc","aroundLatLng":"45.8,6.8","aroundRadius":5000,"travellers":3}',
    {
      filters: { activity: 'climbing', level: ['easy', 'hard'] },
      query: 'mont blanc',
      aroundLatLng: '45.8,6.8',
      aroundRadius: 5000,
      travellers: 3,
    },
  ],
  ['searchFilters', '{"query":42,"aroundRadius":"far","travellers":0,"other":true}', {}],
  ['searchFilters', '{"filters":{"a":1,"b":["x",2]}}', { filters: { b: ['x'] } }],
  // bannerClosed
  ['bannerClosed', 'true', true],
  ['bannerClosed', 'false', false],
  ['bannerClosed', '"true"', true],
  ['bannerClosed', '1', false],
  ['bannerClosed', 'yes', false],
  ['bannerClosed', '', false],
  // currency
  ['currency', 'EUR', 'EUR'],
  ['currency', 'chf', 'CHF'],
  ['currency', '"USD"', 'USD'],
  ['currency', ' GBP ', 'GBP'],
  ['currency', 'null', null],
  ['currency', 'undefined', null],
  ['currency', 'local', null],
  ['currency', '', null],
  ['currency', '   ', null],
  ['currency', 'euro', null],
  ['currency', '{"code":"EUR"}', null],
  // travellers
  ['travellers', '1', 1],
  ['travellers', '4', 4],
  ['travellers', '12', 12],
  ['travellers', '0', 2],
  ['travellers', '-3', 2],
  ['travellers', '2.5', 2],
  ['travellers', 'abc', 2],
  ['travellers', '', 2],
  ['travellers', 'null', 2],
  ['travellers', '1e3', 2],
  // campaignData
  [
    'campaignData',
    '{"utm":{"utm_source":"news"},"url":"https://cordee.example/?utm_source=news","firstSeenAt":"2024-01-01T00:00:00.000Z"}',
    { utm: { utm_source: 'news' }, url: 'https://cordee.example/?utm_source=news', firstSeenAt: '2024-01-01T00:00:00.000Z' },
  ],
  ['campaignData', 'not json', null],
  ['campaignData', '{"utm":{"utm_source":1},"url":"x","firstSeenAt":"y"}', null],
  ['campaignData', '{"utm":{},"url":"x"}', null],
  ['campaignData', '[]', null],
  // cookieConsent
  ['cookieConsent', 'accepted', 'accepted'],
  ['cookieConsent', 'refused', 'refused'],
  ['cookieConsent', '"accepted"', 'accepted'],
  ['cookieConsent', 'null', null],
  ['cookieConsent', 'yes', null],
  ['cookieConsent', '', null],
];

describe('storageKeys: tolerant parse of stored strings', () => {
  it.each(parseCases)('%s: %j reads as %j', (id, raw, expected) => {
    const key = storageKeys[id] as StorageKey<unknown>;
    expect(key.parse(raw)).toEqual(expected);
    expect(readStorage(key, new MemoryStorage({ [key.name]: raw }))).toEqual(expected);
  });
});

describe('storageKeys: values round-trip through serialize and parse', () => {
  const roundTrips: [keyof typeof storageKeys, unknown][] = [
    ['settings', { version: '1.0.0' }],
    ['searchFilters', { filters: { a: 'b', c: ['d'] }, query: 'q', aroundLatLng: '1,2', aroundRadius: 10, travellers: 5 }],
    ['searchFilters', {}],
    ['bannerClosed', true],
    ['bannerClosed', false],
    ['currency', 'EUR'],
    ['travellers', 7],
    ['campaignData', { utm: { utm_medium: 'email' }, url: '/?utm_medium=email', firstSeenAt: '2024-05-01T10:00:00.000Z' }],
    ['cookieConsent', 'accepted'],
    ['cookieConsent', 'refused'],
  ];
  it.each(roundTrips)('%s: %j', (id, value) => {
    const key = storageKeys[id] as StorageKey<unknown>;
    const storage = new MemoryStorage();
    expect(writeStorage(key, value, storage)).toBe(true);
    expect(readStorage(key, storage)).toEqual(value);
  });
});
