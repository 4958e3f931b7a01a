import { TripPhoto } from '@/components/media/trip-photo';
import { photoUrl, type PhotoView } from '@/lib/media/photo-urls';
import styles from './reviews.module.css';

/**
 * A review's photos as small thumbnails (AVIF/WebP, lazy, their box reserved by width and height),
 * each a plain link to its largest WebP: no script needed. Nothing without photos.
 */
export function ReviewPhotos({ photos, label }: { photos: readonly PhotoView[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className={styles.photos} aria-label={label} data-testid="review-photos">
      {photos.map((photo) => (
        <li key={photo.storageKey}>
          <a href={photoUrl(photo.storageKey, photo.widths[photo.widths.length - 1]!, 'webp')} className={styles.photoLink}>
            <TripPhoto photo={photo} alt={photo.alt} sizes="8rem" fallbackWidth={480} className={styles.photo} />
          </a>
        </li>
      ))}
    </ul>
  );
}
