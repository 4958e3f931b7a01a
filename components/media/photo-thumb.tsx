import type { EditorPhoto } from '@/lib/db/trip-photo-rows';
import { TripPhoto } from './trip-photo';
import styles from './photo-uploader.module.css';

/**
 * A photo in the editor's list: its thumbnail and where it stands (the cover; shown on the trip
 * page, or waiting for its alt texts). Drawn by the uploader and by the server's list before it.
 */
export function PhotoThumb({ photo, alt, cover, status }: { photo: EditorPhoto; alt: string; cover: string | null; status: string }) {
  return (
    <div className={styles.thumb}>
      <TripPhoto photo={photo} alt={alt} sizes="160px" fallbackWidth={480} />
      <p className={styles.status}>
        {cover ? <strong data-testid="photo-cover">{cover}</strong> : null} {status}
      </p>
    </div>
  );
}
