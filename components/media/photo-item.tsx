'use client';

import { useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { EditorPhoto } from '@/lib/db/trip-photo-rows';
import { locales, localeLabels, type Locale } from '@/lib/locales';
import { PhotoThumb } from './photo-thumb';
import styles from './photo-uploader.module.css';

type Props = {
  photo: EditorPhoto;
  index: number;
  total: number;
  onMove: (to: number) => void;
  onDragStart: () => void;
  onDrop: () => void;
  onCover: () => void;
  onDelete: () => void;
  onAlt: (alt: Record<Locale, string>) => Promise<boolean>;
};

/** One photo in the uploader: its picture, its alt text in every language, cover, order and delete. */
export function PhotoItem({ photo, index, total, onMove, onDragStart, onDrop, onCover, onDelete, onAlt }: Props) {
  const t = useTranslations('PhotoUploader');
  const pageLocale = useLocale() as Locale;
  const [saved, setSaved] = useState(false);
  const number = index + 1;

  const saveAlt = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const alt = Object.fromEntries(locales.map((locale) => [locale, String(form.get(locale) ?? '')])) as Record<Locale, string>;
    setSaved(await onAlt(alt));
  };

  return (
    <li
      className={styles.item}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        onDrop();
      }}
      data-testid="photo-item"
      data-photo-id={photo.id}
    >
      <PhotoThumb photo={photo} alt={photo.alt[pageLocale] ?? ''} cover={photo.isCover ? t('cover') : null} status={photo.ready ? t('ready') : t('needsAlt')} />
      <form className={styles.alt} onSubmit={saveAlt} onChange={() => setSaved(false)}>
        {locales.map((locale) => (
          <label key={locale}>
            <span>{t('altLabel', { language: localeLabels[locale] })}</span>
            <input name={locale} lang={locale} defaultValue={photo.alt[locale] ?? ''} required maxLength={200} />
          </label>
        ))}
        <div className={styles.actions}>
          <button type="submit">{t('saveAlt', { number })}</button>
          {saved ? <span role="status">{t('saved')}</span> : null}
        </div>
      </form>
      <div className={styles.actions}>
        <button type="button" onClick={() => onMove(index - 1)} disabled={index === 0}>
          {t('moveUp', { number })}
        </button>
        <button type="button" onClick={() => onMove(index + 1)} disabled={index === total - 1}>
          {t('moveDown', { number })}
        </button>
        {photo.isCover ? null : (
          <button type="button" onClick={onCover}>
            {t('makeCover', { number })}
          </button>
        )}
        <button type="button" onClick={onDelete}>
          {t('delete', { number })}
        </button>
      </div>
    </li>
  );
}

