import { BlockList, isIP } from 'node:net';
import { SOCKET_ADDRESS_HEADER } from './socket-address';

/** How the visitor's country is found (env: GEO_COUNTRY_HEADERS, CLIENT_IP_HEADER, TRUSTED_PROXY_HOPS). */
export type GeolocationSettings = {
  /** CDN headers that carry the visitor's country (`x-vercel-ip-country`, `cf-ipcountry`); empty: trust none. */
  countryHeaders: readonly string[];
  /** The header holding the client address chain (`x-forwarded-for`) or a single address (`x-real-ip`). */
  clientIpHeader: string;
  /**
   * Proxies of ours in front of the app, each appending the address it saw to the chain: the client
   * is the entry this many places from the right (1: the address the nearest proxy saw). 0: no proxy
   * of ours, `clientIpHeader` is the client's own claim and is never read (the socket's address is).
   */
  trustedProxyHops: number;
};

/** A country lookup by IP address (the GeoIP database); null when the address is not in it. */
export type IpCountryLookup = (ip: string) => string | null;

export type GeolocationFailure = 'no-address' | 'private-address' | 'unknown-address';
export type Geolocation =
  | { ok: true; countryCode: string; from: 'header' | 'address' }
  | { ok: false; reason: GeolocationFailure };

// Codes CDNs send when they do not know (XX, Cloudflare's T1 for Tor, EU/AP for regions).
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'EU', 'AP', 'ZZ']);

/** The first configured CDN country header with a two-letter country code, upper-cased. */
export function countryFromHeaders(headers: Headers, names: readonly string[]): string | null {
  for (const name of names) {
    const value = headers.get(name)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && !NOT_A_COUNTRY.has(value)) return value;
  }
  return null;
}

/** An address as written in a header: strips IPv6 brackets, ports and zone ids; null when not an IP. */
function cleanAddress(raw: string): string | null {
  let value = raw.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  value = value.replace(/%.*$/, '');
  if (value.toLowerCase().startsWith('::ffff:') && isIP(value.slice(7)) === 4) value = value.slice(7);
  return isIP(value) ? value : null;
}

/**
 * The client's address: the socket's (as scripts/serve.ts stamps it) unless proxies of ours are
 * configured, then the configured header's entry `trustedProxyHops` from the right. A header entry
 * that is not an address falls back to the socket's, so a made-up value never escapes a per-address
 * limit; null only when no address at all is known (callers then count in one shared bucket).
 */
export function clientIpFromHeaders(headers: Headers, settings: GeolocationSettings): string | null {
  const socket = cleanAddress(headers.get(SOCKET_ADDRESS_HEADER) ?? '');
  if (settings.trustedProxyHops <= 0) return socket;
  const chain = (headers.get(settings.clientIpHeader) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return socket;
  return cleanAddress(chain[Math.max(0, chain.length - settings.trustedProxyHops)]!) ?? socket;
}

const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  nonPublic.addSubnet(network, prefix, 'ipv6');

/** Whether an address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return true;
  return nonPublic.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * spec §7 geolocation: the visitor's country from a trusted CDN header, else from the client
 * address in the GeoIP database. A missing, private or unknown address is a failure (spec §8:
 * the currency then falls back to USD), never an exception.
 */
export function geolocate(headers: Headers, settings: GeolocationSettings, lookup: IpCountryLookup): Geolocation {
  const fromHeader = countryFromHeaders(headers, settings.countryHeaders);
  if (fromHeader) return { ok: true, countryCode: fromHeader, from: 'header' };
  const ip = clientIpFromHeaders(headers, settings);
  if (!ip) return { ok: false, reason: 'no-address' };
  if (isPrivateAddress(ip)) return { ok: false, reason: 'private-address' };
  const country = lookup(ip)?.toUpperCase();
  return country && /^[A-Z]{2}$/.test(country) ? { ok: true, countryCode: country, from: 'address' } : { ok: false, reason: 'unknown-address' };
}
