/**
 * The registry of every localStorage key the app uses (spec §3 "Local browser storage").
 * Each entry owns its key name, its default and how the stored string is parsed and serialized.
 * Parsing is tolerant: an absent, unparsable or ill-shaped value reads as the default.
 */
import { NO_CURRENCY_VALUES, normalizeCurrency } from '../money/currency';

/** One typed localStorage key. */
export interface StorageKey<T> {
  /** The localStorage key name. */
  readonly name: string;
  /** A fresh copy of the default value (fresh so callers can never mutate a shared default). */
  readonly defaultValue: () => T;
  /** The stored string as a value, or undefined when it is not a valid value of this key. */
  readonly decode: (raw: string) => T | undefined;
  /** The stored string (null: absent) as a value; anything invalid reads as the default. */
  readonly parse: (raw: string | null) => T;
  /**
   * The string to store, or null when the value is stored by removing the key.
   * writeStorage refuses a string that `decode` rejects, so nothing stored ever reads back wrong.
   */
  readonly serialize: (value: T) => string | null;
}

function defineKey<T>(definition: Omit<StorageKey<T>, 'parse'>): StorageKey<T> {
  return {
    ...definition,
    parse(raw) {
      if (raw === null) return definition.defaultValue();
      try {
        const value = definition.decode(raw);
        return value === undefined ? definition.defaultValue() : value;
      } catch {
        return definition.defaultValue();
      }
    },
  };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string stored either bare (`EUR`) or JSON-encoded (`"EUR"`), without the quotes. */
function unquote(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    const parsed = parseJson(trimmed);
    if (typeof parsed === 'string') return parsed.trim();
  }
  return trimmed;
}

// ---------------------------------------------------------------------------------------------
// settings

/** spec §3/§4: the settings object; only a version for now. */
export interface Settings {
  version: string;
}

/** spec §4: the settings version created at start. */
export const SETTINGS_VERSION = '1.0.0';

const settingsKey = defineKey<Settings>({
  name: 'settings',
  defaultValue: () => ({ version: SETTINGS_VERSION }),
  decode(raw) {
    const parsed = parseJson(raw);
    if (!isPlainObject(parsed) || typeof parsed.version !== 'string' || parsed.version === '') return undefined;
    return { ...parsed, version: parsed.version };
  },
  serialize: (value) => JSON.stringify(value),
});

// ---------------------------------------------------------------------------------------------
// search.filters

/** spec §3 "Search filter state": what the search page restores. */
export interface SearchFilterState {
  filters?: Record<string, string | string[]>;
  query?: string;
  aroundLatLng?: string;
  aroundRadius?: number;
  travellers?: number;
}

/** Keeps the valid fields of a stored search filter state and drops the rest. */
function decodeSearchFilters(value: unknown): SearchFilterState | undefined {
  if (!isPlainObject(value)) return undefined;
  const state: SearchFilterState = {};
  if (isPlainObject(value.filters)) {
    const filters: Record<string, string | string[]> = {};
    for (const [name, filter] of Object.entries(value.filters)) {
      if (typeof filter === 'string') filters[name] = filter;
      else if (Array.isArray(filter)) filters[name] = filter.filter((item): item is string => typeof item === 'string');
    }
    state.filters = filters;
  }
  if (typeof value.query === 'string') state.query = value.query;
  if (typeof value.aroundLatLng === 'string') state.aroundLatLng = value.aroundLatLng;
  if (typeof value.aroundRadius === 'number' && Number.isFinite(value.aroundRadius) && value.aroundRadius >= 0) {
    state.aroundRadius = value.aroundRadius;
  }
  if (isValidTravellers(value.travellers)) state.travellers = value.travellers;
  return state;
}

const searchFiltersKey = defineKey<SearchFilterState>({
  name: 'search.filters',
  defaultValue: () => ({}),
  decode: (raw) => decodeSearchFilters(parseJson(raw)),
  serialize: (value) => JSON.stringify(decodeSearchFilters(value) ?? {}),
});

// ---------------------------------------------------------------------------------------------
// bannerClosed

const bannerClosedKey = defineKey<boolean>({
  name: 'bannerClosed',
  defaultValue: () => false,
  decode(raw) {
    const value = unquote(raw);
    if (value === 'true') return true;
    if (value === 'false') return false;
    return undefined;
  },
  serialize: (value) => (value ? 'true' : 'false'),
});

// ---------------------------------------------------------------------------------------------
// currency

const currencyKey = defineKey<string | null>({
  name: 'currency',
  defaultValue: () => null,
  decode(raw) {
    const value = unquote(raw);
    if (NO_CURRENCY_VALUES.includes(value.trim().toLowerCase())) return null;
    return normalizeCurrency(value) ?? undefined;
  },
  serialize: (value) => (value === null ? null : value.trim().toUpperCase()),
});

// ---------------------------------------------------------------------------------------------
// travellers

/** spec §3/§4: the traveller count when none (or an invalid one) is stored. */
export const DEFAULT_TRAVELLERS = 2;

/** A traveller count is a positive integer. */
export function isValidTravellers(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

const travellersKey = defineKey<number>({
  name: 'travellers',
  defaultValue: () => DEFAULT_TRAVELLERS,
  decode(raw) {
    const value = unquote(raw);
    if (!/^\d+$/.test(value)) return undefined;
    const count = Number(value);
    return isValidTravellers(count) ? count : undefined;
  },
  serialize: (value) => String(value),
});

// ---------------------------------------------------------------------------------------------
// campaignData

/** spec §3: the marketing campaign of the visit that brought the user. */
export interface CampaignData {
  /** Every utm_* query parameter of the landing URL. */
  utm: Record<string, string>;
  /** The full landing URL. */
  url: string;
  /** When the campaign was first seen, as an ISO 8601 string. */
  firstSeenAt: string;
}

function decodeCampaignData(value: unknown): CampaignData | undefined {
  if (!isPlainObject(value) || !isPlainObject(value.utm)) return undefined;
  if (typeof value.url !== 'string' || typeof value.firstSeenAt !== 'string') return undefined;
  const utm: Record<string, string> = {};
  for (const [name, param] of Object.entries(value.utm)) {
    if (typeof param !== 'string') return undefined;
    utm[name] = param;
  }
  return { utm, url: value.url, firstSeenAt: value.firstSeenAt };
}

const campaignDataKey = defineKey<CampaignData | null>({
  name: 'campaignData',
  defaultValue: () => null,
  decode: (raw) => decodeCampaignData(parseJson(raw)),
  serialize: (value) => (value === null ? null : JSON.stringify(value)),
});

// ---------------------------------------------------------------------------------------------
// cookieConsent

/** spec §3: the cookie-consent choice; null while the user has not chosen. */
export type CookieConsent = 'accepted' | 'refused' | null;

const cookieConsentKey = defineKey<CookieConsent>({
  name: 'cookieConsent',
  defaultValue: () => null,
  decode(raw) {
    const value = unquote(raw);
    return value === 'accepted' || value === 'refused' ? value : undefined;
  },
  serialize: (value) => value,
});

// ---------------------------------------------------------------------------------------------

/** spec §3 "Local browser storage": every key the app stores, with its default. */
export const storageKeys = {
  settings: settingsKey,
  searchFilters: searchFiltersKey,
  bannerClosed: bannerClosedKey,
  currency: currencyKey,
  travellers: travellersKey,
  campaignData: campaignDataKey,
  cookieConsent: cookieConsentKey,
} as const;

export type StorageKeyId = keyof typeof storageKeys;

/** The value type of a registry entry. */
export type StorageValue<K> = K extends StorageKey<infer T> ? T : never;

/** spec §4: keys of an older version of the site, removed at start (customer fee and branch). */
export const obsoleteStorageKeys: readonly string[] = ['customerFee', 'branch'];
