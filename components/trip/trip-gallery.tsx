import { preload } from 'react-dom';
import { TripPhoto } from '@/components/media/trip-photo';
import { photoSrcSet, photoUrl, type PhotoView } from '@/lib/media/photo-urls';
import { GalleryViewer, type GalleryViewerLabels } from './gallery-viewer';
import styles from './trip-gallery.module.css';

const GALLERY_ID = 'trip-photos';
// How wide each cell is drawn: the first photo half the content (1200 px) on desktop, nearly the screen on phones.
const FIRST_SIZES = '(max-width: 767.98px) 88vw, min(50vw, 600px)';
const OTHER_SIZES = '(max-width: 767.98px) 88vw, min(25vw, 300px)';

/**
 * The trip's own photos: the first (the cover) large and preloaded as the page's largest picture,
 * up to four beside it; a swipeable strip on phones. Each is a link to the photo itself, which
 * the viewer opens in a dialog (arrows, Escape) once its script runs.
 */
export function TripGallery({ photos, label, openLabels, viewer }: { photos: PhotoView[]; label: string; openLabels: string[]; viewer: GalleryViewerLabels }) {
  const first = photos[0]!;
  // The LCP element: fetched from the document's head at the width the browser will pick.
  preload(photoUrl(first.storageKey, first.widths.at(-1)!, 'avif'), { as: 'image', type: 'image/avif', imageSrcSet: photoSrcSet(first, 'avif'), imageSizes: FIRST_SIZES, fetchPriority: 'high' });
  return (
    <>
      {/* Scrollable on phones, so it takes focus for keyboard scrolling. */}
      <div id={GALLERY_ID} className={styles.gallery} data-count={Math.min(photos.length, 5)} data-testid="gallery" role="region" aria-label={label} tabIndex={0}>
        {photos.map((photo, index) => (
          <a key={photo.storageKey} href={photoUrl(photo.storageKey, photo.widths.at(-1)!, 'webp')} data-gallery-index={index} aria-label={openLabels[index]}>
            <TripPhoto photo={photo} alt={photo.alt} sizes={index === 0 ? FIRST_SIZES : OTHER_SIZES} fallbackWidth={index === 0 ? 960 : 480} fetchPriority={index === 0 ? 'high' : 'low'} />
          </a>
        ))}
      </div>
      <GalleryViewer galleryId={GALLERY_ID} photos={photos} labels={viewer} />
    </>
  );
}
