import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearAllStorage,
  closeBanner,
  getCampaignData,
  getCookieConsent,
  getCurrency,
  getSearchFilters,
  getSettings,
  getStorage,
  getTravellers,
  hasValidStorage,
  isBannerClosed,
  readRaw,
  readStorage,
  removeStorage,
  runStartupRules,
  captureCampaignData,
  setCookieConsent,
  setCurrency,
  setSearchFilters,
  setTravellers,
  storageKeys,
  writeStorage,
  type StorageLike,
} from '../../../lib/storage';
import { FullStorage, MemoryStorage, ThrowingStorage, securityError } from './fake-storage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getStorage', () => {
  it('is null on the server (no window)', () => {
    expect(typeof window).toBe('undefined');
    expect(getStorage()).toBeNull();
  });

  it('is null when reaching window.localStorage throws SecurityError', () => {
    const fakeWindow = {};
    Object.defineProperty(fakeWindow, 'localStorage', {
      get() {
        throw securityError();
      },
    });
    vi.stubGlobal('window', fakeWindow);
    expect(getStorage()).toBeNull();
  });

  it('is null when window has no localStorage', () => {
    vi.stubGlobal('window', {});
    expect(getStorage()).toBeNull();
  });

  it('returns window.localStorage when available', () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
    expect(getStorage()).toBe(storage);
    expect(setTravellers(5)).toBe(true);
    expect(storage.getItem('travellers')).toBe('5');
    expect(getTravellers()).toBe(5);
  });
});

/** Every public operation, run against one storage; none may throw. */
const operations: [string, (storage: StorageLike | null | undefined) => unknown][] = [
  ['readStorage', (s) => readStorage(storageKeys.travellers, s)],
  ['readRaw', (s) => readRaw('travellers', s)],
  ['hasValidStorage', (s) => hasValidStorage(storageKeys.settings, s)],
  ['writeStorage', (s) => writeStorage(storageKeys.travellers, 3, s)],
  ['removeStorage', (s) => removeStorage(storageKeys.travellers, s)],
  ['clearAllStorage', (s) => clearAllStorage(s)],
  ['getSettings', (s) => getSettings(s)],
  ['getTravellers', (s) => getTravellers(s)],
  ['setTravellers', (s) => setTravellers(3, s)],
  ['getCurrency', (s) => getCurrency(s)],
  ['setCurrency', (s) => setCurrency('EUR', s)],
  ['setCurrency(null)', (s) => setCurrency(null, s)],
  ['getSearchFilters', (s) => getSearchFilters(s)],
  ['setSearchFilters', (s) => setSearchFilters({ query: 'x' }, s)],
  ['isBannerClosed', (s) => isBannerClosed(s)],
  ['closeBanner', (s) => closeBanner(s)],
  ['getCookieConsent', (s) => getCookieConsent(s)],
  ['setCookieConsent', (s) => setCookieConsent('accepted', s)],
  ['getCampaignData', (s) => getCampaignData(s)],
  ['captureCampaignData', (s) => captureCampaignData('https://x.example/?utm_source=a', new Date(0), s)],
  ['runStartupRules', (s) => runStartupRules(s)],
];

const defaults = {
  settings: { version: '1.0.0' },
  travellers: 2,
  currency: null,
  searchFilters: {},
  bannerClosed: false,
  cookieConsent: null,
  campaignData: null,
};

function readAll(storage: StorageLike | null | undefined) {
  return {
    settings: getSettings(storage),
    travellers: getTravellers(storage),
    currency: getCurrency(storage),
    searchFilters: getSearchFilters(storage),
    bannerClosed: isBannerClosed(storage),
    cookieConsent: getCookieConsent(storage),
    campaignData: getCampaignData(storage),
  };
}

describe.each([
  ['no storage (null)', () => null],
  ['server rendering (no window, default storage)', () => undefined],
  ['storage that throws on every call', () => new ThrowingStorage()],
] as [string, () => StorageLike | null | undefined][])('unavailable storage: %s', (_label, make) => {
  it.each(operations)('%s never throws', (_name, operation) => {
    expect(() => operation(make())).not.toThrow();
  });

  it('reads return defaults', () => {
    expect(readAll(make())).toEqual(defaults);
  });

  it.each(operations.filter(([name]) => /^(set|write|remove|clear|close|run)/.test(name)))(
    '%s fails silently, returning false',
    (_name, operation) => {
      expect(operation(make())).toBe(false);
    },
  );
});

describe('window.localStorage access throws (Safari private mode, disabled storage)', () => {
  it.each(operations)('%s never throws and reads defaults', (_name, operation) => {
    const fakeWindow = {};
    Object.defineProperty(fakeWindow, 'localStorage', {
      get() {
        throw securityError();
      },
    });
    vi.stubGlobal('window', fakeWindow);
    expect(() => operation(undefined)).not.toThrow();
    expect(readAll(undefined)).toEqual(defaults);
  });
});

describe('quota exceeded on write', () => {
  it.each([
    ['writeStorage', (s: StorageLike) => writeStorage(storageKeys.settings, { version: '1.0.0' }, s)],
    ['setTravellers', (s: StorageLike) => setTravellers(4, s)],
    ['setCurrency', (s: StorageLike) => setCurrency('EUR', s)],
    ['setSearchFilters', (s: StorageLike) => setSearchFilters({ query: 'x' }, s)],
    ['closeBanner', (s: StorageLike) => closeBanner(s)],
    ['setCookieConsent', (s: StorageLike) => setCookieConsent('refused', s)],
  ])('%s returns false and leaves the stored value', (_name, write) => {
    const storage = new FullStorage({ travellers: '3', currency: 'CHF' });
    expect(write(storage)).toBe(false);
    expect(storage.snapshot()).toEqual({ travellers: '3', currency: 'CHF' });
  });

  it('reads still work', () => {
    const storage = new FullStorage({ travellers: '3', currency: 'CHF', bannerClosed: 'true' });
    expect(getTravellers(storage)).toBe(3);
    expect(getCurrency(storage)).toBe('CHF');
    expect(isBannerClosed(storage)).toBe(true);
  });

  it('captureCampaignData returns what is stored (nothing)', () => {
    expect(captureCampaignData('/?utm_source=a', new Date(0), new FullStorage())).toBeNull();
  });

  it('removing still works when the quota is exceeded', () => {
    const storage = new FullStorage({ currency: 'CHF' });
    expect(setCurrency(null, storage)).toBe(true);
    expect(storage.snapshot()).toEqual({});
  });
});

describe('storage whose getItem returns a non-string', () => {
  it('reads as the default', () => {
    const storage = new MemoryStorage();
    storage.getItem = () => 42 as unknown as string;
    expect(getTravellers(storage)).toBe(2);
  });
});

describe('readStorage / writeStorage / removeStorage', () => {
  it('writes, reads and removes a key', () => {
    const storage = new MemoryStorage();
    expect(writeStorage(storageKeys.travellers, 6, storage)).toBe(true);
    expect(storage.getItem('travellers')).toBe('6');
    expect(readStorage(storageKeys.travellers, storage)).toBe(6);
    expect(removeStorage(storageKeys.travellers, storage)).toBe(true);
    expect(storage.getItem('travellers')).toBeNull();
    expect(readStorage(storageKeys.travellers, storage)).toBe(2);
  });

  it('refuses a value the key would not read back, leaving the stored value', () => {
    const storage = new MemoryStorage({ travellers: '3' });
    expect(writeStorage(storageKeys.travellers, 0, storage)).toBe(false);
    expect(writeStorage(storageKeys.travellers, 1.5, storage)).toBe(false);
    expect(writeStorage(storageKeys.travellers, Number.NaN, storage)).toBe(false);
    expect(storage.snapshot()).toEqual({ travellers: '3' });
  });

  it('a value serialized to null removes the key', () => {
    const storage = new MemoryStorage({ cookieConsent: 'accepted' });
    expect(writeStorage(storageKeys.cookieConsent, null, storage)).toBe(true);
    expect(storage.snapshot()).toEqual({});
  });
});

describe('clearAllStorage (spec §4: fatal rendering error)', () => {
  it('clears every key, including unknown ones', () => {
    const storage = new MemoryStorage({ travellers: '3', other: 'x', settings: '{"version":"1.0.0"}' });
    expect(clearAllStorage(storage)).toBe(true);
    expect(storage.snapshot()).toEqual({});
    expect(readAll(storage)).toEqual(defaults);
  });

  it('returns false without throwing when clear throws', () => {
    expect(clearAllStorage(new ThrowingStorage())).toBe(false);
    const storage = new MemoryStorage();
    storage.clear = () => {
      throw new Error('boom');
    };
    expect(() => clearAllStorage(storage)).not.toThrow();
  });
});
