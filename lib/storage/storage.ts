/**
 * Safe access to localStorage (spec §3 "Local browser storage"). Nothing here ever throws:
 * without storage (server rendering, disabled storage, Safari private mode) reads return the
 * key's default and writes return false.
 */
import type { StorageKey } from './keys';

/** The part of the Web Storage API this module uses; tests inject their own. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

/**
 * spec §3: the browser's localStorage, or null when there is none (server rendering) or when
 * reaching it throws (disabled storage: `window.localStorage` itself can throw SecurityError).
 */
export function getStorage(): StorageLike | null {
  try {
    if (typeof window === 'undefined') return null;
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The storage to use: the one given (null: none), or else the browser's. */
function resolve(storage: StorageLike | null | undefined): StorageLike | null {
  return storage === undefined ? getStorage() : storage;
}

/** spec §3: the raw stored string of a key name, or null when absent or unreadable. */
export function readRaw(name: string, storage?: StorageLike | null): string | null {
  const area = resolve(storage);
  if (!area) return null;
  try {
    const raw = area.getItem(name);
    return typeof raw === 'string' ? raw : null;
  } catch {
    return null;
  }
}

/** spec §3: a key's stored value, or its default when absent, invalid or unreadable. */
export function readStorage<T>(key: StorageKey<T>, storage?: StorageLike | null): T {
  return key.parse(readRaw(key.name, storage));
}

/**
 * spec §3: whether a key holds a valid value (false when absent, unparsable or unreadable).
 */
export function hasValidStorage<T>(key: StorageKey<T>, storage?: StorageLike | null): boolean {
  const raw = readRaw(key.name, storage);
  if (raw === null) return false;
  try {
    return key.decode(raw) !== undefined;
  } catch {
    return false;
  }
}

/**
 * spec §3: stores a key's value; false when it could not (no storage, QuotaExceededError,
 * or a value the key rejects, which leaves the stored value unchanged).
 * A value that serializes to null (e.g. a currency of null) removes the key.
 */
export function writeStorage<T>(key: StorageKey<T>, value: T, storage?: StorageLike | null): boolean {
  let serialized: string | null;
  try {
    serialized = key.serialize(value);
    if (serialized !== null && key.decode(serialized) === undefined) return false;
  } catch {
    return false;
  }
  if (serialized === null) return removeRaw(key.name, storage);
  const area = resolve(storage);
  if (!area) return false;
  try {
    area.setItem(key.name, serialized);
    return true;
  } catch {
    return false;
  }
}

/** spec §3/§4: removes a key name from storage; false when storage is unavailable or throws. */
export function removeRaw(name: string, storage?: StorageLike | null): boolean {
  const area = resolve(storage);
  if (!area) return false;
  try {
    area.removeItem(name);
    return true;
  } catch {
    return false;
  }
}

/** spec §3: removes a key, so it reads as its default; false when it could not. */
export function removeStorage<T>(key: StorageKey<T>, storage?: StorageLike | null): boolean {
  return removeRaw(key.name, storage);
}

/** spec §4: on a fatal rendering error, clears local storage entirely; false when it could not. */
export function clearAllStorage(storage?: StorageLike | null): boolean {
  const area = resolve(storage);
  if (!area) return false;
  try {
    area.clear();
    return true;
  } catch {
    return false;
  }
}
