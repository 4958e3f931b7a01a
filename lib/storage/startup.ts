/**
 * Rules applied to local storage when the app starts (spec §4 "Local storage at start").
 */
import { DEFAULT_TRAVELLERS, obsoleteStorageKeys, storageKeys } from './keys';
import { getStorage, hasValidStorage, removeRaw, writeStorage, type StorageLike } from './storage';

/**
 * spec §4 "Local storage at start", idempotent:
 * - creates settings `{ version: '1.0.0' }` when missing (or unparsable);
 * - sets travellers to 2 when absent or zero (or any other invalid count);
 * - removes the stored customer-fee and branch values.
 * Returns false when storage is unavailable or a step failed; never throws.
 */
export function runStartupRules(storage?: StorageLike | null): boolean {
  const area = storage === undefined ? getStorage() : storage;
  if (!area) return false;
  let ok = true;
  if (!hasValidStorage(storageKeys.settings, area)) {
    ok = writeStorage(storageKeys.settings, storageKeys.settings.defaultValue(), area) && ok;
  }
  if (!hasValidStorage(storageKeys.travellers, area)) {
    ok = writeStorage(storageKeys.travellers, DEFAULT_TRAVELLERS, area) && ok;
  }
  for (const name of obsoleteStorageKeys) ok = removeRaw(name, area) && ok;
  return ok;
}
