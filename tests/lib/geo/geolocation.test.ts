import { describe, expect, it, vi } from 'vitest';
import { geoIpLookup } from '@/lib/geo/geoip-database';
import { SOCKET_ADDRESS_HEADER } from '@/lib/geo/socket-address';
import { clientIpFromHeaders, countryFromHeaders, geolocate, isPrivateAddress, type GeolocationSettings } from '@/lib/geo/geolocation';

const settings: GeolocationSettings = { countryHeaders: ['x-vercel-ip-country', 'cf-ipcountry'], clientIpHeader: 'x-forwarded-for', trustedProxyHops: 1 };
const headers = (init: Record<string, string>) => new Headers(init);

describe('country from trusted CDN headers', () => {
  it.each([
    [{ 'x-vercel-ip-country': 'FR' }, 'FR'],
    [{ 'cf-ipcountry': 'ch' }, 'CH'],
    [{ 'x-vercel-ip-country': 'XX', 'cf-ipcountry': 'DE' }, 'DE'],
    [{ 'cf-ipcountry': 'T1' }, null],
    [{ 'cf-ipcountry': 'FRA' }, null],
    [{}, null],
  ])('%o → %s', (init, expected) => {
    expect(countryFromHeaders(headers(init), settings.countryHeaders)).toBe(expected);
  });
  it('trusts no header when the list is empty', () => {
    expect(countryFromHeaders(headers({ 'x-vercel-ip-country': 'FR' }), [])).toBeNull();
  });
});

describe('client address behind our proxies', () => {
  it.each([
    [{ 'x-forwarded-for': '90.84.1.1' }, 1, '90.84.1.1'],
    [{ 'x-forwarded-for': '6.6.6.6, 90.84.1.1' }, 1, '90.84.1.1'],
    [{ 'x-forwarded-for': '6.6.6.6, 90.84.1.1, 10.0.0.2' }, 2, '90.84.1.1'],
    [{ 'x-forwarded-for': '90.84.1.1' }, 3, '90.84.1.1'],
    [{ 'x-forwarded-for': '[2a01:cb00::1]:443' }, 1, '2a01:cb00::1'],
    [{ 'x-forwarded-for': '90.84.1.1:5123' }, 1, '90.84.1.1'],
    [{ 'x-forwarded-for': '::ffff:90.84.1.1' }, 1, '90.84.1.1'],
    [{ 'x-forwarded-for': 'not-an-ip' }, 1, null],
    [{}, 1, null],
    // A value that is not an address falls back to the socket's (the nearest proxy's): never no address.
    [{ 'x-forwarded-for': 'not-an-ip', [SOCKET_ADDRESS_HEADER]: '10.0.0.2' }, 1, '10.0.0.2'],
    [{ 'x-forwarded-for': '6.6.6.6, <script>', [SOCKET_ADDRESS_HEADER]: '10.0.0.2' }, 1, '10.0.0.2'],
    [{ [SOCKET_ADDRESS_HEADER]: '::ffff:10.0.0.2' }, 1, '10.0.0.2'],
  ])('%o with %i hop(s) → %s', (init, hops, expected) => {
    expect(clientIpFromHeaders(headers(init), { ...settings, trustedProxyHops: hops })).toBe(expected);
  });
  it('reads only the socket address by default (no proxy trusted): X-Forwarded-For is the client\'s own claim', () => {
    const direct = { ...settings, trustedProxyHops: 0 };
    expect(clientIpFromHeaders(headers({ 'x-forwarded-for': '90.84.1.1', [SOCKET_ADDRESS_HEADER]: '203.0.113.7' }), direct)).toBe('203.0.113.7');
    expect(clientIpFromHeaders(headers({ 'x-forwarded-for': '90.84.1.1' }), direct)).toBeNull();
    expect(clientIpFromHeaders(headers({ [SOCKET_ADDRESS_HEADER]: 'garbage' }), direct)).toBeNull();
  });
  it('reads a single-address header when configured', () => {
    expect(clientIpFromHeaders(headers({ 'x-real-ip': '81.2.69.160' }), { ...settings, clientIpHeader: 'x-real-ip' })).toBe('81.2.69.160');
  });
  it.each(['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.1.1', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '0.0.0.0'])('%s is not public', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });
  it.each(['90.84.1.1', '8.8.8.8', '2a01:cb00::1'])('%s is public', (ip) => expect(isPrivateAddress(ip)).toBe(false));
});

describe('spec §7 geolocation', () => {
  const lookup = (ip: string) => ({ '90.84.1.1': 'FR', '195.176.1.1': 'ch' })[ip] ?? null;
  it('prefers the CDN header, then the address, and fails cleanly', () => {
    expect(geolocate(headers({ 'cf-ipcountry': 'CH', 'x-forwarded-for': '90.84.1.1' }), settings, lookup)).toEqual({ ok: true, countryCode: 'CH', from: 'header' });
    expect(geolocate(headers({ 'x-forwarded-for': '195.176.1.1' }), settings, lookup)).toEqual({ ok: true, countryCode: 'CH', from: 'address' });
    expect(geolocate(headers({ 'x-forwarded-for': '8.8.4.4' }), settings, lookup)).toEqual({ ok: false, reason: 'unknown-address' });
    expect(geolocate(headers({ 'x-forwarded-for': '10.0.0.1' }), settings, lookup)).toEqual({ ok: false, reason: 'private-address' });
    expect(geolocate(headers({}), settings, lookup)).toEqual({ ok: false, reason: 'no-address' });
  });

  it('trusts neither country headers nor X-Forwarded-For with the default settings', async () => {
    vi.resetModules();
    for (const name of ['GEO_COUNTRY_HEADERS', 'CLIENT_IP_HEADER', 'TRUSTED_PROXY_HOPS']) vi.stubEnv(name, undefined as unknown as string);
    const { env } = await import('@/lib/env');
    const defaults: GeolocationSettings = { countryHeaders: env.GEO_COUNTRY_HEADERS.split(',').filter(Boolean), clientIpHeader: env.CLIENT_IP_HEADER, trustedProxyHops: env.TRUSTED_PROXY_HOPS };
    const spoofed = headers({ 'cf-ipcountry': 'JP', 'x-vercel-ip-country': 'JP', 'x-forwarded-for': '195.176.1.1', [SOCKET_ADDRESS_HEADER]: '90.84.1.1' });
    expect(geolocate(spoofed, defaults, lookup)).toEqual({ ok: true, countryCode: 'FR', from: 'address' });
    vi.unstubAllEnvs();
  });

  it('finds countries in the GeoIP database shipped in node_modules (IPv4 and IPv6)', () => {
    const realLookup = geoIpLookup();
    expect(realLookup('90.84.1.1')).toBe('FR');
    expect(realLookup('195.176.1.1')).toBe('CH');
    expect(realLookup('81.2.69.160')).toBe('GB');
    expect(realLookup('2a01:cb00::1')).toBe('FR');
    expect(realLookup('10.0.0.1')).toBeNull();
  });
  it('a missing database finds nothing instead of failing', () => {
    expect(geoIpLookup('/nonexistent/geo.mmdb')('90.84.1.1')).toBeNull();
  });
});
