/**
 * Marketing campaign capture (spec §3 "Local browser storage": campaign data).
 */
import { storageKeys, type CampaignData } from './keys';
import { scrubUrl } from '../security/redact';
import { readStorage, writeStorage, type StorageLike } from './storage';

/** Base for relative landing URLs; only the query string of the result is used. */
const RELATIVE_BASE = 'https://relative.invalid';

/** spec §3: every utm_* query parameter of a URL (first value of each); {} when unparsable. */
export function extractUtmParams(url: string): Record<string, string> {
  const utm: Record<string, string> = {};
  let params: URLSearchParams;
  try {
    params = new URL(url, RELATIVE_BASE).searchParams;
  } catch {
    return utm;
  }
  for (const [name, value] of params) {
    if (name.toLowerCase().startsWith('utm_') && !(name in utm)) utm[name] = value;
  }
  return utm;
}

function sameUtm(a: Record<string, string>, b: Record<string, string>): boolean {
  const aNames = Object.keys(a);
  if (aNames.length !== Object.keys(b).length) return false;
  return aNames.every((name) => Object.prototype.hasOwnProperty.call(b, name) && b[name] === a[name]);
}

/** spec §3: the stored campaign data, or null when none (or invalid) is stored. */
export function getCampaignData(storage?: StorageLike | null): CampaignData | null {
  return readStorage(storageKeys.campaignData, storage);
}

/**
 * spec §3: campaign data is kept from the first visit of a campaign.
 * - the URL carries utm_* parameters that differ from the stored ones (or none is stored):
 *   a new campaign, stored with this URL and `now` as firstSeenAt;
 * - the same utm_* parameters as stored: the first visit's data is kept;
 * - no utm_* parameter: what is stored is kept.
 * Returns the campaign data stored after the call, or null (none stored, or no storage).
 */
export function captureCampaignData(
  url: string,
  now: Date = new Date(),
  storage?: StorageLike | null,
): CampaignData | null {
  const stored = getCampaignData(storage);
  const utm = extractUtmParams(url);
  if (Object.keys(utm).length === 0) return stored;
  if (stored && sameUtm(stored.utm, utm)) return stored;
  let firstSeenAt: string;
  try {
    firstSeenAt = now.toISOString();
  } catch {
    firstSeenAt = new Date().toISOString(); // an invalid Date
  }
  const written = writeStorage(storageKeys.campaignData, { utm, url: scrubUrl(url), firstSeenAt }, storage);
  return written ? getCampaignData(storage) : stored;
}
