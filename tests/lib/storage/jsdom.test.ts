// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  captureCampaignData,
  clearAllStorage,
  closeBanner,
  getCookieConsent,
  getCurrency,
  getSearchFilters,
  getSettings,
  getStorage,
  getTravellers,
  isBannerClosed,
  runStartupRules,
  setCookieConsent,
  setCurrency,
  setSearchFilters,
  setTravellers,
} from '../../../lib/storage';

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('with the real (jsdom) localStorage', () => {
  it('resolves window.localStorage', () => {
    expect(getStorage()).toBe(window.localStorage);
  });

  it('reads defaults from empty storage', () => {
    expect(getSettings()).toEqual({ version: '1.0.0' });
    expect(getTravellers()).toBe(2);
    expect(getCurrency()).toBeNull();
    expect(getSearchFilters()).toEqual({});
    expect(isBannerClosed()).toBe(false);
    expect(getCookieConsent()).toBeNull();
  });

  it('writes and reads every helper through localStorage', () => {
    expect(setTravellers(3)).toBe(true);
    expect(setCurrency('eur')).toBe(true);
    expect(setSearchFilters({ query: 'ecrins', travellers: 3 })).toBe(true);
    expect(closeBanner()).toBe(true);
    expect(setCookieConsent('accepted')).toBe(true);
    expect(window.localStorage.getItem('travellers')).toBe('3');
    expect(window.localStorage.getItem('currency')).toBe('EUR');
    expect(window.localStorage.getItem('search.filters')).toBe('{"query":"ecrins","travellers":3}');
    expect(window.localStorage.getItem('bannerClosed')).toBe('true');
    expect(window.localStorage.getItem('cookieConsent')).toBe('accepted');
    expect(getTravellers()).toBe(3);
    expect(getCurrency()).toBe('EUR');
    expect(getSearchFilters()).toEqual({ query: 'ecrins', travellers: 3 });
    expect(isBannerClosed()).toBe(true);
    expect(getCookieConsent()).toBe('accepted');
  });

  it('runs the startup rules', () => {
    window.localStorage.setItem('customerFee', '10');
    window.localStorage.setItem('branch', 'x');
    window.localStorage.setItem('travellers', '0');
    expect(runStartupRules()).toBe(true);
    expect(window.localStorage.getItem('settings')).toBe('{"version":"1.0.0"}');
    expect(window.localStorage.getItem('travellers')).toBe('2');
    expect(window.localStorage.getItem('customerFee')).toBeNull();
    expect(window.localStorage.getItem('branch')).toBeNull();
  });

  it('captures a campaign from the landing URL', () => {
    const data = captureCampaignData('http://localhost/?utm_source=mail', new Date('2024-01-01T00:00:00Z'));
    expect(data).toEqual({
      utm: { utm_source: 'mail' },
      url: 'http://localhost/?utm_source=mail',
      firstSeenAt: '2024-01-01T00:00:00.000Z',
    });
    expect(captureCampaignData('http://localhost/trips')).toEqual(data);
  });

  it('clears everything', () => {
    window.localStorage.setItem('anything', '1');
    setTravellers(4);
    expect(clearAllStorage()).toBe(true);
    expect(window.localStorage.length).toBe(0);
  });

  it('returns false on QuotaExceededError from setItem', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(setTravellers(4)).toBe(false);
    expect(closeBanner()).toBe(false);
    expect(runStartupRules()).toBe(false);
    expect(getTravellers()).toBe(2);
  });

  it('reads defaults when getItem throws', () => {
    window.localStorage.setItem('travellers', '5');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(getTravellers()).toBe(2);
    expect(getSettings()).toEqual({ version: '1.0.0' });
  });

  it('reads defaults and writes fail when window.localStorage throws on access', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(getStorage()).toBeNull();
    expect(getTravellers()).toBe(2);
    expect(setTravellers(3)).toBe(false);
    expect(clearAllStorage()).toBe(false);
  });
});
