'use client';

import { useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { EditorPhoto } from '@/lib/db/trip-photo-rows';
import { PHOTOS_PER_TRIP } from '@/lib/media/pipeline-shape';
import { callPhotoApi, uploadPhoto, type PhotoAnswer } from './photo-api';
import { PhotoItem } from './photo-item';
import styles from './photo-uploader.module.css';

type Upload = { id: number; name: string; progress: number };

/**
 * A trip's photos for its guide (or support): several files at once, each with its upload's
 * progress; each photo's alt text in every language (a photo is shown once it has them all);
 * the cover; the order by drag or by the move buttons; delete. Self-contained: give it the trip's
 * id and its photos (listEditorPhotos), inside a PhotoUploader message provider.
 */
export function PhotoUploader({ tripId, initialPhotos }: { tripId: number; initialPhotos: EditorPhoto[] }) {
  const t = useTranslations('PhotoUploader');
  const [photos, setPhotos] = useState(initialPhotos);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const dragged = useRef<number | null>(null);
  const nextUpload = useRef(0);
  const inputId = useId();

  const apply = (answer: PhotoAnswer, name?: string) => {
    if (answer.ok) setPhotos(answer.photos);
    else setErrors((list) => [...list, name ? t('fileError', { name, error: t(`errors.${errorKey(answer.error)}`) }) : t(`errors.${errorKey(answer.error)}`)]);
    return answer.ok;
  };

  // The guide's changes reach the server one at a time, in the order made: each answer is the list
  // after every earlier change, so a quick "move" then "cover" cannot end on the move's older list.
  const changes = useRef<Promise<unknown>>(Promise.resolve());
  const change = (call: () => Promise<PhotoAnswer>) => {
    const answer = changes.current.then(call);
    changes.current = answer;
    return answer.then((result) => apply(result));
  };

  const upload = async (files: File[]) => {
    setErrors([]);
    // One request per file, two at a time: each has its own progress, and one refusal stops no other.
    const queue = files.map((file) => ({ file, id: nextUpload.current++ }));
    setUploads((list) => [...list, ...queue.map(({ file, id }) => ({ id, name: file.name, progress: 0 }))]);
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const { file, id } = item;
        const answer = await uploadPhoto(tripId, file, (progress) => setUploads((list) => list.map((entry) => (entry.id === id ? { ...entry, progress } : entry))));
        setUploads((list) => list.filter((entry) => entry.id !== id));
        if (answer.ok) setPhotos((list) => [...list, ...answer.photos.filter((photo) => !list.some((known) => known.id === photo.id))]);
        else apply(answer, file.name);
      }
    };
    await Promise.all([worker(), worker()]);
    // Answers arrive in any order: the list as stored (positions, cover) once the batch is done.
    const stored = await callPhotoApi(tripId, 'GET', '');
    if (stored.ok) setPhotos(stored.photos);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= photos.length || from === to) return;
    const order = photos.map((photo) => photo.id);
    const [id] = order.splice(from, 1);
    order.splice(to, 0, id!);
    setPhotos((list) => order.map((photoId) => list.find((photo) => photo.id === photoId)!));
    void change(() => callPhotoApi(tripId, 'PUT', '', { order }));
  };

  return (
    <div className={styles.uploader} data-testid="photo-uploader">
      <p className={styles.count}>{t('count', { count: photos.length, max: PHOTOS_PER_TRIP })}</p>
      <label htmlFor={inputId} className={styles.choose}>
        {t('choose')}
      </label>
      <input
        id={inputId}
        className={styles.file}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        multiple
        disabled={photos.length >= PHOTOS_PER_TRIP}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length > 0) void upload(files);
        }}
      />
      <p className={styles.hint}>{t('hint')}</p>
      {uploads.length > 0 ? (
        <ul className={styles.uploads} aria-label={t('uploading')}>
          {uploads.map((entry) => (
            <li key={entry.id}>
              <span>{entry.name}</span> <progress max={1} value={entry.progress} aria-label={t('progress', { name: entry.name })} />
            </li>
          ))}
        </ul>
      ) : null}
      <div role="alert" className={styles.errors} data-testid="photo-errors">
        {errors.map((error, index) => (
          <p key={index}>{error}</p>
        ))}
      </div>
      {photos.length > 0 ? <p className={styles.hint}>{t('orderHint')}</p> : null}
      <ol className={styles.list} data-testid="photo-list">
        {photos.map((photo, index) => (
          <PhotoItem
            key={photo.id}
            photo={photo}
            index={index}
            total={photos.length}
            onMove={(to) => move(index, to)}
            onDragStart={() => (dragged.current = index)}
            onDrop={() => dragged.current !== null && move(dragged.current, index)}
            onCover={() => void change(() => callPhotoApi(tripId, 'PATCH', `/${photo.id}`, { cover: true }))}
            onDelete={() => void change(() => callPhotoApi(tripId, 'DELETE', `/${photo.id}`))}
            onAlt={(alt) => change(() => callPhotoApi(tripId, 'PATCH', `/${photo.id}`, { alt }))}
          />
        ))}
      </ol>
    </div>
  );
}

const KNOWN_ERRORS = new Set(['tooLarge', 'notAnImage', 'unsupportedType', 'tooManyPixels', 'tooSmall', 'unreadable', 'tooManyPhotos', 'tooManyFiles', 'noFile', 'rateLimited', 'busy', 'crossOrigin', 'signedOut', 'notYourTrip', 'staleList', 'altRequired', 'network']);
/** A refusal's message key; anything unforeseen is the general failure. */
const errorKey = (error: string) => (KNOWN_ERRORS.has(error) ? (error as 'tooLarge') : 'failed');
