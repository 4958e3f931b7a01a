import type { Env } from '../env';
import type { S3Settings } from './object-store';

/** The photo store's settings from env (MEDIA_*): a bucket when MEDIA_S3_BUCKET is set, else the folder. */
export function mediaStoreSettings(env: Pick<Env, 'MEDIA_DIR' | 'MEDIA_S3_BUCKET' | 'MEDIA_S3_ENDPOINT' | 'MEDIA_S3_REGION' | 'MEDIA_S3_ACCESS_KEY_ID' | 'MEDIA_S3_SECRET_ACCESS_KEY' | 'MEDIA_S3_FORCE_PATH_STYLE'>): { dir: string; s3: S3Settings | null } {
  return {
    dir: env.MEDIA_DIR,
    s3: env.MEDIA_S3_BUCKET
      ? {
          bucket: env.MEDIA_S3_BUCKET,
          region: env.MEDIA_S3_REGION,
          endpoint: env.MEDIA_S3_ENDPOINT,
          accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
          secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE === '1',
        }
      : null,
  };
}
