import { describe, expect, it } from 'vitest';
import {
  closeBanner,
  getCookieConsent,
  getCurrency,
  getSearchFilters,
  getSettings,
  getTravellers,
  isBannerClosed,
  setCookieConsent,
  setCurrency,
  setSearchFilters,
  setTravellers,
  type CookieConsent,
} from '../../../lib/storage';
import { MemoryStorage } from './fake-storage';

describe('settings (spec §3)', () => {
  it.each([
    [undefined, { version: '1.0.0' }],
    ['{"version":"1.0.0"}', { version: '1.0.0' }],
    ['{"version":"1.2.0"}', { version: '1.2.0' }],
    ['{oops', { version: '1.0.0' }],
  ])('stored %j reads as %j', (raw, expected) => {
    const storage = new MemoryStorage(raw === undefined ? {} : { settings: raw });
    expect(getSettings(storage)).toEqual(expected);
  });
});

describe('travellers (spec §3/§4: defaults to 2 if absent or zero)', () => {
  it.each([
    [undefined, 2],
    ['0', 2],
    ['-1', 2],
    ['1.5', 2],
    ['two', 2],
    ['1', 1],
    ['3', 3],
    ['10', 10],
  ])('stored %j reads as %d', (raw, expected) => {
    const storage = new MemoryStorage(raw === undefined ? {} : { travellers: raw });
    expect(getTravellers(storage)).toBe(expected);
  });

  it.each([1, 2, 8])('setTravellers(%d) stores it', (count) => {
    const storage = new MemoryStorage();
    expect(setTravellers(count, storage)).toBe(true);
    expect(storage.getItem('travellers')).toBe(String(count));
    expect(getTravellers(storage)).toBe(count);
  });

  it.each([0, -2, 2.5, Number.NaN, Number.POSITIVE_INFINITY])('setTravellers(%d) is refused', (count) => {
    const storage = new MemoryStorage({ travellers: '4' });
    expect(setTravellers(count, storage)).toBe(false);
    expect(getTravellers(storage)).toBe(4);
  });
});

describe('currency (spec §3: "null", "undefined", "local" or empty mean no choice)', () => {
  it.each([
    [undefined, null],
    ['null', null],
    ['undefined', null],
    ['local', null],
    ['', null],
    ['EUR', 'EUR'],
    ['usd', 'USD'],
    ['"CHF"', 'CHF'],
    ['euros', null],
  ])('stored %j reads as %j', (raw, expected) => {
    const storage = new MemoryStorage(raw === undefined ? {} : { currency: raw });
    expect(getCurrency(storage)).toBe(expected);
  });

  it('setCurrency stores an upper-cased code', () => {
    const storage = new MemoryStorage();
    expect(setCurrency('gbp', storage)).toBe(true);
    expect(storage.getItem('currency')).toBe('GBP');
    expect(getCurrency(storage)).toBe('GBP');
  });

  it('setCurrency(null) removes the choice', () => {
    const storage = new MemoryStorage({ currency: 'EUR' });
    expect(setCurrency(null, storage)).toBe(true);
    expect(storage.getItem('currency')).toBeNull();
    expect(getCurrency(storage)).toBeNull();
  });

  it('setCurrency refuses what is not a three-letter code', () => {
    const storage = new MemoryStorage({ currency: 'EUR' });
    expect(setCurrency('euro', storage)).toBe(false);
    expect(getCurrency(storage)).toBe('EUR');
  });
});

describe('search filters (spec §3 "Search filter state", empty by default)', () => {
  it('is {} by default', () => {
    expect(getSearchFilters(new MemoryStorage())).toEqual({});
  });

  it('round-trips a full state', () => {
    const storage = new MemoryStorage();
    const state = {
      filters: { activity: 'ski touring', region: ['alps', 'pyrenees'] },
      query: 'chamonix',
      aroundLatLng: '45.92,6.87',
      aroundRadius: 20000,
      travellers: 4,
    };
    expect(setSearchFilters(state, storage)).toBe(true);
    expect(JSON.parse(storage.getItem('search.filters') ?? 'null')).toEqual(state);
    expect(getSearchFilters(storage)).toEqual(state);
  });

  it('reads {} from unparsable JSON', () => {
    expect(getSearchFilters(new MemoryStorage({ 'search.filters': '{"query":' }))).toEqual({});
  });
});

describe('banner (spec §3: closed flag defaults to false)', () => {
  it('is open by default and stays closed once closed', () => {
    const storage = new MemoryStorage();
    expect(isBannerClosed(storage)).toBe(false);
    expect(closeBanner(storage)).toBe(true);
    expect(storage.getItem('bannerClosed')).toBe('true');
    expect(isBannerClosed(storage)).toBe(true);
  });
});

describe('cookie consent (spec §3: accepted, refused or not chosen)', () => {
  it.each<[CookieConsent, string | null]>([
    ['accepted', 'accepted'],
    ['refused', 'refused'],
    [null, null],
  ])('setCookieConsent(%j) stores %j', (consent, stored) => {
    const storage = new MemoryStorage({ cookieConsent: 'accepted' });
    expect(setCookieConsent(consent, storage)).toBe(true);
    expect(storage.getItem('cookieConsent')).toBe(stored);
    expect(getCookieConsent(storage)).toBe(consent);
  });

  it('is null when not chosen', () => {
    expect(getCookieConsent(new MemoryStorage())).toBeNull();
  });
});
