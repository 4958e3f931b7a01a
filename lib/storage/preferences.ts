/**
 * Named helpers over the storage registry (spec §3 "Local browser storage").
 * Every helper takes an optional storage (null: none) and otherwise uses the browser's.
 */
import { storageKeys, type CookieConsent, type SearchFilterState, type Settings } from './keys';
import { readStorage, writeStorage, type StorageLike } from './storage';

/** spec §3: the settings object; `{ version: '1.0.0' }` when missing or unparsable. */
export function getSettings(storage?: StorageLike | null): Settings {
  return readStorage(storageKeys.settings, storage);
}

/** spec §3/§4: stored traveller count; 2 when absent, zero, negative or not an integer. */
export function getTravellers(storage?: StorageLike | null): number {
  return readStorage(storageKeys.travellers, storage);
}

/** spec §3: stores the traveller count; false (nothing written) unless it is a positive integer. */
export function setTravellers(count: number, storage?: StorageLike | null): boolean {
  return writeStorage(storageKeys.travellers, count, storage);
}

/**
 * spec §3: the chosen ISO currency code, or null for "no choice"
 * (absent, "null", "undefined", "local", empty, or not a three-letter code).
 */
export function getCurrency(storage?: StorageLike | null): string | null {
  return readStorage(storageKeys.currency, storage);
}

/**
 * spec §3: stores the chosen currency (upper-cased); null removes the choice.
 * False when it could not, or when the code is not three letters (nothing written).
 */
export function setCurrency(code: string | null, storage?: StorageLike | null): boolean {
  return writeStorage(storageKeys.currency, code, storage);
}

/** spec §3 "Search filter state": the saved search state; `{}` when none or invalid. */
export function getSearchFilters(storage?: StorageLike | null): SearchFilterState {
  return readStorage(storageKeys.searchFilters, storage);
}

/** spec §3 "Search filter state": saves the search state (invalid fields are dropped). */
export function setSearchFilters(state: SearchFilterState, storage?: StorageLike | null): boolean {
  return writeStorage(storageKeys.searchFilters, state, storage);
}

/** spec §3: whether the user closed the banner; false by default. */
export function isBannerClosed(storage?: StorageLike | null): boolean {
  return readStorage(storageKeys.bannerClosed, storage);
}

/** spec §3: remembers that the user closed the banner. */
export function closeBanner(storage?: StorageLike | null): boolean {
  return writeStorage(storageKeys.bannerClosed, true, storage);
}

/** spec §3: the cookie-consent choice, or null when the user has not chosen. */
export function getCookieConsent(storage?: StorageLike | null): CookieConsent {
  return readStorage(storageKeys.cookieConsent, storage);
}

/** spec §3: stores the cookie-consent choice; null forgets it (the user is asked again). */
export function setCookieConsent(consent: CookieConsent, storage?: StorageLike | null): boolean {
  return writeStorage(storageKeys.cookieConsent, consent, storage);
}
