import { getTranslations } from 'next-intl/server';
import formStyles from '@/components/forms/forms.module.css';
import { listEditorPhotos } from '@/lib/db/queries/trip-photos';
import type { Locale } from '@/lib/locales';
import { PHOTOS_PER_TRIP } from '@/lib/media/pipeline-shape';
import { cx } from '@/components/ui/cx';
import { PhotoUploaderOnView } from './photo-uploader-on-view';
import { PhotoThumb } from './photo-thumb';
import styles from './photo-uploader.module.css';

/**
 * The photos section of a trip's editor: heading, what a photo needs, and the uploader with the
 * trip's photos. Mount it only for someone who may edit the trip (the photo API checks again).
 * Until the uploader's script loads, and without JavaScript, the photos are listed as they stand.
 */
export async function TripPhotosEditor({ tripId, locale }: { tripId: number; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'PhotoUploader' });
  const photos = await listEditorPhotos(tripId);
  const standing = (
    <div className={styles.uploader}>
      <p className={styles.count}>{t('count', { count: photos.length, max: PHOTOS_PER_TRIP })}</p>
      <p className={cx(styles.hint, formStyles.withoutScript)}>{t('needsJavaScript')}</p>
      <ol className={styles.list} data-testid="photo-list-standing">
        {photos.map((photo) => (
          <li key={photo.id} className={styles.item} data-photo-id={photo.id}>
            <PhotoThumb photo={photo} alt={photo.alt[locale] ?? ''} cover={photo.isCover ? t('cover') : null} status={photo.ready ? t('ready') : t('needsAlt')} />
          </li>
        ))}
      </ol>
    </div>
  );
  return (
    <section aria-labelledby="photos-title" data-testid="trip-photos-editor">
      <h2 id="photos-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <PhotoUploaderOnView tripId={tripId} initialPhotos={photos} standing={standing} />
    </section>
  );
}
