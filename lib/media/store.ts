import 'server-only';
import path from 'node:path';
import { env } from '../env';
import { diskObjectStore, s3ObjectStore, type ObjectStore } from './object-store';

const globalForStore = globalThis as unknown as { cordeeMediaStore?: ObjectStore };

/** The photo store from env: the S3-compatible bucket when MEDIA_S3_BUCKET is set, else the folder MEDIA_DIR. */
export function mediaStore(): ObjectStore {
  globalForStore.cordeeMediaStore ??= env.MEDIA_S3_BUCKET
    ? s3ObjectStore({
        bucket: env.MEDIA_S3_BUCKET,
        region: env.MEDIA_S3_REGION,
        endpoint: env.MEDIA_S3_ENDPOINT,
        accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
        secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE === '1',
      })
    : diskObjectStore(path.resolve(env.MEDIA_DIR));
  return globalForStore.cordeeMediaStore;
}
