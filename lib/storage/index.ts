/**
 * lib/storage: the one module that owns every localStorage key and its default
 * (spec §3 "Local browser storage", §4 "Local storage at start"). It never throws.
 */
export {
  DEFAULT_TRAVELLERS,
  SETTINGS_VERSION,
  isValidTravellers,
  obsoleteStorageKeys,
  storageKeys,
  type CampaignData,
  type CookieConsent,
  type SearchFilterState,
  type Settings,
  type StorageKey,
  type StorageKeyId,
  type StorageValue,
} from './keys';
export {
  clearAllStorage,
  getStorage,
  hasValidStorage,
  readRaw,
  readStorage,
  removeRaw,
  removeStorage,
  writeStorage,
  type StorageLike,
} from './storage';
export {
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
} from './preferences';
export { captureCampaignData, extractUtmParams, getCampaignData } from './campaign';
export { runStartupRules } from './startup';
export { clearFormDraft, flattenDraft, readFormDraft, writeFormDraft, type FormDraft } from './drafts';
