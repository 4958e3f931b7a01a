import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * Where photo derivatives are kept: a folder on disk (default `.data/media`) or an S3-compatible
 * bucket. Keys are made by the app, never from an uploaded file's name (`newPhotoKey`).
 */
export type StoredObject = { bytes: Uint8Array; contentType: string };

export interface ObjectStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  delete(keys: readonly string[]): Promise<void>;
}

/** `{folder}/{22 random base64url chars}`: the base of one photo's derivatives (`{base}/{width}.{format}`); `photos` for trips, `reviews` for reviews. */
export const newPhotoKey = (folder: 'photos' | 'reviews' = 'photos'): string => `${folder}/${randomBytes(16).toString('base64url')}`;

const keyPattern = /^[a-z]+\/[A-Za-z0-9_-]{10,64}(\/[0-9]{1,5}\.[a-z]{3,4})?$/;
/** Only keys of the shape this app makes: nothing else ever reaches a path or a bucket. */
export const isObjectKey = (key: string): boolean => keyPattern.test(key);

function checked(key: string): string {
  if (!isObjectKey(key)) throw new Error('bad object key');
  return key;
}

const CONTENT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp' };

/** The disk store: one file per object, written to a temporary name then renamed (a reader never sees half a file). */
export function diskObjectStore(root: string): ObjectStore {
  const file = (key: string) => path.join(root, checked(key));
  return {
    async put(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async get(key) {
      try {
        const bytes = await readFile(file(key));
        return { bytes, contentType: CONTENT_TYPES[key.split('.').at(-1) ?? ''] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(file(key), { force: true })));
    },
  };
}

export type S3Settings = { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };

/** The S3-compatible store (AWS, R2, MinIO, …) through the official SDK. */
export function s3ObjectStore(settings: S3Settings): ObjectStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;
  return {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: bytes, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        if (!answer.Body) return null;
        return { bytes: await answer.Body.transformToByteArray(), contentType: answer.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(keys) {
      if (keys.length === 0) return;
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((key) => ({ Key: checked(key) })), Quiet: true } }));
    },
  };
}

/** The store a configuration names: the bucket when `bucket` is set, else the folder `dir` (both from lib/env.ts's MEDIA_* settings). */
export function objectStoreFrom(settings: { dir: string; s3?: S3Settings | null }): ObjectStore {
  return settings.s3 ? s3ObjectStore(settings.s3) : diskObjectStore(path.resolve(settings.dir));
}
