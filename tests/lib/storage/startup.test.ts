import { describe, expect, it } from 'vitest';
import { runStartupRules } from '../../../lib/storage';
import { MemoryStorage } from './fake-storage';

const SETTINGS = '{"version":"1.0.0"}';

describe('runStartupRules (spec §4 "Local storage at start")', () => {
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ['empty storage', {}, { settings: SETTINGS, travellers: '2' }],
    ['settings kept when present', { settings: '{"version":"1.3.0"}' }, { settings: '{"version":"1.3.0"}', travellers: '2' }],
    ['unparsable settings recreated', { settings: '{nope' }, { settings: SETTINGS, travellers: '2' }],
    ['travellers zero set to 2', { travellers: '0' }, { settings: SETTINGS, travellers: '2' }],
    ['invalid travellers set to 2', { travellers: 'x' }, { settings: SETTINGS, travellers: '2' }],
    ['travellers kept when valid', { travellers: '5' }, { settings: SETTINGS, travellers: '5' }],
    [
      'customer fee and branch removed',
      { customerFee: '12.5', branch: 'chamonix', settings: SETTINGS, travellers: '3' },
      { settings: SETTINGS, travellers: '3' },
    ],
    [
      'other keys untouched',
      { currency: 'EUR', bannerClosed: 'true', 'search.filters': '{"query":"x"}', cookieConsent: 'refused' },
      {
        currency: 'EUR',
        bannerClosed: 'true',
        'search.filters': '{"query":"x"}',
        cookieConsent: 'refused',
        settings: SETTINGS,
        travellers: '2',
      },
    ],
  ])('%s', (_label, initial, expected) => {
    const storage = new MemoryStorage(initial);
    expect(runStartupRules(storage)).toBe(true);
    expect(storage.snapshot()).toEqual(expected);
  });

  it('is idempotent', () => {
    const storage = new MemoryStorage({ customerFee: '3', branch: 'b', travellers: '0', currency: 'CHF' });
    expect(runStartupRules(storage)).toBe(true);
    const once = storage.snapshot();
    expect(runStartupRules(storage)).toBe(true);
    expect(storage.snapshot()).toEqual(once);
    expect(runStartupRules(storage)).toBe(true);
    expect(storage.snapshot()).toEqual(once);
  });

  it('does not rewrite valid values (no writes on a second run)', () => {
    const storage = new MemoryStorage();
    runStartupRules(storage);
    let writes = 0;
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (name, value) => {
      writes += 1;
      setItem(name, value);
    };
    runStartupRules(storage);
    expect(writes).toBe(0);
  });
});
