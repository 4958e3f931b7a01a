import { describe, expect, it } from 'vitest';
import { fbcFromCookie, gaClientIdFromCookie, gaSessionIdFromCookie, gclidFromCookie, readAdIdentifiers } from '../../../lib/tracking/ad-identifiers';

describe('advertising identifiers (spec §3)', () => {
  it.each([
    ['GCL.1700000000.Cj0KCQiA-abc_DEF', 'Cj0KCQiA-abc_DEF'],
    ['GCL.1700000000', undefined],
    ['XYZ.1.abc', undefined],
    [undefined, undefined],
  ])('Google click id from _gcl_aw %j', (cookie, expected) => {
    expect(gclidFromCookie(cookie)).toBe(expected);
  });

  it.each([
    ['GA1.1.1234567890.1700000000', '1234567890.1700000000'],
    ['GA1.2.987.654', '987.654'],
    ['GA1.1.123', undefined],
    ['XX1.1.1.2', undefined],
  ])('Google user (client) id from _ga %j', (cookie, expected) => {
    expect(gaClientIdFromCookie(cookie)).toBe(expected);
  });

  it.each([
    ['GS1.1.1700000000.3.1.1700000100.0.0.0', '1700000000'],
    ['GS2.1.s1700000000$o3$g1$t1700000100$j60$l0$h0', '1700000000'],
    ['GS1.1.notanumber.1', undefined],
    ['GS9.1.1.1', undefined],
  ])('Google session id from _ga_<container> %j', (cookie, expected) => {
    expect(gaSessionIdFromCookie(cookie)).toBe(expected);
  });

  it.each([
    ['fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890', 'fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890'],
    ['fb.1.155', undefined],
    ['xx.1.2.3', undefined],
  ])('Facebook click id from _fbc %j', (cookie, expected) => {
    expect(fbcFromCookie(cookie)).toBe(expected);
  });

  it('reads every identifier from cookies and the query string', () => {
    const cookies = { _gcl_aw: 'GCL.1700000000.gclid123', _ga: 'GA1.1.111.222', _ga_ABC123: 'GS1.1.1700000000.1.0', _fbc: 'fb.1.1700000000.fbclid9', other: 'x' };
    expect(readAdIdentifiers(cookies, '?wbraid=wb1&gbraid=gb1&utm_source=ads')).toEqual({
      gclid: 'gclid123',
      gaClientId: '111.222',
      gaSessionId: '1700000000',
      wbraid: 'wb1',
      gbraid: 'gb1',
      fbc: 'fb.1.1700000000.fbclid9',
    });
  });

  it('falls back to the landing URL for wbraid and gbraid', () => {
    expect(readAdIdentifiers({}, '', 'https://cordee.example/trip/x?utm_source=g&gbraid=landing-gb')).toEqual({ gbraid: 'landing-gb' });
  });

  it('keeps nothing it cannot trust: none found, oversized or odd values', () => {
    expect(readAdIdentifiers({}, '')).toEqual({});
    expect(readAdIdentifiers({}, `?wbraid=${'a'.repeat(501)}&gbraid=<script>`)).toEqual({});
    expect(readAdIdentifiers({}, '', 'not a url ::')).toEqual({});
  });
});
