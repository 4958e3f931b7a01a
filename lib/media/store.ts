import 'server-only';
import { env } from '../env';
import { mediaStoreSettings } from './store-settings';
import { objectStoreFrom, type ObjectStore } from './object-store';

const globalForStore = globalThis as unknown as { cordeeMediaStore?: ObjectStore };

/** The photo store from env: the S3-compatible bucket when MEDIA_S3_BUCKET is set, else the folder MEDIA_DIR. */
export function mediaStore(): ObjectStore {
  globalForStore.cordeeMediaStore ??= objectStoreFrom(mediaStoreSettings(env));
  return globalForStore.cordeeMediaStore;
}
