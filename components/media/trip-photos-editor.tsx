import { getTranslations } from 'next-intl/server';
import { FormMessages } from '@/components/forms/form-messages';
import { listEditorPhotos } from '@/lib/db/queries/trip-photos';
import type { Locale } from '@/lib/locales';
import { PhotoUploaderOnView } from './photo-uploader-on-view';

/**
 * The photos section of a trip's editor: heading, what a photo needs, and the uploader with the
 * trip's photos. Mount it only for someone who may edit the trip (the photo API checks again).
 */
export async function TripPhotosEditor({ tripId, locale }: { tripId: number; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'PhotoUploader' });
  const photos = await listEditorPhotos(tripId);
  return (
    <section aria-labelledby="photos-title" data-testid="trip-photos-editor">
      <h2 id="photos-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <FormMessages namespaces={['PhotoUploader']}>
        <PhotoUploaderOnView tripId={tripId} initialPhotos={photos} />
      </FormMessages>
    </section>
  );
}
